import { parse as uuidParse, v5 as uuidv5 } from 'uuid';
import { UserDeleted, UserRegistered } from '@appointment/contracts/events/accounts';
import {
  NotificationCreated,
  NotificationDeleted,
  NotificationsCleared,
} from '@appointment/contracts/events/notifications';
import { FORGOTTEN_MESSAGE, PersonForgotten } from '@appointment/contracts/events/privacy';
import { ReminderSent } from '@appointment/contracts/events/reminders';
import {
  AppointmentMovedIn,
  AppointmentStatusChanged,
  changedBy,
  IntervalBooked,
  PaymentConfirmed,
  PaymentRefunded,
} from '@appointment/contracts/events/time-slot';
import { OfferWithdrawn, PlaceOffered } from '@appointment/contracts/events/waitlist';
import { formatMoney, fromMinorUnits } from '@appointment/contracts/money';
import { zonedFormatter } from '@appointment/contracts/schedule';
import { parseData, readEvent, type EventSchemas } from './parse-event';
import type { RecordedEvent } from '@appointment/contracts/events';
import { batchStatement, inRuns, type ApplyContext, type Projection } from './projection';

/**
 * Each person's notification list (docs/product.md §3 Notification, §4 live notifications, §7.6),
 * read from the facts themselves (docs/decisions.md D48): a booking tells its user and each admin
 * its provider had at that point of the log, a payment the same people, a reminder its user, and
 * a change of the booking (issue 29) its user, and its admins when it is cancelled.
 * Other notices (a webhook switched off) are recorded as `NotificationCreated`. Deleting and
 * clearing are the person's own events on their `notifications-<userId>` stream.
 */

/** With the fact's event id and the recipient, it makes a notification's id (one per pair). */
export const NOTIFICATION_NAMESPACE = '2c1f4e7a-8b3d-4a6f-9e0c-5d7b8a9f1e23';

const NAMESPACE_BYTES = uuidParse(NOTIFICATION_NAMESPACE);

/** The id of the notification `recipient` has of the fact `sourceEventId`. */
export const notificationIdOf = (sourceEventId: string, recipient: string): string =>
  uuidv5(`${sourceEventId}\u0001${recipient}`, NAMESPACE_BYTES);

/** What a booking, its payment and its reminder say, to its user and to the provider's admins. */
export const NOTIFICATION_TEXTS = {
  bookedToUser: (service: string, provider: string, on: string) =>
    `Your appointment for ${service} at ${provider} on ${on} is booked.`,
  bookedToAdmin: (user: string, service: string, on: string) =>
    `New appointment: ${user} booked ${service} on ${on}.`,
  awaitingToUser: (service: string, provider: string, on: string) =>
    `Your appointment for ${service} at ${provider} on ${on} awaits payment.`,
  awaitingToAdmin: (user: string, service: string, on: string) =>
    `New appointment awaiting payment: ${user} booked ${service} on ${on}.`,
  paidToUser: (service: string, provider: string, on: string) =>
    `Your payment for ${service} at ${provider} on ${on} is received: your appointment is confirmed.`,
  /** Paid for a service its provider confirms by hand (issue 32): not confirmed yet. */
  paidAwaitingToUser: (service: string, provider: string, on: string) =>
    `Your payment for ${service} at ${provider} on ${on} is received: it awaits the provider's confirmation.`,
  paidToAdmin: (user: string, service: string, on: string) =>
    `Paid: ${user}'s appointment for ${service} on ${on}.`,
  reminder: (service: string, provider: string, on: string) =>
    `Reminder: your appointment for ${service} at ${provider} is on ${on}.`,
  cancelledToUser: (service: string, provider: string, on: string) =>
    `Your appointment for ${service} at ${provider} on ${on} is cancelled.`,
  cancelledToAdmin: (user: string, service: string, on: string) => `${user} cancelled ${service} on ${on}.`,
  expiredToUser: (service: string, provider: string, on: string) =>
    `Your appointment for ${service} at ${provider} on ${on} was cancelled: it was not paid in time.`,
  expiredToAdmin: (user: string, service: string, on: string) =>
    `${user}'s unpaid appointment for ${service} on ${on} was cancelled.`,
  confirmedToUser: (service: string, provider: string, on: string) =>
    `Your appointment for ${service} at ${provider} on ${on} is confirmed.`,
  rejectedToUser: (service: string, provider: string, on: string) =>
    `Your appointment for ${service} at ${provider} on ${on} was cancelled by the provider.`,
  movedToUser: (service: string, provider: string, from: string, to: string) =>
    `Your appointment for ${service} at ${provider} moved from ${from} to ${to}.`,
  movedToAdmin: (user: string, service: string, from: string, to: string) =>
    `${user}'s appointment for ${service} moved from ${from} to ${to}.`,
  noShowToUser: (service: string, provider: string, on: string) =>
    `Your appointment for ${service} at ${provider} on ${on} was marked as missed.`,
  refundedToUser: (amount: string, service: string, provider: string, on: string) =>
    `${amount} of your payment for ${service} at ${provider} on ${on} was refunded.`,
  /** Issue 31: a freed place is held for the first waiter. */
  offeredToUser: (service: string, on: string, until: string) =>
    `A place for ${service} on ${on} is free and held for you until ${until}: claim it from your waitlist.`,
  /** Issue 31: the provider changed the time slot and the offered place is gone. */
  offerWithdrawnToUser: (service: string, on: string) =>
    `The place for ${service} on ${on} offered to you is no longer available: the provider changed the time slot.`,
};

/** The events whose notifications this read model works out itself. */
export const NOTIFYING_EVENT_TYPES = [
  'IntervalBooked',
  'PaymentConfirmed',
  'ReminderSent',
  'AppointmentStatusChanged',
  'PaymentRefunded',
  'AppointmentMovedIn',
  'PlaceOffered',
  'OfferWithdrawn',
] as const;

const longWhen = zonedFormatter('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const when = (instant: string | Date, timeZone: string) => longWhen(new Date(instant), timeZone);

const Booked = IntervalBooked.pick({
  appointmentId: true,
  providerId: true,
  userId: true,
  username: true,
  serviceName: true,
  providerName: true,
  startDateTime: true,
  timezone: true,
  status: true,
  paymentNeeded: true,
  at: true,
}).extend({ automaticBooking: IntervalBooked.shape.automaticBooking.optional() });
const Paid = PaymentConfirmed.pick({ appointmentId: true, providerId: true, at: true });
const Refunded = PaymentRefunded.pick({
  appointmentId: true,
  providerId: true,
  amount: true,
  currency: true,
  at: true,
});
const Changed = AppointmentStatusChanged.pick({
  appointmentId: true,
  providerId: true,
  to: true,
  by: true,
  at: true,
});
const Reminded = ReminderSent.pick({
  userId: true,
  serviceName: true,
  providerName: true,
  startDateTime: true,
  timezone: true,
  at: true,
});
const Created = NotificationCreated.pick({
  notificationId: true,
  userId: true,
  subjectId: true,
  audience: true,
  message: true,
  at: true,
});

/** The events this read model handles, each read with (the fields it needs of) its schema. */
const SCHEMAS = {
  UserRegistered: UserRegistered.pick({ userId: true, role: true, providerId: true }),
  UserDeleted: UserDeleted.pick({ at: true }),
  IntervalBooked: Booked,
  PaymentConfirmed: Paid,
  AppointmentStatusChanged: Changed,
  ReminderSent: Reminded,
  PaymentRefunded: Refunded,
  AppointmentMovedIn: AppointmentMovedIn.pick({
    appointmentId: true,
    providerId: true,
    startDateTime: true,
    timezone: true,
    from: true,
    at: true,
  }),
  NotificationCreated: Created,
  NotificationDeleted: NotificationDeleted.pick({ notificationId: true, userId: true }),
  NotificationsCleared,
  PersonForgotten,
  PlaceOffered: PlaceOffered.pick({
    userId: true,
    serviceName: true,
    startDateTime: true,
    timezone: true,
    expiresAt: true,
    at: true,
  }),
  OfferWithdrawn: OfferWithdrawn.pick({
    userId: true,
    serviceName: true,
    startDateTime: true,
    timezone: true,
    at: true,
  }),
} satisfies EventSchemas;

export const notificationsProjection: Projection = {
  name: 'notifications',
  // 3: notifications of bookings, payments and reminders are read from those events (D48); 4: and
  // of status changes (issue 29), with every booking kept; 5: of refunds and reschedules.
  // 7: the waitlist's offers (issue 31); 8: and their withdrawal by a change of the time slot.
  version: 8,
  createTables: (schema) => `
    CREATE TABLE ${schema}.notifications (
      id text PRIMARY KEY,
      user_id text NOT NULL,
      -- Issue 12: the person the message names, when not its recipient.
      subject_id text,
      audience text NOT NULL,
      message text NOT NULL,
      created_at timestamptz NOT NULL,
      -- The event it tells of (the live push finds a batch's notifications by it).
      source_event_id text NOT NULL
    );
    CREATE INDEX ON ${schema}.notifications (user_id, created_at);
    CREATE INDEX ON ${schema}.notifications (source_event_id);
    -- Who hears of a provider's bookings, as of each point of the log.
    CREATE TABLE ${schema}.admins (
      user_id text PRIMARY KEY,
      provider_id text NOT NULL
    );
    CREATE INDEX ON ${schema}.admins (provider_id);
    -- Each booking: what the notices of its payment and its changes say.
    CREATE TABLE ${schema}.bookings (
      appointment_id text PRIMARY KEY,
      user_id text NOT NULL,
      username text NOT NULL,
      service_name text NOT NULL,
      provider_name text NOT NULL,
      starts_at timestamptz NOT NULL,
      timezone text NOT NULL,
      -- Confirmed with its payment (the service's automaticBooking, issue 32).
      automatic_booking boolean
    );
    CREATE INDEX ON ${schema}.bookings (user_id);
  `,
  applyBatch: (events, context) => applyBatch(events, context),
  apply: async (event, context) => {
    const { db, schema } = context;
    const read = readEvent('notifications', SCHEMAS, event);
    if (!read) return;
    const { type, data: d } = read;
    switch (type) {
      case 'UserRegistered':
        if (d.role === 'admin' && d.providerId)
          await db.query(`INSERT INTO ${schema}.admins VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING`, [
            d.userId,
            d.providerId,
          ]);
        return;
      case 'UserDeleted':
        await db.query(`DELETE FROM ${schema}.admins WHERE user_id = $1`, [
          event.streamName.slice('user-'.length),
        ]);
        return;
      case 'IntervalBooked':
      case 'PaymentConfirmed':
      case 'AppointmentStatusChanged':
      case 'ReminderSent':
      case 'PaymentRefunded':
      case 'AppointmentMovedIn':
      case 'PlaceOffered':
      case 'OfferWithdrawn':
        await toldRun([event], context);
        return;
      case 'NotificationCreated':
        await createdRun([event], context);
        return;
      case 'NotificationDeleted':
        await db.query(`DELETE FROM ${schema}.notifications WHERE id = $1 AND user_id = $2`, [
          d.notificationId,
          d.userId,
        ]);
        return;
      case 'NotificationsCleared':
        // Only what existed when the list was cleared; a notification created since stays.
        await db.query(`DELETE FROM ${schema}.notifications WHERE user_id = $1 AND created_at <= $2`, [
          d.userId,
          d.at,
        ]);
        return;
      case 'PersonForgotten':
        // A forgotten person's list goes; others' notices about them keep no name.
        await db.query(`DELETE FROM ${schema}.notifications WHERE user_id = $1`, [d.personId]);
        await db.query(`UPDATE ${schema}.notifications SET message = $2 WHERE subject_id = $1`, [
          d.personId,
          FORGOTTEN_MESSAGE,
        ]);
        await db.query(`DELETE FROM ${schema}.bookings WHERE user_id = $1`, [d.personId]);
        return;
      default:
        return;
    }
  },
};

interface Row {
  id: string;
  user_id: string;
  subject_id: string | null;
  audience: 'user' | 'admin';
  message: string;
  created_at: string;
  source_event_id: string;
}

const insertRows = async (rows: Row[], { db, schema }: ApplyContext): Promise<void> => {
  if (rows.length === 0) return;
  await db.query(
    batchStatement(
      schema,
      'insert_notifications',
      `INSERT INTO ${schema}.notifications (id, user_id, subject_id, audience, message, created_at, source_event_id)
     SELECT * FROM jsonb_to_recordset($1::jsonb)
       AS n(id text, user_id text, subject_id text, audience text, message text, created_at timestamptz,
            source_event_id text)
     ON CONFLICT (id) DO NOTHING`,
      [JSON.stringify(rows)],
    ),
  );
};

/** A run of recorded notices (a webhook switched off, or older logs' notifier) in one statement. */
const createdRun = async (events: RecordedEvent[], context: ApplyContext): Promise<void> => {
  const rows = events.flatMap((event): Row[] => {
    const d = parseData('notifications', Created, event);
    if (!d) return [];
    return [
      {
        id: d.notificationId,
        user_id: d.userId,
        subject_id: d.subjectId ?? null,
        audience: d.audience,
        message: d.message,
        created_at: d.at,
        source_event_id: event.id,
      },
    ];
  });
  await insertRows(rows, context);
};

interface BookingRow {
  appointment_id: string;
  user_id: string;
  username: string;
  service_name: string;
  provider_name: string;
  /** An ISO instant when written; a Date when read back. */
  starts_at: string | Date;
  timezone: string;
  /** Confirmed with its payment (the service's automaticBooking); absent on rows made before it. */
  automatic_booking?: boolean | null;
}

/**
 * A run of bookings, payments, status changes or reminders (one type): the admins of their
 * providers and the bookings they name in one statement each, then every notification in one.
 */
const toldRun = async (events: RecordedEvent[], context: ApplyContext): Promise<void> => {
  const { db, schema } = context;
  const reads = events.flatMap((event) => {
    const read = readEvent('notifications', SCHEMAS, event);
    return read ? [{ event, read }] : [];
  });
  const providerIds = [
    ...new Set(
      reads.flatMap(({ read }) =>
        read.type === 'IntervalBooked' ||
        read.type === 'PaymentConfirmed' ||
        read.type === 'AppointmentStatusChanged' ||
        read.type === 'AppointmentMovedIn'
          ? [read.data.providerId]
          : [],
      ),
    ),
  ];
  const admins = new Map<string, string[]>();
  if (providerIds.length > 0) {
    const { rows } = await db.query<{ user_id: string; provider_id: string }>(
      `SELECT user_id, provider_id FROM ${schema}.admins WHERE provider_id = ANY($1::text[]) ORDER BY user_id`,
      [providerIds],
    );
    for (const row of rows)
      admins.set(row.provider_id, [...(admins.get(row.provider_id) ?? []), row.user_id]);
  }
  const namedIds = reads.flatMap(({ read }) =>
    read.type === 'PaymentConfirmed' ||
    read.type === 'AppointmentStatusChanged' ||
    read.type === 'PaymentRefunded' ||
    read.type === 'AppointmentMovedIn'
      ? [read.data.appointmentId]
      : [],
  );
  const bookings = new Map<string, BookingRow>();
  if (namedIds.length > 0) {
    const { rows } = await db.query<BookingRow>(
      `SELECT appointment_id, user_id, username, service_name, provider_name, starts_at, timezone, automatic_booking
         FROM ${schema}.bookings WHERE appointment_id = ANY($1::text[])`,
      [namedIds],
    );
    for (const row of rows) bookings.set(row.appointment_id, row);
  }
  const rows: Row[] = [];
  const newBookings: BookingRow[] = [];
  const moved: { appointment_id: string; starts_at: string }[] = [];
  const tell = (
    event: RecordedEvent,
    at: string,
    user: { id: string; message: string },
    admin?: { providerId: string; message: string },
  ) => {
    rows.push({
      id: notificationIdOf(event.id, user.id),
      user_id: user.id,
      subject_id: null,
      audience: 'user',
      message: user.message,
      created_at: at,
      source_event_id: event.id,
    });
    for (const adminId of admin ? (admins.get(admin.providerId) ?? []) : [])
      rows.push({
        id: notificationIdOf(event.id, adminId),
        user_id: adminId,
        subject_id: user.id,
        audience: 'admin',
        message: admin!.message,
        created_at: at,
        source_event_id: event.id,
      });
  };
  for (const { event, read } of reads) {
    switch (read.type) {
      case 'IntervalBooked': {
        const d = read.data;
        const on = when(d.startDateTime, d.timezone);
        // A booking that still waits for its payment says so; "booked" comes once paid.
        const awaits = d.paymentNeeded && d.status === 'pending';
        newBookings.push({
          appointment_id: d.appointmentId,
          user_id: d.userId,
          username: d.username,
          service_name: d.serviceName,
          provider_name: d.providerName,
          starts_at: d.startDateTime,
          timezone: d.timezone,
          automatic_booking: d.automaticBooking,
        });
        tell(
          event,
          d.at,
          {
            id: d.userId,
            message: awaits
              ? NOTIFICATION_TEXTS.awaitingToUser(d.serviceName, d.providerName, on)
              : NOTIFICATION_TEXTS.bookedToUser(d.serviceName, d.providerName, on),
          },
          {
            providerId: d.providerId,
            message: awaits
              ? NOTIFICATION_TEXTS.awaitingToAdmin(d.username, d.serviceName, on)
              : NOTIFICATION_TEXTS.bookedToAdmin(d.username, d.serviceName, on),
          },
        );
        break;
      }
      case 'PaymentConfirmed': {
        const d = read.data;
        const booking = bookings.get(d.appointmentId);
        if (!booking) break;
        const on = when(booking.starts_at, booking.timezone);
        tell(
          event,
          d.at,
          {
            id: booking.user_id,
            // Confirmed with it (an automatic service), or waiting for its provider: said as it is.
            message: (booking.automatic_booking === false
              ? NOTIFICATION_TEXTS.paidAwaitingToUser
              : NOTIFICATION_TEXTS.paidToUser)(booking.service_name, booking.provider_name, on),
          },
          {
            providerId: d.providerId,
            message: NOTIFICATION_TEXTS.paidToAdmin(booking.username, booking.service_name, on),
          },
        );
        break;
      }
      case 'AppointmentStatusChanged': {
        const d = read.data;
        const booking = bookings.get(d.appointmentId);
        if (!booking) break;
        const on = when(booking.starts_at, booking.timezone);
        const texts = [booking.service_name, booking.provider_name, on] as const;
        const who = changedBy({ data: d, metadata: event.metadata });
        if (d.to === 'cancelled' && who === 'user')
          tell(
            event,
            d.at,
            { id: booking.user_id, message: NOTIFICATION_TEXTS.cancelledToUser(...texts) },
            {
              providerId: d.providerId,
              message: NOTIFICATION_TEXTS.cancelledToAdmin(booking.username, booking.service_name, on),
            },
          );
        else if (d.to === 'cancelled' && who === 'system')
          tell(
            event,
            d.at,
            { id: booking.user_id, message: NOTIFICATION_TEXTS.expiredToUser(...texts) },
            {
              providerId: d.providerId,
              message: NOTIFICATION_TEXTS.expiredToAdmin(booking.username, booking.service_name, on),
            },
          );
        else if (who === 'provider' && (d.to === 'scheduled' || d.to === 'cancelled' || d.to === 'no_show'))
          tell(event, d.at, {
            id: booking.user_id,
            message:
              d.to === 'scheduled'
                ? NOTIFICATION_TEXTS.confirmedToUser(...texts)
                : d.to === 'no_show'
                  ? NOTIFICATION_TEXTS.noShowToUser(...texts)
                  : NOTIFICATION_TEXTS.rejectedToUser(...texts),
          });
        break;
      }
      case 'AppointmentMovedIn': {
        const d = read.data;
        const booking = bookings.get(d.appointmentId);
        if (!booking) break;
        const from = when(d.from.startDateTime, d.timezone);
        const to = when(d.startDateTime, d.timezone);
        tell(
          event,
          d.at,
          {
            id: booking.user_id,
            message: NOTIFICATION_TEXTS.movedToUser(booking.service_name, booking.provider_name, from, to),
          },
          {
            providerId: d.providerId,
            message: NOTIFICATION_TEXTS.movedToAdmin(booking.username, booking.service_name, from, to),
          },
        );
        // Later notices of this booking name its new time.
        booking.starts_at = d.startDateTime;
        moved.push({ appointment_id: d.appointmentId, starts_at: d.startDateTime });
        break;
      }
      case 'PaymentRefunded': {
        const d = read.data;
        const booking = bookings.get(d.appointmentId);
        if (!booking) break;
        const amount = formatMoney(fromMinorUnits(d.amount, d.currency), d.currency, 'en-US');
        tell(event, d.at, {
          id: booking.user_id,
          message: NOTIFICATION_TEXTS.refundedToUser(
            amount,
            booking.service_name,
            booking.provider_name,
            when(booking.starts_at, booking.timezone),
          ),
        });
        break;
      }
      case 'PlaceOffered': {
        const d = read.data;
        tell(event, d.at, {
          id: d.userId,
          message: NOTIFICATION_TEXTS.offeredToUser(
            d.serviceName,
            when(d.startDateTime, d.timezone),
            when(d.expiresAt, d.timezone),
          ),
        });
        break;
      }
      case 'OfferWithdrawn': {
        const d = read.data;
        tell(event, d.at, {
          id: d.userId,
          message: NOTIFICATION_TEXTS.offerWithdrawnToUser(d.serviceName, when(d.startDateTime, d.timezone)),
        });
        break;
      }
      case 'ReminderSent': {
        const d = read.data;
        tell(event, d.at, {
          id: d.userId,
          message: NOTIFICATION_TEXTS.reminder(
            d.serviceName,
            d.providerName,
            when(d.startDateTime, d.timezone),
          ),
        });
        break;
      }
      default:
        break;
    }
  }
  if (moved.length > 0)
    await db.query(
      `UPDATE ${schema}.bookings b SET starts_at = m.starts_at
         FROM jsonb_to_recordset($1::jsonb) AS m(appointment_id text, starts_at timestamptz)
        WHERE b.appointment_id = m.appointment_id`,
      [JSON.stringify(moved)],
    );
  if (newBookings.length > 0)
    await db.query(
      batchStatement(
        schema,
        'insert_bookings',
        `INSERT INTO ${schema}.bookings
       SELECT * FROM jsonb_to_recordset($1::jsonb)
         AS a(appointment_id text, user_id text, username text, service_name text, provider_name text,
              starts_at timestamptz, timezone text, automatic_booking boolean)
       ON CONFLICT (appointment_id) DO NOTHING`,
        [JSON.stringify(newBookings)],
      ),
    );
  await insertRows(rows, context);
};

const applyBatch = inRuns(
  SCHEMAS,
  {
    IntervalBooked: toldRun,
    PaymentConfirmed: toldRun,
    AppointmentStatusChanged: toldRun,
    ReminderSent: toldRun,
    PaymentRefunded: toldRun,
    AppointmentMovedIn: toldRun,
    PlaceOffered: toldRun,
    OfferWithdrawn: toldRun,
    NotificationCreated: createdRun,
  },
  (event, context) => notificationsProjection.apply(event, context),
);
