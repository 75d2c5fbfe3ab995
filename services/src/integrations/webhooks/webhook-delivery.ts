import { v5 as uuidv5 } from 'uuid';
import type pg from 'pg';
import { systemClock, type Clock } from '@appointment/contracts/clock';
import type { RecordedEvent } from '@appointment/contracts/events';
import {
  providerOf,
  toIntegrationEvents,
  type IntegrationEvent,
} from '@appointment/contracts/integration-events';
import {
  WEBHOOK_FAILURES_TO_DISABLE,
  WEBHOOK_MAX_RESPONSE_BYTES,
  WEBHOOK_RESPONSE_LOG_BYTES,
  WEBHOOK_TIMEOUT_MS,
} from '@appointment/contracts/webhooks';
import type { ApplyContext, Projection } from '@appointment/projections/projection';
import { commandMetadata, handleCommand } from '../../domain/command-handler';
import { webhookDecider, webhookStream } from '../../domain/webhooks/webhook.decider';
import type { EventStore } from '@appointment/contracts/event-store';
import { QUEUE_NAMES, type JobQueues } from '../../jobs/job-queues';
import { notificationsStream } from '../../notifications/notifications';
import { IntegrationError, type IntegrationClient } from '../client';
import { webhookHeaders } from './signature';
import { deliveryIdOf, WEBHOOK_LOG_SCHEMA } from './webhook-log';

/** One attempt to deliver one public event to one webhook. */
export interface WebhookJob {
  deliveryId: string;
  webhookId: string;
  providerId: string;
  eventId: string;
  eventType: IntegrationEvent['type'];
  /** The body, serialised once: every attempt sends the same bytes. */
  payload: string;
  /** When the internal event was recorded (commit-to-delivery latency). */
  committedAt: string;
  /** 1 for the first; retries count on. */
  attempt: number;
  /** A redelivery asked for by the admin: one attempt, no retries of its own. */
  redelivery?: number;
}

/** BullMQ job ids may not hold `:`; the ids here never do. */
export const webhookJobId = (job: Pick<WebhookJob, 'deliveryId' | 'attempt' | 'redelivery'>): string =>
  job.redelivery ? `wh-${job.deliveryId}-r${job.redelivery}` : `wh-${job.deliveryId}-${job.attempt}`;

const DISABLED_NAMESPACE = '9b7e1c2a-4d5f-4a8b-b6c3-1e2f3a4b5c6d';

export const WEBHOOK_DISABLED_TEXT = (name: string, failed: number) =>
  `Your webhook "${name}" was turned off after ${failed} failed deliveries in a row. Check its URL and switch it on again.`;

interface Subscriber {
  id: string;
  provider_id: string;
  event_types: string[];
}

/**
 * Follows the log (issue 10, docs/architecture.md §5 side effects): each internal event becomes
 * its public events (`toIntegrationEvents`), and each public event one delivery per active
 * webhook of its provider subscribed to its type: a row in the delivery log and a job whose id
 * comes from (webhook, event), so a replayed batch enqueues nothing twice. It reads
 * rm_webhooks, applied before it in the same batch. It also tells a provider's admins when one
 * of their webhooks was disabled, and starts a new run of failures when one is switched on again.
 */
export const webhookDispatcher = (store: EventStore, jobs: Pick<JobQueues, 'enqueueMany'>): Projection => {
  const applyBatch = async (events: RecordedEvent[], { db }: ApplyContext): Promise<void> => {
    const published = events.flatMap((event) =>
      toIntegrationEvents(event).map((publicEvent) => ({ source: event, publicEvent })),
    );
    if (published.length > 0) await dispatch(published, db);
    for (const event of events) {
      if (event.type === 'WebhookDisabled') await tellAdmins(event, db);
      if (event.type === 'WebhookEdited' && (event.data as { active?: boolean }).active) {
        const { webhookId } = event.data as { webhookId: string };
        await db.query(`DELETE FROM ${WEBHOOK_LOG_SCHEMA}.failure_runs WHERE webhook_id = $1`, [webhookId]);
      }
    }
  };

  const dispatch = async (
    published: { source: RecordedEvent; publicEvent: IntegrationEvent }[],
    db: pg.ClientBase,
  ): Promise<void> => {
    const providers = [...new Set(published.map(({ publicEvent }) => providerOf(publicEvent)))];
    const { rows } = await db.query<Subscriber>(
      `SELECT id, provider_id, event_types FROM rm_webhooks.webhooks
        WHERE provider_id = ANY($1::text[]) AND active`,
      [providers],
    );
    if (rows.length === 0) return;
    const jobsToSend: WebhookJob[] = published.flatMap(({ source, publicEvent }) =>
      rows
        .filter(
          (hook) =>
            hook.provider_id === providerOf(publicEvent) && hook.event_types.includes(publicEvent.type),
        )
        .map((hook) => ({
          deliveryId: deliveryIdOf(hook.id, publicEvent.id),
          webhookId: hook.id,
          providerId: hook.provider_id,
          eventId: publicEvent.id,
          eventType: publicEvent.type,
          payload: JSON.stringify(publicEvent),
          committedAt: source.createdAt,
          attempt: 1,
        })),
    );
    if (jobsToSend.length === 0) return;
    await db.query(
      `INSERT INTO ${WEBHOOK_LOG_SCHEMA}.deliveries
         (id, webhook_id, provider_id, event_id, event_type, payload, status, committed_at, created_at)
       SELECT id, webhook_id, provider_id, event_id, event_type, payload, 'pending', committed_at, now()
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::timestamptz[])
           AS t(id, webhook_id, provider_id, event_id, event_type, payload, committed_at)
       ON CONFLICT (id) DO NOTHING`,
      [
        jobsToSend.map((job) => job.deliveryId),
        jobsToSend.map((job) => job.webhookId),
        jobsToSend.map((job) => job.providerId),
        jobsToSend.map((job) => job.eventId),
        jobsToSend.map((job) => job.eventType),
        jobsToSend.map((job) => job.payload),
        jobsToSend.map((job) => job.committedAt),
      ],
    );
    // One round trip for the batch: the projector's transaction waits for it.
    await jobs.enqueueMany(
      QUEUE_NAMES.webhookDelivery,
      jobsToSend.map((job) => ({ name: 'deliver', data: job, options: { jobId: webhookJobId(job) } })),
    );
  };

  const tellAdmins = async (event: RecordedEvent, db: pg.ClientBase): Promise<void> => {
    const d = event.data as { providerId: string; name: string; failedInARow: number; at: string };
    const { rows } = await db.query<{ id: string }>(
      `SELECT id FROM rm_accounts.users WHERE provider_id = $1 AND role = 'admin' ORDER BY id`,
      [d.providerId],
    );
    await store.appendToStreams(
      rows.map(({ id: userId }) => {
        const notificationId = uuidv5(`${event.id}\u0001${userId}`, DISABLED_NAMESPACE);
        return {
          streamName: notificationsStream(userId),
          events: [
            {
              id: notificationId,
              type: 'NotificationCreated',
              data: {
                notificationId,
                userId,
                audience: 'admin',
                message: WEBHOOK_DISABLED_TEXT(d.name, d.failedInARow),
                at: d.at,
              },
              metadata: { causationId: event.id },
            },
          ],
        };
      }),
    );
  };

  return {
    name: 'webhook_dispatch',
    reactor: true,
    version: 1,
    createTables: () => '',
    apply: (event, context) => applyBatch([event], context),
    applyBatch,
  };
};

export interface WebhookDelivererOptions {
  pool: pg.Pool;
  store: EventStore;
  jobs: Pick<JobQueues, 'enqueue'>;
  client: IntegrationClient;
  /** The waits before each retry (WEBHOOK_RETRY_SCHEDULE). */
  retryScheduleMs: readonly number[];
  now?: Clock;
}

interface Target {
  url: string;
  secret: string;
  active: boolean;
}

/**
 * Runs one delivery attempt (a job of the webhook-delivery queue): signs the stored body with
 * the webhook's current secret, sends it through the integration client (10 s, 64 KB), logs
 * the outcome, and on failure enqueues the next attempt after the schedule's wait. A delivery
 * whose last attempt failed is failed; the 20th failed in a row disables the webhook. A worker
 * killed mid-attempt leaves the job to run again: the receiver hears the same `webhook-id`.
 */
export class WebhookDeliverer {
  private readonly now: Clock;

  constructor(private readonly options: WebhookDelivererOptions) {
    this.now = options.now ?? systemClock;
  }

  async deliver(job: WebhookJob): Promise<void> {
    const { pool, client } = this.options;
    const { rows } = await pool.query<Target>(
      'SELECT url, secret, active FROM rm_webhooks.webhooks WHERE id = $1',
      [job.webhookId],
    );
    const target = rows[0];
    if (!target || (!target.active && !job.redelivery)) {
      await this.record(job, {
        status: 'failed',
        code: null,
        latency: null,
        response: target ? 'Not sent: the webhook is switched off' : 'Not sent: the webhook was deleted',
      });
      return;
    }
    const sentAt = this.now();
    // `webhook-timestamp` is the wall clock's, never a pinned product clock: a receiver checks it
    // against its own clock to refuse replays (Standard Webhooks allows 5 minutes either way).
    const timestamp = Math.floor(Date.now() / 1000);
    const started = performance.now();
    try {
      const response = await client.send({
        url: target.url,
        method: 'POST',
        raw: { body: job.payload, contentType: 'application/json' },
        headers: webhookHeaders(target.secret, job.deliveryId, timestamp, job.payload),
        timeoutMs: WEBHOOK_TIMEOUT_MS,
        maxResponseBytes: WEBHOOK_MAX_RESPONSE_BYTES,
      });
      // A success ends the webhook's run of failed deliveries (in the same statement).
      await this.record(job, {
        status: 'succeeded',
        code: response.status,
        latency: response.latencyMs,
        response: response.body,
      });
    } catch (error) {
      if (!(error instanceof IntegrationError)) throw error;
      const latency = performance.now() - started;
      const response = error.response?.body ?? error.message;
      const code = error.response?.status ?? null;
      // An unsafe URL stays unsafe: no retry would reach it.
      const wait =
        error.kind === 'unsafe_url' || job.redelivery
          ? undefined
          : this.options.retryScheduleMs[job.attempt - 1];
      if (wait !== undefined) {
        const nextAt = new Date(sentAt.getTime() + wait);
        await this.record(job, { status: 'retrying', code, latency, response, nextAt });
        const next: WebhookJob = { ...job, attempt: job.attempt + 1 };
        await this.options.jobs.enqueue(QUEUE_NAMES.webhookDelivery, 'deliver', next, {
          jobId: webhookJobId(next),
          delayMs: wait,
        });
        return;
      }
      await this.record(job, { status: 'failed', code, latency, response });
      if (!job.redelivery) await this.countFailure(job);
    }
  }

  private async record(
    job: WebhookJob,
    outcome: {
      status: 'succeeded' | 'retrying' | 'failed';
      code: number | null;
      latency: number | null;
      response: string;
      nextAt?: Date;
    },
  ): Promise<void> {
    // The row exists (the dispatcher wrote it) unless the job ran before its batch committed.
    const resetRun =
      outcome.status === 'succeeded'
        ? `WITH reset AS (DELETE FROM ${WEBHOOK_LOG_SCHEMA}.failure_runs WHERE webhook_id = $2) `
        : '';
    await this.options.pool.query(
      `${resetRun}INSERT INTO ${WEBHOOK_LOG_SCHEMA}.deliveries AS d
         (id, webhook_id, provider_id, event_id, event_type, payload, status, attempts, last_status_code,
          last_latency_ms, last_response, last_attempt_at, next_attempt_at, committed_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 1, $8, $9, $10, $11, $12, $13, now())
       ON CONFLICT (id) DO UPDATE SET status = $7, attempts = d.attempts + 1, last_status_code = $8,
         last_latency_ms = $9, last_response = $10, last_attempt_at = $11, next_attempt_at = $12`,
      [
        job.deliveryId,
        job.webhookId,
        job.providerId,
        job.eventId,
        job.eventType,
        job.payload,
        outcome.status,
        outcome.code,
        outcome.latency === null ? null : Math.round(outcome.latency),
        firstBytes(outcome.response, WEBHOOK_RESPONSE_LOG_BYTES),
        this.now(),
        outcome.nextAt ?? null,
        job.committedAt,
      ],
    );
  }

  private async countFailure(job: WebhookJob): Promise<void> {
    const { rows } = await this.options.pool.query<{ failed_in_a_row: number }>(
      `INSERT INTO ${WEBHOOK_LOG_SCHEMA}.failure_runs AS f (webhook_id, failed_in_a_row) VALUES ($1, 1)
       ON CONFLICT (webhook_id) DO UPDATE SET failed_in_a_row = f.failed_in_a_row + 1
       RETURNING failed_in_a_row`,
      [job.webhookId],
    );
    const failedInARow = rows[0]!.failed_in_a_row;
    if (failedInARow < WEBHOOK_FAILURES_TO_DISABLE) return;
    await handleCommand(this.options.store, webhookStream(job.webhookId), webhookDecider, {
      type: 'DisableWebhook',
      data: { webhookId: job.webhookId, failedInARow },
      metadata: commandMetadata(this.now(), undefined, { causationId: job.deliveryId }),
    });
  }
}

/** At most `bytes` bytes of UTF-8, never cutting a character in half. */
const firstBytes = (text: string, bytes: number): string => {
  const buffer = Buffer.from(text, 'utf8');
  if (buffer.length <= bytes) return text;
  return buffer
    .subarray(0, bytes)
    .toString('utf8')
    .replace(/\uFFFD$/, '');
};
