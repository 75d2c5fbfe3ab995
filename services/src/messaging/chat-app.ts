import type pg from 'pg';
import { AppointmentStatusChanged, IntervalBooked } from '@appointment/contracts/events/time-slot';
import { integrationSettingsOf } from '@appointment/projections/integration-settings.queries';
import { batchReactor, type Projection } from '@appointment/projections/projection';
import type { EventStore } from '@appointment/contracts/event-store';
import { QUEUE_NAMES, type JobContext, type JobQueues } from '../jobs/job-queues';
import type { Logger } from '../logger';
import { bookingFacts, whenOf } from './booking-facts';
import { IntegrationError, type IntegrationClient } from '../integrations/client';

/**
 * The chat app (issue 11, docs/product.md §2.8 Connected Apps): when a provider has connected
 * one, each new booking and status change is posted as `{ "text": … }` to its incoming webhook,
 * as a job with retries. The job id comes from the event, so a replay posts nothing twice.
 */
export interface ChatAppJob {
  providerId: string;
  timeSlotId: string;
  appointmentId: string;
  /** The status change, when the message is about one. */
  change?: { from: string; to: string };
}

/** Tries of one post, and the first wait between them (doubling each time). */
export const CHAT_APP_ATTEMPTS = 6;
const CHAT_APP_BACKOFF_MS = 5_000;

/** Which of a batch's providers have a chat app connected, read once for the batch. */
const connectedAmong = async (db: pg.ClientBase, providerIds: string[]): Promise<Set<string>> => {
  if (providerIds.length === 0) return new Set();
  const { rows } = await db.query<{ provider_id: string }>(
    `SELECT provider_id FROM rm_integration_settings.settings
      WHERE provider_id = ANY($1::text[]) AND (chat_app->>'connected')::boolean`,
    [[...new Set(providerIds)]],
  );
  return new Set(rows.map((row) => row.provider_id));
};

const jobFor = (event: { type: string; data: unknown }): ChatAppJob | undefined => {
  if (event.type === 'IntervalBooked') {
    const d = IntervalBooked.safeParse(event.data);
    return d.success
      ? { providerId: d.data.providerId, timeSlotId: d.data.timeSlotId, appointmentId: d.data.appointmentId }
      : undefined;
  }
  if (event.type === 'AppointmentStatusChanged') {
    const d = AppointmentStatusChanged.safeParse(event.data);
    return d.success
      ? {
          providerId: d.data.providerId,
          timeSlotId: d.data.timeSlotId,
          appointmentId: d.data.appointmentId,
          change: { from: d.data.from, to: d.data.to },
        }
      : undefined;
  }
  return undefined;
};

/** A batch's posts: the providers asked about in one query, the jobs set in one call. */
export const chatAppDispatcher = (jobs: Pick<JobQueues, 'enqueueMany'>): Projection => {
  const applyBatch: NonNullable<Projection['applyBatch']> = async (events, { db }) => {
    const wanted = events.flatMap((event) => {
      const job = jobFor(event);
      return job ? [{ event, job }] : [];
    });
    if (wanted.length === 0) return;
    const connected = await connectedAmong(
      db,
      wanted.map(({ job }) => job.providerId),
    );
    const posts = wanted.filter(({ job }) => connected.has(job.providerId));
    if (posts.length === 0) return;
    await jobs.enqueueMany<ChatAppJob>(
      QUEUE_NAMES.chatApp,
      posts.map(({ event, job }) => ({
        name: 'post-chat-message',
        data: job,
        options: {
          jobId: `chatapp-${event.id}`,
          attempts: CHAT_APP_ATTEMPTS,
          backoffMs: CHAT_APP_BACKOFF_MS,
        },
      })),
    );
  };
  return batchReactor('chat_app_dispatcher', applyBatch);
};

/** The short text a chat channel shows. */
export const chatTextOf = (
  facts: { serviceName: string; username: string; startDateTime: string; timezone: string; status: string },
  change?: ChatAppJob['change'],
): string => {
  const { date, time } = whenOf(facts);
  return change
    ? `${facts.serviceName} for ${facts.username} on ${date} at ${time}: ${change.from} → ${change.to}`
    : `New booking: ${facts.serviceName} for ${facts.username} on ${date} at ${time} (${facts.status})`;
};

export interface ChatAppSenderDependencies {
  store: EventStore;
  pool: pg.Pool;
  /** The guarded integration client: the URL is the provider's, checked again where it connects. */
  client: Pick<IntegrationClient, 'send'>;
  logger: Pick<Logger, 'warn'>;
}

/** One post: to the URL connected now; nothing when the app was disconnected meanwhile. */
export const runChatApp = async (
  deps: ChatAppSenderDependencies,
  job: JobContext<ChatAppJob>,
): Promise<void> => {
  const { chatApp } = await integrationSettingsOf(deps.pool, job.data.providerId);
  if (!chatApp.connected || !chatApp.webhookUrl) return;
  const facts = await bookingFacts(deps.store, job.data.timeSlotId, job.data.appointmentId);
  if (!facts) return;
  try {
    await deps.client.send({
      url: chatApp.webhookUrl,
      method: 'POST',
      json: { text: chatTextOf(facts, job.data.change) },
      timeoutMs: 10_000,
      maxResponseBytes: 64 * 1024,
    });
  } catch (error) {
    if (error instanceof IntegrationError && (job.attempt >= job.attempts || error.kind === 'unsafe_url')) {
      deps.logger.warn(
        { providerId: job.data.providerId, error: error.message },
        'chat app message not delivered',
      );
      return;
    }
    throw error;
  }
};
