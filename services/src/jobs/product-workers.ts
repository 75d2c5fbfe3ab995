import type { Clock } from '@appointment/contracts/clock';
import { asSystem } from '../audit/actor-context';
import type { AppointmentsContext } from '../appointments/appointments-context';
import type { PaymentJob } from '../appointments/payment/confirm';
import type { EventStore } from '@appointment/contracts/event-store';
import { runReminder, type ReminderJob } from '../reminders/reminders';
import {
  WebhookDeliverer,
  type WebhookDelivererOptions,
  type WebhookBatchJob,
  type WebhookJob,
} from '../integrations/webhooks/webhook-delivery';
import { QUEUE_NAMES, type JobQueues, type JobWorker } from './job-queues';
import type pg from 'pg';
import type { IntegrationClient } from '../integrations/client';
import type { Logger } from '../logger';
import { runChatApp, type ChatAppJob } from '../messaging/chat-app';
import { runWhatsApp, type WhatsAppJob } from '../messaging/whatsapp';
import { confirmPayment } from '../appointments/payment/confirm';
import { expireUnpaid } from '../appointments/payment/expire';
import { issueRefund, type RefundJob } from '../appointments/refund/refund';
import { settleStrandedMoves } from '../appointments/reschedule/reschedule';
import { every } from './every';
import { expireOffers } from '../appointments/waitlist/waitlist';

/** How often moves left under way by a stopped process are looked for. */
const MOVE_SWEEP_MS = 5_000;
/** How often waitlist offers whose window ended are looked for (issue 31). */
const OFFER_SWEEP_MS = 5_000;

/**
 * The product's job workers (docs/architecture.md §1): payment confirmation, the unpaid-booking timeout,
 * refunds, reminders and the sweep that settles moves a stopped process left under way. The
 * single-node platform and the worker process both start exactly these.
 */
export interface ProductWorkersDependencies {
  appointments: AppointmentsContext;
  store: EventStore;
  now?: Clock;
  logger: Pick<Logger, 'warn' | 'error'>;
  /** Webhook deliveries, where the process has what they need. */
  webhooks?: Omit<WebhookDelivererOptions, 'jobs' | 'store' | 'now'> & { concurrency: number };
  /** The outbound messages: WhatsApp and the chat app. */
  messaging?: {
    pool: pg.Pool;
    whatsappApiUrl: string;
    logger: Pick<Logger, 'warn'>;
    /** For the operator's own endpoints (the messaging API). */
    operatorClient: Pick<IntegrationClient, 'send'>;
    /** The guarded client, for URLs a provider gave (the chat app's webhook). */
    client: Pick<IntegrationClient, 'send'>;
  };
}

export const startProductWorkers = async (
  jobs: JobQueues,
  { appointments, store, now, logger, messaging, webhooks }: ProductWorkersDependencies,
): Promise<JobWorker[]> => [
  await jobs.work<PaymentJob>(
    QUEUE_NAMES.paymentConfirmation,
    (job) => asSystem(QUEUE_NAMES.paymentConfirmation, () => confirmPayment(appointments, job.data)),
    {
      concurrency: 4,
    },
  ),
  await jobs.work<ReminderJob>(
    QUEUE_NAMES.reminders,
    async (job) => {
      await asSystem(QUEUE_NAMES.reminders, () => runReminder(store, job.data, now?.()));
    },
    { concurrency: 2 },
  ),
  await jobs.work<{ appointmentId: string }>(
    QUEUE_NAMES.paymentTimeout,
    (job) => asSystem(QUEUE_NAMES.paymentTimeout, () => expireUnpaid(appointments, job.data.appointmentId)),
    { concurrency: 2 },
  ),
  await jobs.work<RefundJob>(
    QUEUE_NAMES.refunds,
    (job) => asSystem(QUEUE_NAMES.refunds, () => issueRefund(appointments, job.data)),
    { concurrency: 4 },
  ),
  every(
    MOVE_SWEEP_MS,
    () => asSystem('move-sweep', () => settleStrandedMoves(appointments, logger)),
    logger,
    'the sweep of moves under way',
  ),
  every(
    OFFER_SWEEP_MS,
    () => asSystem('offer-sweep', () => expireOffers(appointments, logger)),
    logger,
    'the sweep of waitlist offers',
  ),
  ...(messaging
    ? [
        await jobs.work<WhatsAppJob>(
          QUEUE_NAMES.whatsapp,
          (job) =>
            asSystem(QUEUE_NAMES.whatsapp, () =>
              runWhatsApp(
                {
                  store,
                  pool: messaging.pool,
                  client: messaging.operatorClient,
                  apiUrl: messaging.whatsappApiUrl,
                  now,
                },
                job,
              ),
            ),
          { concurrency: 4 },
        ),
        await jobs.work<ChatAppJob>(
          QUEUE_NAMES.chatApp,
          (job) =>
            asSystem(QUEUE_NAMES.chatApp, () =>
              runChatApp(
                { store, pool: messaging.pool, client: messaging.client, logger: messaging.logger },
                job,
              ),
            ),
          { concurrency: 4 },
        ),
      ]
    : []),
  ...(webhooks
    ? [
        await (() => {
          const deliverer = new WebhookDeliverer({ ...webhooks, jobs, store, now });
          return jobs.work<WebhookJob | WebhookBatchJob>(
            QUEUE_NAMES.webhookDelivery,
            (job) => asSystem(QUEUE_NAMES.webhookDelivery, () => deliverer.run(job)),
            {
              concurrency: webhooks.concurrency,
            },
          );
        })(),
      ]
    : []),
];
