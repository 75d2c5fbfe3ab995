import type { Clock } from '@appointment/contracts/clock';
import type { Projection } from '@appointment/projections/projection';
import { PROJECTIONS } from '@appointment/projections/registry';
import { asSystem } from '../audit/actor-context';
import type { EventStore } from '@appointment/contracts/event-store';
import type { JobQueues } from '../jobs/job-queues';
import { mailOutboxReactor } from '../mail/mail-outbox';
import { livePushReactor, type LivePush } from '../notifications/live-push';
import { reminderScheduler } from '../reminders/reminders';
import { refundDispatcher } from '../appointments/refund/refund';
import { chatAppDispatcher } from '../messaging/chat-app';
import { whatsAppDispatcher } from '../messaging/whatsapp';
import { webhookDispatcher } from '../integrations/webhooks/webhook-dispatch';

export interface ProductProjectionsOptions {
  store: EventStore;
  /** Where links in e-mails point. */
  publicUrl: string;
  /** Signs e-mail verification links. */
  secret: string;
  /** Reminder jobs are set only where there are job queues. */
  jobs?: Pick<JobQueues, 'enqueue' | 'enqueueMany'>;
  /** Where a recorded notification goes live; nowhere in a process without sockets. */
  push?: LivePush;
  /** The product's clock: when a reminder job is due from now. */
  now?: Clock;
}

/**
 * Everything that follows the log, in the order a batch is applied: the read models, then the
 * reactors that read them and turn events into mail, reminder jobs, messages and webhook
 * deliveries, and the live push of the notifications rm_notifications now holds. The single-node platform and the scale-out projector both
 * run exactly this list.
 */
export const productProjections = ({
  store,
  publicUrl,
  secret,
  jobs,
  push,
  now,
}: ProductProjectionsOptions): Projection[] => [
  ...PROJECTIONS,
  ...[
    mailOutboxReactor({ publicUrl, secret }),
    ...(jobs
      ? [
          reminderScheduler(store, jobs, now),
          whatsAppDispatcher(jobs),
          chatAppDispatcher(jobs),
          // Each requested refund goes to the gateway as a job.
          refundDispatcher(jobs),
        ]
      : []),
    // One webhook delivery job per public event and subscribed webhook.
    ...(jobs ? [webhookDispatcher(store, jobs)] : []),
    ...(push ? [livePushReactor(push)] : []),
  ].map(actingAsSystem),
];

/** What a reactor appends is recorded as the system's, caused by the event it reacts to. */
const actingAsSystem = (reactor: Projection): Projection => ({
  ...reactor,
  apply: (event, context) => asSystem(reactor.name, () => reactor.apply(event, context), event.id),
  ...(reactor.applyBatch
    ? {
        applyBatch: (events, context) =>
          asSystem(reactor.name, () => reactor.applyBatch!(events, context), events.at(-1)?.id),
      }
    : {}),
});
