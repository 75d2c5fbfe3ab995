import { v5 as uuidv5 } from 'uuid';
import { z } from 'zod';
import type { Projection } from '@appointment/projections/projection';
import { parseEvent } from '@appointment/projections/event-shapes';
import type { EventStore } from '../eventstore/event-store';
import { notificationsStream, type NotificationAudience } from './notifications';

export const NOTIFICATION_NAMESPACE = '2c1f4e7a-8b3d-4a6f-9e0c-5d7b8a9f1e23';

const SHAPES: Record<string, z.ZodType> = {
  IntervalBooked: z.object({
    appointmentId: z.string(),
    providerId: z.string(),
    userId: z.string(),
    username: z.string(),
    serviceName: z.string(),
    providerName: z.string(),
    date: z.string(),
    startDateTime: z.string(),
    timezone: z.string(),
    at: z.string(),
  }),
  ReminderSent: z.object({
    appointmentId: z.string(),
    userId: z.string(),
    kind: z.string(),
    serviceName: z.string(),
    providerName: z.string(),
    startDateTime: z.string(),
    timezone: z.string(),
    at: z.string(),
  }),
};

const when = (instant: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(instant));

const notify = async (
  store: EventStore,
  sourceEventId: string,
  at: string,
  appointmentId: string,
  recipient: { userId: string; audience: NotificationAudience; message: string },
) => {
  const notificationId = uuidv5(`${sourceEventId}\u0001${recipient.userId}`, NOTIFICATION_NAMESPACE);
  await store.append(
    notificationsStream(recipient.userId),
    [
      {
        id: notificationId,
        type: 'NotificationCreated',
        data: { notificationId, ...recipient, appointmentId, at },
        metadata: { causationId: sourceEventId },
      },
    ],
    { expectedRevision: 'any' },
  );
};

/**
 * Turns bookings into notifications (SPEC §4 live notifications, §7.6): one for the user who
 * booked and one for each admin of the provider, and reminders into one for the user, each appended to the recipient's
 * `notifications-<userId>` stream. Event ids come from the booking's event id and the recipient,
 * so running again after a crash appends nothing twice. Reads the recipients from rm_accounts.
 */
export const notifierReactor = (store: EventStore): Projection => ({
  name: 'notifier',
  version: 1,
  createTables: () => '',
  apply: async (event, { db }) => {
    const d = parseEvent('notifier', SHAPES, event);
    if (!d) return;
    const at = when(d.startDateTime, d.timezone);
    if (event.type === 'ReminderSent') {
      await notify(store, event.id, d.at, d.appointmentId, {
        userId: d.userId,
        audience: 'user',
        message: `Reminder: your appointment for ${d.serviceName} at ${d.providerName} is on ${at}.`,
      });
      return;
    }
    const { rows: admins } = await db.query<{ id: string }>(
      `SELECT id FROM rm_accounts.users WHERE provider_id = $1 AND role = 'admin' ORDER BY id`,
      [d.providerId],
    );
    const recipients: { userId: string; audience: NotificationAudience; message: string }[] = [
      {
        userId: d.userId,
        audience: 'user',
        message: `Your appointment for ${d.serviceName} at ${d.providerName} on ${at} is booked.`,
      },
      ...admins.map(({ id }) => ({
        userId: id,
        audience: 'admin' as const,
        message: `New appointment: ${d.username} booked ${d.serviceName} on ${at}.`,
      })),
    ];
    for (const recipient of recipients) await notify(store, event.id, d.at, d.appointmentId, recipient);
  },
});
