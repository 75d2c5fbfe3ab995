import type pg from 'pg';
import { systemClock, type Clock } from '@appointment/contracts/clock';
import type { IntegrationEvent } from '@appointment/contracts/integration-events';
import {
  WEBHOOK_FAILURES_TO_DISABLE,
  WEBHOOK_MAX_RESPONSE_BYTES,
  WEBHOOK_RESPONSE_LOG_BYTES,
  WEBHOOK_TIMEOUT_MS,
} from '@appointment/contracts/webhooks';
import { commandMetadata, handleCommand } from '../../domain/command-handler';
import { webhookDecider, webhookStream } from './webhook.decider';
import type { EventStore } from '@appointment/contracts/event-store';
import { QUEUE_NAMES, type JobContext, type JobQueues } from '../../jobs/job-queues';
import { IntegrationError, type IntegrationClient } from '../client';
import { webhookHeaders } from './signature';
import { WEBHOOK_LOG_SCHEMA } from './webhook-log';

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

/** The job of first attempts the dispatcher enqueues; retries and redeliveries are one `deliver` each. */
export const WEBHOOK_BATCH_JOB = 'deliver-batch';
export interface WebhookBatchJob {
  deliveries: WebhookJob[];
}

/** How many requests one job of first attempts has in flight at once. */
const SENDS_PER_JOB = 16;

/** Marks a delivery an admin asked to send again: no job of first attempts takes it back. */
export const REDELIVERY_CLAIM = 'redelivery';

/** BullMQ job ids may not hold `:`; the ids here never do. */
export const webhookJobId = (job: Pick<WebhookJob, 'deliveryId' | 'attempt' | 'redelivery'>): string =>
  job.redelivery ? `wh-${job.deliveryId}-r${job.redelivery}` : `wh-${job.deliveryId}-${job.attempt}`;

export interface WebhookDelivererOptions {
  pool: pg.Pool;
  store: EventStore;
  jobs: Pick<JobQueues, 'enqueue'>;
  client: IntegrationClient;
  /** The waits before each retry (WEBHOOK_RETRY_SCHEDULE). */
  retryScheduleMs: readonly number[];
  now?: Clock;
}

/** What one attempt came to. */
interface Outcome {
  status: 'succeeded' | 'retrying' | 'failed';
  code: number | null;
  latency: number | null;
  response: string;
  /** When retrying: when the next attempt is due, and the wait till then. */
  nextAt?: Date;
  wait?: number;
  /** Not sent at all (the webhook is off or gone): no failure to count. */
  final?: boolean;
}

interface Target {
  url: string;
  secret: string;
  active: boolean;
}

/**
 * Runs the jobs of the webhook-delivery queue: a batch of first attempts, or one retry or
 * redelivery. Each attempt signs the stored body with the webhook's current secret, sends it
 * through the integration client (WEBHOOK_TIMEOUT_MS, 64 KB), logs the outcome, and on failure
 * enqueues the next attempt after the schedule's wait. A delivery
 * whose last attempt failed is failed; the 20th failed in a row disables the webhook. A worker
 * killed mid-attempt leaves the job to run again: the receiver hears the same `webhook-id`.
 */
export class WebhookDeliverer {
  private readonly now: Clock;

  constructor(private readonly options: WebhookDelivererOptions) {
    this.now = options.now ?? systemClock;
  }

  /** Runs a job of the webhook-delivery queue, whichever of the two kinds it is. */
  run(job: JobContext<WebhookJob | WebhookBatchJob>): Promise<void> {
    return job.name === WEBHOOK_BATCH_JOB
      ? this.deliverMany(job.id, (job.data as WebhookBatchJob).deliveries)
      : this.deliver(job.data as WebhookJob);
  }

  /** One attempt (a retry or a redelivery). */
  async deliver(job: WebhookJob): Promise<void> {
    const targets = await this.targets([job.webhookId]);
    await this.settle(job, await this.attempt(job, targets.get(job.webhookId)));
  }

  /**
   * First attempts, many at once. The job first claims its deliveries in the log: a delivery
   * still pending and claimed by no other job (a replayed batch split otherwise makes another
   * job with some of the same deliveries). A rerun of the same job, after its worker was killed,
   * takes its own claims back and sends them again with the same `webhook-id`. The claim writes
   * the row when the dispatcher's transaction has not committed it yet.
   */
  async deliverMany(claimant: string, deliveries: readonly WebhookJob[]): Promise<void> {
    const unique = [...new Map(deliveries.map((job) => [job.deliveryId, job])).values()];
    const claimed = await this.claim(claimant, unique);
    const mine = unique.filter((job) => claimed.has(job.deliveryId));
    if (mine.length === 0) return;
    const targets = await this.targets([...new Set(mine.map((job) => job.webhookId))]);
    const outcomes: { job: WebhookJob; outcome: Outcome }[] = [];
    let next = 0;
    const sender = async () => {
      for (let job = mine[next++]; job; job = mine[next++]) {
        outcomes.push({ job, outcome: await this.attempt(job, targets.get(job.webhookId)) });
      }
    };
    await Promise.all(Array.from({ length: Math.min(SENDS_PER_JOB, mine.length) }, sender));
    const succeeded = outcomes.filter(({ outcome }) => outcome.status === 'succeeded');
    await this.recordSucceeded(succeeded);
    for (const { job, outcome } of outcomes)
      if (outcome.status !== 'succeeded') await this.settle(job, outcome);
  }

  private async claim(claimant: string, jobs: readonly WebhookJob[]): Promise<Set<string>> {
    const { rows } = await this.options.pool.query<{ id: string }>(
      `INSERT INTO ${WEBHOOK_LOG_SCHEMA}.deliveries AS d
         (id, webhook_id, provider_id, event_id, event_type, payload, status, committed_at, created_at, claimed_by)
       SELECT id, webhook_id, provider_id, event_id, event_type, payload, 'pending', committed_at, now(), $8
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::timestamptz[])
           AS t(id, webhook_id, provider_id, event_id, event_type, payload, committed_at)
       ON CONFLICT (id) DO UPDATE SET claimed_by = $8
         WHERE d.status = 'pending' AND (d.claimed_by IS NULL OR d.claimed_by = $8)
       RETURNING d.id`,
      [
        jobs.map((job) => job.deliveryId),
        jobs.map((job) => job.webhookId),
        jobs.map((job) => job.providerId),
        jobs.map((job) => job.eventId),
        jobs.map((job) => job.eventType),
        jobs.map((job) => job.payload),
        jobs.map((job) => job.committedAt),
        claimant,
      ],
    );
    return new Set(rows.map((row) => row.id));
  }

  private async targets(webhookIds: readonly string[]): Promise<Map<string, Target>> {
    const { rows } = await this.options.pool.query<Target & { id: string }>(
      'SELECT id, url, secret, active FROM rm_webhooks.webhooks WHERE id = ANY($1::text[])',
      [webhookIds],
    );
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** Sends the stored body, signed with the webhook's current secret; never throws for the receiver's sake. */
  private async attempt(job: WebhookJob, target: Target | undefined): Promise<Outcome> {
    if (!target || (!target.active && !job.redelivery)) {
      return {
        status: 'failed',
        code: null,
        latency: null,
        response: target ? 'Not sent: the webhook is switched off' : 'Not sent: the webhook was deleted',
        final: true,
      };
    }
    const sentAt = this.now();
    // `webhook-timestamp` is the wall clock's, never a pinned product clock: a receiver checks it
    // against its own clock to refuse replays (Standard Webhooks allows 5 minutes either way).
    const timestamp = Math.floor(Date.now() / 1000);
    const started = performance.now();
    try {
      const response = await this.options.client.send({
        url: target.url,
        method: 'POST',
        raw: { body: job.payload, contentType: 'application/json' },
        headers: webhookHeaders(target.secret, job.deliveryId, timestamp, job.payload),
        timeoutMs: WEBHOOK_TIMEOUT_MS,
        maxResponseBytes: WEBHOOK_MAX_RESPONSE_BYTES,
      });
      return {
        status: 'succeeded',
        code: response.status,
        latency: response.latencyMs,
        response: response.body,
      };
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
      if (wait === undefined) return { status: 'failed', code, latency, response };
      return { status: 'retrying', code, latency, response, nextAt: new Date(sentAt.getTime() + wait), wait };
    }
  }

  /**
   * Logs an attempt's outcome: a success ends the webhook's run of failed deliveries; a failure
   * with a wait left enqueues the next attempt; a last failure counts towards disabling it.
   */
  private async settle(job: WebhookJob, outcome: Outcome): Promise<void> {
    await this.record(job, outcome);
    if (outcome.status === 'retrying') {
      const next: WebhookJob = { ...job, attempt: job.attempt + 1 };
      await this.options.jobs.enqueue(QUEUE_NAMES.webhookDelivery, 'deliver', next, {
        jobId: webhookJobId(next),
        delayMs: outcome.wait,
      });
      return;
    }
    if (outcome.status === 'failed' && !outcome.final && !job.redelivery) await this.countFailure(job);
  }

  /** The successes of a job of first attempts, in one statement. */
  private async recordSucceeded(done: readonly { job: WebhookJob; outcome: Outcome }[]): Promise<void> {
    if (done.length === 0) return;
    const at = this.now();
    await this.options.pool.query(
      `WITH sent AS (
         UPDATE ${WEBHOOK_LOG_SCHEMA}.deliveries AS d
            SET status = 'succeeded', attempts = d.attempts + 1, last_status_code = t.code,
                last_latency_ms = t.latency, last_response = t.response, last_attempt_at = $5,
                next_attempt_at = NULL
           FROM unnest($1::text[], $2::int[], $3::int[], $4::text[]) AS t(id, code, latency, response)
          WHERE d.id = t.id
         RETURNING d.webhook_id)
       DELETE FROM ${WEBHOOK_LOG_SCHEMA}.failure_runs WHERE webhook_id IN (SELECT webhook_id FROM sent)`,
      [
        done.map(({ job }) => job.deliveryId),
        done.map(({ outcome }) => outcome.code),
        done.map(({ outcome }) => (outcome.latency === null ? null : Math.round(outcome.latency))),
        done.map(({ outcome }) => firstBytes(outcome.response, WEBHOOK_RESPONSE_LOG_BYTES)),
        at,
      ],
    );
  }

  private async record(job: WebhookJob, outcome: Outcome): Promise<void> {
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
