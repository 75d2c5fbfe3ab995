import { createHash } from 'node:crypto';
import type pg from 'pg';
import { migrateSchema } from '@appointment/projections/db/transaction';
import type { WebhookDelivery, WebhookDeliveryStatus } from '@appointment/contracts/webhooks';

/**
 * The delivery log: one row per (webhook, public event), written by the dispatch reactor when
 * it enqueues the delivery and by the worker after each attempt. It is an operational log
 * rather than a projection of the event store: an attempt's outcome is not a business fact
 * worth a stream of its own, and a rebuild could not know it. The run of failed deliveries
 * that disables a webhook is counted here too.
 */
export const WEBHOOK_LOG_SCHEMA = 'webhook_log';

/**
 * Creates the log's tables if missing. The API, projector and worker processes start together:
 * under one advisory lock, so two `CREATE SCHEMA IF NOT EXISTS` never race (one would fail on
 * the catalogue's unique index).
 */
export const migrateWebhookLog = (pool: pg.Pool): Promise<void> =>
  migrateSchema(
    pool,
    WEBHOOK_LOG_SCHEMA,
    `
    CREATE SCHEMA IF NOT EXISTS ${WEBHOOK_LOG_SCHEMA};
    CREATE TABLE IF NOT EXISTS ${WEBHOOK_LOG_SCHEMA}.deliveries (
      id text PRIMARY KEY,
      webhook_id text NOT NULL,
      provider_id text NOT NULL,
      event_id text NOT NULL,
      event_type text NOT NULL,
      payload text NOT NULL,
      status text NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      redeliveries integer NOT NULL DEFAULT 0,
      last_status_code integer,
      last_latency_ms integer,
      last_response text,
      last_attempt_at timestamptz,
      next_attempt_at timestamptz,
      committed_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL
    );
    -- The job of first attempts that sends it (webhook-delivery.ts); 'redelivery' when an admin asked.
    ALTER TABLE ${WEBHOOK_LOG_SCHEMA}.deliveries ADD COLUMN IF NOT EXISTS claimed_by text;
    CREATE INDEX IF NOT EXISTS deliveries_by_webhook
      ON ${WEBHOOK_LOG_SCHEMA}.deliveries (webhook_id, created_at DESC);
    CREATE TABLE IF NOT EXISTS ${WEBHOOK_LOG_SCHEMA}.failure_runs (
      webhook_id text PRIMARY KEY,
      failed_in_a_row integer NOT NULL
    );
  `,
  );

/**
 * The `webhook-id` of a public event sent to a webhook: stable, so every retry, redelivery,
 * replay or rerun after a kill carries the same one and a receiver can drop repeats.
 */
export const deliveryIdOf = (webhookId: string, eventId: string): string =>
  `msg_${createHash('sha256').update(`${webhookId}\u0000${eventId}`).digest('base64url').slice(0, 32)}`;

interface DeliveryRow {
  id: string;
  webhook_id: string;
  event_id: string;
  event_type: WebhookDelivery['eventType'];
  status: WebhookDeliveryStatus;
  attempts: number;
  last_status_code: number | null;
  last_latency_ms: number | null;
  last_response: string | null;
  last_attempt_at: Date | null;
  next_attempt_at: Date | null;
  created_at: Date;
}

const toDelivery = (row: DeliveryRow): WebhookDelivery => ({
  id: row.id,
  webhookId: row.webhook_id,
  eventId: row.event_id,
  eventType: row.event_type,
  status: row.status,
  attempts: row.attempts,
  lastStatusCode: row.last_status_code,
  lastLatencyMs: row.last_latency_ms,
  lastResponse: row.last_response,
  lastAttemptAt: row.last_attempt_at?.toISOString() ?? null,
  nextAttemptAt: row.next_attempt_at?.toISOString() ?? null,
  createdAt: row.created_at.toISOString(),
});

/** The latest deliveries of a webhook, newest first. */
export const listDeliveries = async (
  pool: pg.Pool,
  webhookId: string,
  limit = 100,
): Promise<WebhookDelivery[]> => {
  const { rows } = await pool.query<DeliveryRow>(
    `SELECT * FROM ${WEBHOOK_LOG_SCHEMA}.deliveries WHERE webhook_id = $1
      ORDER BY created_at DESC, id LIMIT $2`,
    [webhookId, limit],
  );
  return rows.map(toDelivery);
};

export const findDelivery = async (
  pool: pg.Pool,
  webhookId: string,
  deliveryId: string,
): Promise<WebhookDelivery | undefined> => {
  const { rows } = await pool.query<DeliveryRow>(
    `SELECT * FROM ${WEBHOOK_LOG_SCHEMA}.deliveries WHERE webhook_id = $1 AND id = $2`,
    [webhookId, deliveryId],
  );
  return rows[0] && toDelivery(rows[0]);
};
