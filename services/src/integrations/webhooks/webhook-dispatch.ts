import { createHash } from 'node:crypto';
import { v5 as uuidv5 } from 'uuid';
import type { RecordedEvent } from '@appointment/contracts/events';
import { readEvent, type EventData } from '@appointment/contracts/events/read-event';
import {
  providerOf,
  toIntegrationEvents,
  type IntegrationEvent,
} from '@appointment/contracts/integration-events';
import type { EventStore } from '@appointment/contracts/event-store';
import {
  batchReactor,
  readerOf,
  type ApplyContext,
  type Projection,
  type Queryable,
} from '@appointment/projections/projection';
import { QUEUE_NAMES, type JobQueues } from '../../jobs/job-queues';
import { notificationsStream } from '../../notifications/notifications';
import { WEBHOOK_BATCH_JOB, type WebhookJob } from './webhook-delivery';
import { deliveryIdOf, WEBHOOK_LOG_SCHEMA } from './webhook-log';

/**
 * How many first attempts one job carries. A job costs the queue a few round trips whatever it
 * holds, so one per delivery capped the rate at the queue's pace (about 420 jobs/s on the
 * PostgreSQL backend); a hundred per job leaves the pace to the receivers and the log.
 */
export const DELIVERIES_PER_JOB = 100;

/** The id of a job of first attempts: from its deliveries, so a replayed batch enqueues nothing twice. */
export const webhookBatchJobId = (deliveryIds: readonly string[]): string =>
  `whb-${createHash('sha256').update(deliveryIds.join('\u0000')).digest('base64url').slice(0, 32)}`;

const DISABLED_NAMESPACE = '9b7e1c2a-4d5f-4a8b-b6c3-1e2f3a4b5c6d';

export const WEBHOOK_DISABLED_TEXT = (name: string, failed: number) =>
  `Your webhook "${name}" was turned off after ${failed} failed deliveries in a row. Check its URL and switch it on again.`;

interface Subscriber {
  id: string;
  provider_id: string;
  event_types: string[];
}

/** Who skipped an event whose data does not fit its schema, in the warning. */
const READER = 'webhook dispatch';

/**
 * Follows the log (docs/architecture.md §5 side effects): each internal event becomes its public
 * events (`toIntegrationEvents`), and each public event one delivery per active webhook of its
 * provider subscribed to its type: a row in the delivery log, and its first attempt in a job of up
 * to DELIVERIES_PER_JOB whose id comes from the deliveries it holds. It reads rm_webhooks, applied
 * before it in the same batch. It also tells a provider's admins when one of their webhooks was
 * disabled, and starts a new run of failures when one is switched on again.
 */
export const webhookDispatcher = (store: EventStore, jobs: Pick<JobQueues, 'enqueueMany'>): Projection => {
  const applyBatch = async (events: RecordedEvent[], context: ApplyContext): Promise<void> => {
    const { db } = context;
    const published = events.flatMap((event) =>
      toIntegrationEvents(event).map((publicEvent) => ({ source: event, publicEvent })),
    );
    if (published.length > 0) await dispatch(published, context);
    for (const event of events) {
      const disabled = readEvent('WebhookDisabled', event, READER);
      if (disabled) await tellAdmins(event, disabled, readerOf(context));
      const edited = readEvent('WebhookEdited', event, READER);
      if (edited?.active) {
        await db.query(`DELETE FROM ${WEBHOOK_LOG_SCHEMA}.failure_runs WHERE webhook_id = $1`, [
          edited.webhookId,
        ]);
      }
    }
  };

  const dispatch = async (
    published: { source: RecordedEvent; publicEvent: IntegrationEvent }[],
    context: ApplyContext,
  ): Promise<void> => {
    const providers = [...new Set(published.map(({ publicEvent }) => providerOf(publicEvent)))];
    const { rows } = await readerOf(context).query<Subscriber>(
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
    await context.db.query(
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
    // One round trip for the batch: the projector's transaction waits for it. A replay that
    // splits the events otherwise makes other jobs; the deliverer's claim sends each once.
    const chunks: WebhookJob[][] = [];
    for (let at = 0; at < jobsToSend.length; at += DELIVERIES_PER_JOB) {
      chunks.push(jobsToSend.slice(at, at + DELIVERIES_PER_JOB));
    }
    await jobs.enqueueMany(
      QUEUE_NAMES.webhookDelivery,
      chunks.map((deliveries) => ({
        name: WEBHOOK_BATCH_JOB,
        data: { deliveries },
        options: { jobId: webhookBatchJobId(deliveries.map((job) => job.deliveryId)) },
      })),
    );
  };

  const tellAdmins = async (
    event: RecordedEvent,
    d: EventData<'WebhookDisabled'>,
    db: Queryable,
  ): Promise<void> => {
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

  return batchReactor('webhook_dispatch', applyBatch);
};
