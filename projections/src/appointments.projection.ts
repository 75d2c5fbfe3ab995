import { z } from 'zod';
import { timeOfDayIn } from '@appointment/contracts/schedule';
import { parseEvent } from './event-shapes';
import type { Projection } from './projection';

const Status = z.enum(['pending', 'scheduled', 'completed', 'cancelled']);

const SHAPES: Record<string, z.ZodType> = {
  IntervalBooked: z.object({
    at: z.string(),
    appointmentId: z.string(),
    timeSlotId: z.string(),
    providerId: z.string(),
    userId: z.string(),
    email: z.string(),
    username: z.string(),
    providerName: z.string(),
    serviceName: z.string(),
    index: z.number().nullable(),
    status: Status,
    date: z.string(),
    timezone: z.string(),
    startDateTime: z.string(),
    endDateTime: z.string(),
    paymentNeeded: z.boolean(),
    amount: z.number(),
    note: z.string().optional(),
    imageUrl: z.string().optional(),
  }),
  AppointmentStatusChanged: z.object({ at: z.string(), appointmentId: z.string(), to: Status }),
  PaymentRequested: z.object({ at: z.string(), appointmentId: z.string(), orderId: z.string() }),
  PaymentConfirmed: z.object({ at: z.string(), appointmentId: z.string() }),
};

/**
 * Appointments as the lists, the dashboard and the counts read them (SPEC §2.4, §2.5, §3).
 * Every booking and status change is an event on its time slot's stream.
 */
export const appointmentsProjection: Projection = {
  name: 'appointments',
  version: 2,
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
      idx integer,
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
      note text,
      image_url text,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    );
    CREATE INDEX ON ${schema}.appointments (user_id, starts_at);
    CREATE INDEX ON ${schema}.appointments (provider_id, starts_at);
    CREATE INDEX ON ${schema}.appointments (timeslot_id);
    CREATE INDEX ON ${schema}.appointments (order_id);
  `,
  apply: async (event, { db, schema }) => {
    const d = parseEvent('appointments', SHAPES, event);
    if (!d) return;
    switch (event.type) {
      case 'IntervalBooked':
        await db.query(
          `INSERT INTO ${schema}.appointments (id, user_id, email, username, provider_id, provider_name, service_name,
             timeslot_id, idx, date, start_time, end_time, starts_at, ends_at, timezone, status, payment_needed,
             amount, note, image_url, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $21)
           ON CONFLICT (id) DO NOTHING`,
          [
            d.appointmentId,
            d.userId,
            d.email,
            d.username,
            d.providerId,
            d.providerName,
            d.serviceName,
            d.timeSlotId,
            d.index,
            d.date,
            timeOfDayIn(new Date(d.startDateTime), d.timezone),
            timeOfDayIn(new Date(d.endDateTime), d.timezone),
            d.startDateTime,
            d.endDateTime,
            d.timezone,
            d.status,
            d.paymentNeeded,
            d.amount,
            d.note ?? null,
            d.imageUrl ?? null,
            d.at,
          ],
        );
        return;
      case 'AppointmentStatusChanged':
        await db.query(`UPDATE ${schema}.appointments SET status = $2, updated_at = $3 WHERE id = $1`, [
          d.appointmentId,
          d.to,
          d.at,
        ]);
        return;
      case 'PaymentRequested':
        await db.query(`UPDATE ${schema}.appointments SET order_id = $2, updated_at = $3 WHERE id = $1`, [
          d.appointmentId,
          d.orderId,
          d.at,
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
  },
};
