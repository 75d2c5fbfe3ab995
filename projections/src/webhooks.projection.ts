import { z } from 'zod';
import { IntegrationEventTypeSchema } from '@appointment/contracts/integration-events';
import { parseEvent } from './parse-event';
import type { Projection } from './projection';

const Fields = z.object({
  webhookId: z.string(),
  providerId: z.string(),
  name: z.string(),
  url: z.string(),
  eventTypes: z.array(IntegrationEventTypeSchema),
  active: z.boolean(),
  at: z.string(),
});

const SHAPES: Record<string, z.ZodType> = {
  WebhookCreated: Fields.extend({ secret: z.string() }),
  WebhookEdited: Fields,
  WebhookDeleted: z.object({ webhookId: z.string(), at: z.string() }),
  WebhookSecretRotated: z.object({ webhookId: z.string(), secret: z.string(), at: z.string() }),
  WebhookDisabled: z.object({ webhookId: z.string(), failedInARow: z.number(), at: z.string() }),
};

/**
 * Each provider's webhooks (issue 10): what the screen lists and what the delivery reactor
 * fans events out to. The signing secret is kept here for the delivery worker; no answer of the
 * API ever carries it after the one that created or rotated it.
 */
export const webhooksProjection: Projection = {
  name: 'webhooks',
  version: 1,
  createTables: (schema) => `
    CREATE TABLE ${schema}.webhooks (
      id text PRIMARY KEY,
      provider_id text NOT NULL,
      name text NOT NULL,
      url text NOT NULL,
      event_types text[] NOT NULL,
      active boolean NOT NULL,
      disabled_reason text,
      secret text NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    );
    CREATE INDEX ON ${schema}.webhooks (provider_id);
  `,
  apply: async (event, { db, schema }) => {
    const d = parseEvent('webhooks', SHAPES, event);
    if (!d) return;
    switch (event.type) {
      case 'WebhookCreated':
        await db.query(
          `INSERT INTO ${schema}.webhooks
             (id, provider_id, name, url, event_types, active, secret, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) ON CONFLICT (id) DO NOTHING`,
          [d.webhookId, d.providerId, d.name, d.url, d.eventTypes, d.active, d.secret, d.at],
        );
        return;
      case 'WebhookEdited':
        await db.query(
          `UPDATE ${schema}.webhooks SET name = $2, url = $3, event_types = $4, active = $5,
             disabled_reason = CASE WHEN $5 THEN NULL ELSE disabled_reason END, updated_at = $6
           WHERE id = $1`,
          [d.webhookId, d.name, d.url, d.eventTypes, d.active, d.at],
        );
        return;
      case 'WebhookDeleted':
        await db.query(`DELETE FROM ${schema}.webhooks WHERE id = $1`, [d.webhookId]);
        return;
      case 'WebhookSecretRotated':
        await db.query(`UPDATE ${schema}.webhooks SET secret = $2, updated_at = $3 WHERE id = $1`, [
          d.webhookId,
          d.secret,
          d.at,
        ]);
        return;
      case 'WebhookDisabled':
        await db.query(
          `UPDATE ${schema}.webhooks SET active = false, disabled_reason = $2, updated_at = $3 WHERE id = $1`,
          [d.webhookId, `${d.failedInARow} failed deliveries in a row`, d.at],
        );
        return;
    }
  },
};
