import { WEBHOOK_EVENTS } from '@appointment/contracts/events/webhooks';
import { readEvent } from './parse-event';
import type { Projection } from './projection';

/**
 * Each provider's webhooks: what the screen lists and what the delivery reactor
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
    const read = readEvent('webhooks', WEBHOOK_EVENTS, event);
    if (!read) return;
    switch (read.type) {
      case 'WebhookCreated':
        await db.query(
          `INSERT INTO ${schema}.webhooks
             (id, provider_id, name, url, event_types, active, secret, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) ON CONFLICT (id) DO NOTHING`,
          [
            read.data.webhookId,
            read.data.providerId,
            read.data.name,
            read.data.url,
            read.data.eventTypes,
            read.data.active,
            read.data.secret,
            read.data.at,
          ],
        );
        return;
      case 'WebhookEdited':
        await db.query(
          `UPDATE ${schema}.webhooks SET name = $2, url = $3, event_types = $4, active = $5,
             disabled_reason = CASE WHEN $5 THEN NULL ELSE disabled_reason END, updated_at = $6
           WHERE id = $1`,
          [
            read.data.webhookId,
            read.data.name,
            read.data.url,
            read.data.eventTypes,
            read.data.active,
            read.data.at,
          ],
        );
        return;
      case 'WebhookDeleted':
        await db.query(`DELETE FROM ${schema}.webhooks WHERE id = $1`, [read.data.webhookId]);
        return;
      case 'WebhookSecretRotated':
        await db.query(`UPDATE ${schema}.webhooks SET secret = $2, updated_at = $3 WHERE id = $1`, [
          read.data.webhookId,
          read.data.secret,
          read.data.at,
        ]);
        return;
      case 'WebhookDisabled':
        await db.query(
          `UPDATE ${schema}.webhooks SET active = false, disabled_reason = $2, updated_at = $3 WHERE id = $1`,
          [read.data.webhookId, `${read.data.failedInARow} failed deliveries in a row`, read.data.at],
        );
        return;
    }
  },
};
