import type pg from 'pg';
import { readEvent, type ReadableEvent } from '@appointment/contracts/events/read-event';
import { integrationSettingsOf } from '@appointment/projections/integration-settings.queries';
import type { Projection } from '@appointment/projections/projection';
import { appDispatcher } from './app-dispatcher';
import type { EventStore } from '@appointment/contracts/event-store';
import { QUEUE_NAMES, type JobContext, type JobQueues } from '../jobs/job-queues';
import type { Logger } from '../logger';
import { bookingFacts, whenOf } from './booking-facts';
import { IntegrationError, type IntegrationClient } from '../integrations/client';

/**
 * The chat app (docs/product.md §2.8 Connected Apps): when a provider has connected one, each
 * new booking and status change is posted as `{ "text": … }` to its incoming webhook, as a job
 * with retries. The job id comes from the event, so a replay posts nothing twice.
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

const jobFor = (event: ReadableEvent): ChatAppJob | undefined => {
  const booked = readEvent('IntervalBooked', event, 'chat app dispatcher');
  if (booked) {
    const { providerId, timeSlotId, appointmentId } = booked;
    return { providerId, timeSlotId, appointmentId };
  }
  const changed = readEvent('AppointmentStatusChanged', event, 'chat app dispatcher');
  if (changed) {
    const { providerId, timeSlotId, appointmentId, from, to } = changed;
    return { providerId, timeSlotId, appointmentId, change: { from, to } };
  }
  return undefined;
};

/** A post for each new booking and status change of a provider with a chat app connected. */
export const chatAppDispatcher = (jobs: Pick<JobQueues, 'enqueueMany'>): Projection =>
  appDispatcher(jobs, {
    name: 'chat_app_dispatcher',
    queue: QUEUE_NAMES.chatApp,
    jobName: 'post-chat-message',
    jobOf: jobFor,
    appOn: `(chat_app->>'connected')::boolean`,
    options: (event) => ({
      jobId: `chatapp-${event.id}`,
      attempts: CHAT_APP_ATTEMPTS,
      backoffMs: CHAT_APP_BACKOFF_MS,
    }),
  });

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
