import { v5 as uuidv5 } from 'uuid';
import { zonedFormatter } from '@appointment/contracts/schedule';
import type { RecordedEvent } from '@appointment/contracts/events';
import type { NotificationCreatedData } from '@appointment/contracts/events/notifications';
import { ReminderSent } from '@appointment/contracts/events/reminders';
import { IntervalBooked, PaymentConfirmed } from '@appointment/contracts/events/time-slot';
import {
  batchReactor,
  readerOf,
  type ApplyContext,
  type Projection,
} from '@appointment/projections/projection';
import { readEvent, type EventOf, type EventSchemas } from '@appointment/projections/parse-event';
import type { EventStore } from '@appointment/contracts/event-store';
import type { LiveNotification } from '../realtime/socket-server';
import { notificationsStream, type NotificationAudience } from './notifications';

export const NOTIFICATION_NAMESPACE = '2c1f4e7a-8b3d-4a6f-9e0c-5d7b8a9f1e23';

/** The texts of a paid service's booking, before and after its payment. */
export const NOTIFICATION_TEXTS = {
  awaitingToUser: (service: string, provider: string, on: string) =>
    `Your appointment for ${service} at ${provider} on ${on} awaits payment.`,
  awaitingToAdmin: (user: string, service: string, on: string) =>
    `New appointment awaiting payment: ${user} booked ${service} on ${on}.`,
  paidToUser: (service: string, provider: string, on: string) =>
    `Your payment for ${service} at ${provider} on ${on} is received: your appointment is booked.`,
  paidToAdmin: (user: string, service: string, on: string) =>
    `Paid: ${user}'s appointment for ${service} on ${on}.`,
};

const SCHEMAS = {
  IntervalBooked: IntervalBooked.pick({
    appointmentId: true,
    providerId: true,
    userId: true,
    username: true,
    serviceName: true,
    providerName: true,
    date: true,
    startDateTime: true,
    timezone: true,
    status: true,
    paymentNeeded: true,
    at: true,
  }),
  PaymentConfirmed: PaymentConfirmed.pick({ appointmentId: true, providerId: true, at: true }),
  ReminderSent: ReminderSent.pick({
    appointmentId: true,
    userId: true,
    kind: true,
    serviceName: true,
    providerName: true,
    startDateTime: true,
    timezone: true,
    at: true,
  }),
} satisfies EventSchemas;

const longWhen = zonedFormatter('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const when = (instant: string, timeZone: string) => longWhen(new Date(instant), timeZone);

/**
 * Where a batch's notifications go live once recorded (docs/product.md §7.6). It resolves once the
 * pushes have left this process (published to Redis, say), or returns at once when in-process.
 */
export type LivePush = (notifications: LiveNotification[]) => void | Promise<void>;

interface Notification {
  userId: string;
  /** The person the message names, whose key seals it (the booking's user). */
  subjectId?: string;
  audience: NotificationAudience;
  message: string;
  /** The event it comes from: with the recipient, it makes the notification's id. */
  sourceEventId: string;
  appointmentId: string;
  at: string;
}

/**
 * Turns bookings into notifications (docs/product.md §4 live notifications, §7.6): one for the user who
 * booked and one for each admin of the provider, and reminders into one for the user, each
 * appended to the recipient's `notifications-<userId>` stream. Event ids come from the source
 * event's id and the recipient, so running again after a crash appends nothing twice. The
 * recipients come from rm_accounts. A batch's notifications are appended in one call.
 * They go live through `livePushReactor`, once recorded.
 */
export const notifierReactor = (store: EventStore): Projection => {
  const applyBatch = async (events: RecordedEvent[], context: ApplyContext): Promise<void> => {
    const sources = events.flatMap((event) => {
      const read = readEvent('notifier', SCHEMAS, event);
      return read ? [{ event, read }] : [];
    });
    if (sources.length === 0) return;
    // It writes nothing in its own transaction: its reads need none.
    const db = readerOf(context);
    const providerIds = [
      ...new Set(sources.flatMap(({ read }) => (read.type === 'ReminderSent' ? [] : [read.data.providerId]))),
    ];
    // A payment names only its appointment; the rest is in rm_appointments (applied before this
    // reactor in the same batch).
    const paidIds = sources.flatMap(({ read }) =>
      read.type === 'PaymentConfirmed' ? [read.data.appointmentId] : [],
    );
    const paid = new Map<string, Record<string, string>>();
    if (paidIds.length > 0) {
      const { rows } = await db.query<Record<string, string>>(
        `SELECT id, user_id AS "userId", username AS "username", service_name AS "serviceName",
                provider_name AS "providerName", starts_at AS "startsAt", timezone
           FROM rm_appointments.appointments WHERE id = ANY($1::text[])`,
        [paidIds],
      );
      for (const row of rows) paid.set(row.id!, row);
    }
    const admins = new Map<string, string[]>();
    if (providerIds.length > 0) {
      const { rows } = await db.query<{ id: string; provider_id: string }>(
        `SELECT id, provider_id FROM rm_accounts.users WHERE provider_id = ANY($1::text[]) AND role = 'admin' ORDER BY id`,
        [providerIds],
      );
      for (const row of rows) admins.set(row.provider_id, [...(admins.get(row.provider_id) ?? []), row.id]);
    }
    const notificationsOf = (
      event: RecordedEvent,
      { type, data: d }: EventOf<typeof SCHEMAS>,
    ): Notification[] => {
      if (type === 'PaymentConfirmed') {
        const appointment = paid.get(d.appointmentId);
        if (!appointment) return [];
        const on = when(new Date(appointment.startsAt!).toISOString(), appointment.timezone!);
        const base = {
          sourceEventId: event.id,
          appointmentId: d.appointmentId,
          at: d.at,
        };
        return [
          {
            ...base,
            userId: appointment.userId!,
            audience: 'user' as const,
            message: NOTIFICATION_TEXTS.paidToUser(appointment.serviceName!, appointment.providerName!, on),
          },
          ...(admins.get(d.providerId) ?? []).map((id) => ({
            ...base,
            userId: id,
            subjectId: appointment.userId!,
            audience: 'admin' as const,
            message: NOTIFICATION_TEXTS.paidToAdmin(appointment.username!, appointment.serviceName!, on),
          })),
        ];
      }
      const at = when(d.startDateTime, d.timezone);
      const base = { sourceEventId: event.id, appointmentId: d.appointmentId, at: d.at };
      if (type === 'ReminderSent') {
        return [
          {
            ...base,
            userId: d.userId,
            audience: 'user' as const,
            message: `Reminder: your appointment for ${d.serviceName} at ${d.providerName} is on ${at}.`,
          },
        ];
      }
      // A booking that still waits for its payment says so; "booked" comes once paid.
      const awaiting = d.paymentNeeded && d.status === 'pending';
      return [
        {
          ...base,
          userId: d.userId,
          audience: 'user' as const,
          message: awaiting
            ? NOTIFICATION_TEXTS.awaitingToUser(d.serviceName, d.providerName, at)
            : `Your appointment for ${d.serviceName} at ${d.providerName} on ${at} is booked.`,
        },
        ...(admins.get(d.providerId) ?? []).map((id) => ({
          ...base,
          userId: id,
          subjectId: d.userId,
          audience: 'admin' as const,
          message: awaiting
            ? NOTIFICATION_TEXTS.awaitingToAdmin(d.username, d.serviceName, at)
            : `New appointment: ${d.username} booked ${d.serviceName} on ${at}.`,
        })),
      ];
    };
    const notifications = sources.flatMap(({ event, read }) => notificationsOf(event, read));
    const appends = notifications.map(({ sourceEventId, ...n }) => {
      const notificationId = uuidv5(`${sourceEventId}\u0001${n.userId}`, NOTIFICATION_NAMESPACE);
      return {
        streamName: notificationsStream(n.userId),
        events: [
          {
            id: notificationId,
            type: 'NotificationCreated',
            data: { notificationId, ...n } satisfies NotificationCreatedData,
            metadata: { causationId: sourceEventId },
          },
        ],
      };
    });
    await store.appendToStreams(appends);
  };
  return batchReactor('notifier', applyBatch);
};

/** A notification recorded longer ago than this is not news: it waits in the list. */
const LIVE_FOR_MS = 60_000;

/**
 * Pushes each recorded notification live (docs/product.md §4, §7.6). A reactor sees only events
 * every read model already holds (the runner's floor), so the list a client reads on the push
 * holds it, and the read models it refreshes (rm_appointments, say) hold the booking. The push
 * leaves before this reactor's checkpoint moves: a batch retried after a failure, or after the
 * projector died between the push and its commit, pushes again, with the same `_id` (a client
 * keeps one per `_id`). Delivery is at least once. Catching up after a stop, what was recorded
 * more than a minute ago is not pushed.
 */
export const livePushReactor = (push: LivePush, now: () => number = Date.now): Projection => {
  const applyBatch = async (events: RecordedEvent[]): Promise<void> => {
    const since = now() - LIVE_FOR_MS;
    const live = events.flatMap((event): LiveNotification[] => {
      if (Date.parse(event.createdAt) < since) return [];
      const d = readEvent('NotificationCreated', event, 'live push');
      if (!d) return [];
      return [{ userId: d.userId, audience: d.audience, _id: d.notificationId, message: d.message }];
    });
    if (live.length > 0) await push(live);
  };
  return batchReactor('live_push', applyBatch);
};
