import type { z } from 'zod';
import { dayKeyIn, timeOfDayIn } from '@appointment/contracts/schedule';
import { FALLBACK_CURRENCY, defaultCurrencyForAddress, fromMinorUnits } from '@appointment/contracts/money';
import {
  AppointmentMovedIn,
  AppointmentMovedOut,
  AppointmentStatusChanged,
  changedBy,
  MoveInUndone,
  IntervalBooked,
  PaymentConfirmed,
  PaymentRefunded,
  PaymentRequested,
  RefundRequested,
  RescheduleAbandoned,
  RescheduleRequested,
} from '@appointment/contracts/events/time-slot';
import {
  ProviderCreated,
  ProviderCurrencyChanged,
  ProviderRegistered,
} from '@appointment/contracts/events/provider';
import { FORGOTTEN_USER, PersonForgotten } from '@appointment/contracts/events/privacy';
import { parseData, readEvent, type EventSchemas } from './parse-event';
import type { RecordedEvent } from '@appointment/contracts/events';
import { batchStatement, inRuns, type ApplyContext, type Projection } from './projection';

/** A provider's first event as this read model reads it: its currency, or its address's country's. */
const providerFirst = { providerId: true, address: true, currency: true } as const;

/** A booking as this read model keeps it: all of it but `automaticBooking`, which it does not show. */
const Booking = IntervalBooked.omit({ automaticBooking: true });
type Booking = z.infer<typeof Booking>;

const SCHEMAS = {
  IntervalBooked: Booking,
  AppointmentStatusChanged: AppointmentStatusChanged.pick({
    at: true,
    appointmentId: true,
    to: true,
    by: true,
    late: true,
  }),
  PaymentRequested: PaymentRequested.pick({ at: true, appointmentId: true, orderId: true }),
  PaymentConfirmed: PaymentConfirmed.pick({ at: true, appointmentId: true }),
  RefundRequested: RefundRequested.pick({
    at: true,
    appointmentId: true,
    amount: true,
    fee: true,
    currency: true,
  }),
  PaymentRefunded: PaymentRefunded.pick({ at: true, appointmentId: true }),
  AppointmentMovedIn: AppointmentMovedIn.pick({
    at: true,
    appointmentId: true,
    timeSlotId: true,
    index: true,
    date: true,
    timezone: true,
    startDateTime: true,
    endDateTime: true,
    reschedules: true,
  }),
  MoveInUndone: MoveInUndone.pick({ at: true, appointmentId: true, from: true, reschedules: true }),
  RescheduleRequested: RescheduleRequested.pick({
    at: true,
    appointmentId: true,
    timeSlotId: true,
    reschedules: true,
    to: true,
  }),
  AppointmentMovedOut: AppointmentMovedOut.pick({ appointmentId: true, reschedules: true }),
  RescheduleAbandoned: RescheduleAbandoned.pick({ appointmentId: true, reschedules: true }),
  ProviderRegistered: ProviderRegistered.pick(providerFirst),
  ProviderCreated: ProviderCreated.pick(providerFirst),
  ProviderCurrencyChanged: ProviderCurrencyChanged.pick({ providerId: true, currency: true }),
  PersonForgotten,
} satisfies EventSchemas;

/**
 * Appointments as the lists, the dashboard and the counts read them (docs/product.md §2.4, §2.5, §3).
 * Every booking and status change is an event on its time slot's stream.
 */
export const appointmentsProjection: Projection = {
  name: 'appointments',
  version: 8,
  createTables: (schema) => `
    CREATE TABLE ${schema}.appointments (
      id text PRIMARY KEY,
      user_id text NOT NULL,
      email text NOT NULL,
      username text NOT NULL,
      provider_id text NOT NULL,
      provider_name text NOT NULL,
      service_name text NOT NULL,
      timeslot_id text NOT NULL,
      interval_number integer,
      date date NOT NULL,
      start_time text NOT NULL,
      end_time text NOT NULL,
      starts_at timestamptz NOT NULL,
      ends_at timestamptz NOT NULL,
      timezone text NOT NULL,
      status text NOT NULL,
      payment_needed boolean NOT NULL,
      paid boolean NOT NULL DEFAULT false,
      order_id text,
      amount numeric(12, 2) NOT NULL,
      currency text NOT NULL,
      note text,
      image_url text,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      -- Issue 29: the booking's policy, who cancelled it and how late, and what goes back of its
      -- payment (in the currency's main unit), with the refunds the gateway has yet to make.
      policy jsonb,
      cancelled_by text,
      late_cancel boolean,
      refund_amount numeric(12, 2),
      refund_fee numeric(12, 2),
      refunds_pending integer NOT NULL DEFAULT 0,
      reschedules integer NOT NULL DEFAULT 0,
      -- Issue 31: the recurring series it was booked with ({ seriesId, occurrence, count }).
      series jsonb
    );
    CREATE INDEX ON ${schema}.appointments (user_id, starts_at);
    CREATE INDEX ON ${schema}.appointments ((series->>'seriesId')) WHERE series IS NOT NULL;
    CREATE INDEX ON ${schema}.appointments (provider_id, starts_at);
    CREATE INDEX ON ${schema}.appointments (timeslot_id);
    CREATE INDEX ON ${schema}.appointments (order_id);
    -- Moves between time slots under way (issue 29): from RescheduleRequested until the move
    -- completes or is given up. A move left here by a process that stopped is settled by
    -- settleStrandedMoves (services/src/appointments/reschedule).
    CREATE TABLE ${schema}.moves (
      appointment_id text NOT NULL,
      reschedules integer NOT NULL,
      from_timeslot_id text NOT NULL,
      to_timeslot_id text NOT NULL,
      requested_at timestamptz NOT NULL,
      PRIMARY KEY (appointment_id, reschedules)
    );
    CREATE INDEX ON ${schema}.moves (requested_at);
    -- Each provider's currency (issue 18), for bookings recorded before they named one.
    CREATE TABLE ${schema}.provider_currencies (
      provider_id text PRIMARY KEY,
      currency text NOT NULL
    );
  `,
  apply: (event, context) => apply(event, context),
  applyBatch: (events, context) => applyBatch(events, context),
};

/** Bookings in one statement, as rows of one JSON array. */
const insertBookings = async (bookings: Booking[], db: ApplyContext['db'], schema: string) => {
  if (bookings.length === 0) return;
  await db.query(
    batchStatement(
      schema,
      'insert_bookings',
      `INSERT INTO ${schema}.appointments (id, user_id, email, username, provider_id, provider_name, service_name,
       timeslot_id, interval_number, date, start_time, end_time, starts_at, ends_at, timezone, status, payment_needed,
       amount, currency, note, image_url, created_at, updated_at, policy, series)
     SELECT id, user_id, email, username, provider_id, provider_name, service_name, timeslot_id, interval_number, date,
       start_time, end_time, starts_at, ends_at, timezone, status, payment_needed, amount,
       COALESCE(b.currency, (SELECT c.currency FROM ${schema}.provider_currencies c WHERE c.provider_id = b.provider_id), $2),
       note, image_url, at, at, policy, series
       FROM jsonb_to_recordset($1::jsonb) AS b(id text, user_id text, email text, username text, provider_id text,
         provider_name text, service_name text, timeslot_id text, interval_number integer, date date, start_time text,
         end_time text, starts_at timestamptz, ends_at timestamptz, timezone text, status text,
         payment_needed boolean, amount numeric, currency text, note text, image_url text, at timestamptz, policy jsonb,
         series jsonb)
     ON CONFLICT (id) DO NOTHING`,
      [
        JSON.stringify(
          bookings.map((d) => ({
            id: d.appointmentId,
            user_id: d.userId,
            email: d.email,
            username: d.username,
            provider_id: d.providerId,
            provider_name: d.providerName,
            service_name: d.serviceName,
            timeslot_id: d.timeSlotId,
            interval_number: d.index,
            date: d.date,
            start_time: timeOfDayIn(new Date(d.startDateTime), d.timezone),
            end_time: timeOfDayIn(new Date(d.endDateTime), d.timezone),
            starts_at: d.startDateTime,
            ends_at: d.endDateTime,
            timezone: d.timezone,
            status: d.status,
            payment_needed: d.paymentNeeded,
            amount: d.amount,
            currency: d.currency ?? null,
            note: d.note ?? null,
            image_url: d.imageUrl ?? null,
            at: d.at,
            policy: d.policy ?? null,
            series: d.series ?? null,
          })),
        ),
        FALLBACK_CURRENCY,
      ],
    ),
  );
};

const applyBatch = inRuns(
  SCHEMAS,
  {
    IntervalBooked: async (events, { db, schema }) => {
      const bookings = events.map((event) => parseData('appointments', Booking, event));
      await insertBookings(
        bookings.filter((booking): booking is Booking => booking !== undefined),
        db,
        schema,
      );
    },
  },
  (event, context) => apply(event, context),
);

const apply = async (event: RecordedEvent, { db, schema }: ApplyContext): Promise<void> => {
  if (event.type === 'IntervalBooked') {
    const booking = parseData('appointments', Booking, event);
    if (booking) await insertBookings([booking], db, schema);
    return;
  }
  const read = readEvent('appointments', SCHEMAS, event);
  if (!read) return;
  const { type, data: d } = read;
  const setCurrency = (providerId: string, currency: string) =>
    db.query(
      `INSERT INTO ${schema}.provider_currencies (provider_id, currency) VALUES ($1, $2)
       ON CONFLICT (provider_id) DO UPDATE SET currency = $2`,
      [providerId, currency],
    );
  switch (type) {
    case 'AppointmentStatusChanged': {
      const cancelled = d.to === 'cancelled';
      await db.query(
        `UPDATE ${schema}.appointments SET status = $2, updated_at = $3, cancelled_by = $4, late_cancel = $5
          WHERE id = $1`,
        [
          d.appointmentId,
          d.to,
          d.at,
          cancelled ? (changedBy({ data: d, metadata: event.metadata }) ?? null) : null,
          cancelled ? (d.late ?? false) : null,
        ],
      );
      return;
    }
    case 'RefundRequested':
      await db.query(
        `UPDATE ${schema}.appointments SET refund_amount = COALESCE(refund_amount, 0) + $2,
           refund_fee = COALESCE(refund_fee, 0) + $3, refunds_pending = refunds_pending + $5, updated_at = $4
          WHERE id = $1`,
        [
          d.appointmentId,
          fromMinorUnits(d.amount, d.currency),
          fromMinorUnits(d.fee, d.currency),
          d.at,
          d.amount > 0 ? 1 : 0,
        ],
      );
      return;
    case 'AppointmentMovedIn':
      // The booking now is here (issue 29); its old time slot's AppointmentMovedOut changes nothing more.
      await db.query(
        `UPDATE ${schema}.appointments SET timeslot_id = $2, interval_number = $3, date = $4, start_time = $5,
           end_time = $6, starts_at = $7, ends_at = $8, timezone = $9, reschedules = $10, updated_at = $11
          WHERE id = $1`,
        [
          d.appointmentId,
          d.timeSlotId,
          d.index,
          d.date,
          timeOfDayIn(new Date(d.startDateTime), d.timezone),
          timeOfDayIn(new Date(d.endDateTime), d.timezone),
          d.startDateTime,
          d.endDateTime,
          d.timezone,
          d.reschedules,
          d.at,
        ],
      );
      return;
    case 'RescheduleRequested':
      await db.query(
        `INSERT INTO ${schema}.moves (appointment_id, reschedules, from_timeslot_id, to_timeslot_id, requested_at)
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
        [d.appointmentId, d.reschedules, d.timeSlotId, d.to.timeSlotId, d.at],
      );
      return;
    case 'AppointmentMovedOut':
    case 'RescheduleAbandoned':
      await db.query(`DELETE FROM ${schema}.moves WHERE appointment_id = $1 AND reschedules = $2`, [
        d.appointmentId,
        d.reschedules,
      ]);
      return;
    case 'MoveInUndone': {
      // Back where it was (a move given up after it arrived): the same provider, so the same zone.
      const { from } = d;
      const { rows } = await db.query<{ timezone: string }>(
        `SELECT timezone FROM ${schema}.appointments WHERE id = $1`,
        [d.appointmentId],
      );
      const zone = rows[0]?.timezone;
      if (!zone) return;
      const start = new Date(from.startDateTime);
      await db.query(
        `UPDATE ${schema}.appointments SET timeslot_id = $2, interval_number = $3, date = $4, start_time = $5,
           end_time = $6, starts_at = $7, ends_at = $8, reschedules = $9, updated_at = $10
          WHERE id = $1`,
        [
          d.appointmentId,
          from.timeSlotId,
          from.index,
          dayKeyIn(start, zone),
          timeOfDayIn(start, zone),
          timeOfDayIn(new Date(from.endDateTime), zone),
          from.startDateTime,
          from.endDateTime,
          d.reschedules - 1,
          d.at,
        ],
      );
      return;
    }
    case 'PaymentRefunded':
      await db.query(
        `UPDATE ${schema}.appointments SET refunds_pending = refunds_pending - 1, updated_at = $2 WHERE id = $1`,
        [d.appointmentId, d.at],
      );
      return;
    case 'PaymentRequested':
      await db.query(`UPDATE ${schema}.appointments SET order_id = $2, updated_at = $3 WHERE id = $1`, [
        d.appointmentId,
        d.orderId,
        d.at,
      ]);
      return;
    case 'ProviderRegistered':
    case 'ProviderCreated':
      await setCurrency(d.providerId, d.currency ?? defaultCurrencyForAddress(d.address));
      return;
    case 'ProviderCurrencyChanged':
      await setCurrency(d.providerId, d.currency);
      return;
    case 'PersonForgotten':
      // The booking stays (its time, status, service); who booked it is forgotten.
      await db.query(
        `UPDATE ${schema}.appointments SET email = $2, username = $2, note = NULL, image_url = NULL
          WHERE user_id = $1`,
        [d.personId, FORGOTTEN_USER],
      );
      await db.query(`UPDATE ${schema}.appointments SET provider_name = $2 WHERE provider_id = $1`, [
        d.personId,
        FORGOTTEN_USER,
      ]);
      return;
    case 'PaymentConfirmed':
      await db.query(`UPDATE ${schema}.appointments SET paid = true, updated_at = $2 WHERE id = $1`, [
        d.appointmentId,
        d.at,
      ]);
      return;
    default:
      return;
  }
};
