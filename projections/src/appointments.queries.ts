import type pg from 'pg';
import type { Appointment, AppointmentStatus } from '@appointment/contracts/appointments';
import type { RecordedBookingPolicy } from '@appointment/contracts/policy';

/**
 * The reads of rm_appointments, beside the projection that writes it
 * (`appointments.projection.ts`): one module knows the table's columns.
 */
interface AppointmentRow {
  id: string;
  user_id: string;
  email: string;
  username: string;
  provider_id: string;
  provider_name: string;
  service_name: string;
  timeslot_id: string;
  interval_number: number | null;
  date: string;
  start_time: string;
  end_time: string;
  starts_at: Date;
  ends_at: Date;
  timezone: string;
  status: AppointmentStatus;
  payment_needed: boolean;
  paid: boolean;
  amount: string;
  currency: string;
  note: string | null;
  image_url: string | null;
  created_at: Date;
  updated_at: Date;
  order_id: string | null;
  policy: RecordedBookingPolicy | null;
  cancelled_by: Appointment['cancelledBy'] | null;
  late_cancel: boolean | null;
  refund_amount: string | null;
  refund_fee: string | null;
  refunds_pending: number;
  reschedules: number;
  series: Appointment['series'] | null;
}

const COLUMNS = `id, user_id, email, username, provider_id, provider_name, service_name, timeslot_id, interval_number,
  date::text AS date, start_time, end_time, starts_at, ends_at, timezone, status, payment_needed, paid, amount, currency,
  note, image_url, created_at, updated_at, order_id, policy, cancelled_by, late_cancel, refund_amount, refund_fee,
  refunds_pending, reschedules, series`;

const toAppointment = (row: AppointmentRow): Appointment => ({
  _id: row.id,
  userId: row.user_id,
  email: row.email,
  username: row.username,
  providerId: row.provider_id,
  providerName: row.provider_name,
  serviceName: row.service_name,
  timeslotId: row.timeslot_id,
  index: row.interval_number,
  date: row.date,
  starttime: row.start_time,
  startTime: row.start_time,
  endtime: row.end_time,
  endTime: row.end_time,
  startDateTime: row.starts_at.toISOString(),
  endDateTime: row.ends_at.toISOString(),
  timezone: row.timezone,
  status: row.status,
  paymentNeeded: row.payment_needed,
  paid: row.paid,
  amount: Number(row.amount),
  currency: row.currency,
  ...(row.note ? { note: row.note } : {}),
  ...(row.image_url ? { imageUrl: row.image_url } : {}),
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
  ...(row.policy ? { policy: row.policy } : {}),
  ...(row.reschedules > 0 ? { reschedules: row.reschedules } : {}),
  ...(row.series ? { series: row.series } : {}),
  ...(row.cancelled_by ? { cancelledBy: row.cancelled_by } : {}),
  ...(row.late_cancel ? { lateCancel: true } : {}),
  ...(row.refund_amount !== null
    ? {
        refund: {
          amount: Number(row.refund_amount),
          fee: Number(row.refund_fee ?? 0),
          currency: row.currency,
          status: row.refunds_pending > 0 ? ('pending' as const) : ('refunded' as const),
        },
      }
    : {}),
});

type Db = Pick<pg.Pool, 'query'>;

/** One appointment, with the order it is paid by, if any. */
export const appointmentById = async (
  db: Db,
  id: string,
  userId?: string,
): Promise<{ appointment: Appointment; orderId: string | null } | undefined> => {
  const { rows } = await db.query<AppointmentRow>(
    `SELECT ${COLUMNS} FROM rm_appointments.appointments WHERE id = $1${userId === undefined ? '' : ' AND user_id = $2'}`,
    userId === undefined ? [id] : [id, userId],
  );
  return rows[0] && { appointment: toAppointment(rows[0]), orderId: rows[0].order_id };
};

/** Appointments by id, as many as are found (one statement for a batch of events). */
export const appointmentsByIds = async (
  db: Db,
  ids: readonly string[],
): Promise<Map<string, Appointment>> => {
  if (ids.length === 0) return new Map();
  const { rows } = await db.query<AppointmentRow>(
    `SELECT ${COLUMNS} FROM rm_appointments.appointments WHERE id = ANY($1::text[])`,
    [ids],
  );
  return new Map(rows.map((row) => [row.id, toAppointment(row)]));
};

/** The appointment a person's order pays for. */
export const appointmentByOrder = async (
  db: Db,
  orderId: string,
  userId: string,
): Promise<Appointment | undefined> => {
  const { rows } = await db.query<AppointmentRow>(
    `SELECT ${COLUMNS} FROM rm_appointments.appointments WHERE order_id = $1 AND user_id = $2`,
    [orderId, userId],
  );
  return rows[0] && toAppointment(rows[0]);
};

/** Whether an order is for one of this person's appointments still unpaid and not cancelled. */
export const isUnpaidOrderOf = async (db: Db, orderId: string, userId: string): Promise<boolean> => {
  const { rowCount } = await db.query(
    `SELECT 1 FROM rm_appointments.appointments WHERE order_id = $1 AND user_id = $2 AND NOT paid AND status <> 'cancelled'`,
    [orderId, userId],
  );
  return (rowCount ?? 0) > 0;
};

/** How many of a person's active appointments start after `after`, counted up to `limit`. */
export const upcomingHeldBy = async (db: Db, userId: string, after: Date, limit: number): Promise<number> => {
  const { rows } = await db.query<{ held: number }>(
    `SELECT count(*)::int AS held FROM (
       SELECT 1 FROM rm_appointments.appointments
        WHERE user_id = $1 AND starts_at > $2 AND status IN ('pending', 'scheduled') LIMIT $3) AS upcoming`,
    [userId, after.toISOString(), limit],
  );
  return rows[0]?.held ?? 0;
};

/**
 * Whether a booking picture (by any of its /uploads URLs) belongs to an appointment
 * the person booked or, for a provider's staff, one booked at their provider.
 */
export const isPictureOf = async (
  db: Db,
  imageUrls: readonly string[],
  reader: { userId: string; providerId?: string },
): Promise<boolean> => {
  const { rowCount } = await db.query(
    `SELECT 1 FROM rm_appointments.appointments
      WHERE image_url = ANY($1::text[]) AND (user_id = $2 OR provider_id = $3) LIMIT 1`,
    [imageUrls, reader.userId, reader.providerId ?? null],
  );
  return (rowCount ?? 0) > 0;
};

/** Whose appointments a read covers: one person's, one provider's, or everyone's. */
export type AppointmentScope = { userId: string } | { providerId: string } | 'all';

const whereOf = (scope: AppointmentScope): { where: string; params: unknown[] } => {
  if (scope === 'all') return { where: 'true', params: [] };
  if ('userId' in scope) return { where: 'user_id = $1', params: [scope.userId] };
  return { where: 'provider_id = $1', params: [scope.providerId] };
};

/** The appointments of a scope, by start, optionally of one status. */
export const appointmentsOf = async (
  db: Db,
  scope: AppointmentScope,
  status?: AppointmentStatus,
): Promise<Appointment[]> => {
  const { where, params } = whereOf(scope);
  const { rows } = await db.query<AppointmentRow>(
    `SELECT ${COLUMNS} FROM rm_appointments.appointments
      WHERE ${where} ${status ? `AND status = $${params.length + 1}` : ''} ORDER BY starts_at, id`,
    status ? [...params, status] : params,
  );
  return rows.map(toAppointment);
};

/** How many appointments of a scope have each status. */
export const statusCountsOf = async (
  db: Db,
  scope: AppointmentScope,
): Promise<Partial<Record<AppointmentStatus, number>>> => {
  const { where, params } = whereOf(scope);
  const { rows } = await db.query<{ status: AppointmentStatus; count: string }>(
    `SELECT status, count(*) AS count FROM rm_appointments.appointments WHERE ${where} GROUP BY status`,
    params,
  );
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]));
};

/** A move between time slots still under way (rm_appointments.moves). */
export interface MoveUnderWay {
  appointmentId: string;
  reschedules: number;
  fromTimeSlotId: string;
  toTimeSlotId: string;
}

/** Moves requested before `before` and still under way, oldest first. */
export const movesUnderWaySince = async (
  pool: Pick<pg.Pool, 'query'>,
  before: Date,
  limit: number,
): Promise<MoveUnderWay[]> => {
  const { rows } = await pool.query<{
    appointment_id: string;
    reschedules: number;
    from_timeslot_id: string;
    to_timeslot_id: string;
  }>(
    `SELECT appointment_id, reschedules, from_timeslot_id, to_timeslot_id FROM rm_appointments.moves
      WHERE requested_at < $1 ORDER BY requested_at LIMIT $2`,
    [before, limit],
  );
  return rows.map((row) => ({
    appointmentId: row.appointment_id,
    reschedules: row.reschedules,
    fromTimeSlotId: row.from_timeslot_id,
    toTimeSlotId: row.to_timeslot_id,
  }));
};

/** A provider's pending and scheduled appointments that share a minute with a span, by start (issue 30). */
export const heldDuring = async (
  db: Db,
  providerId: string,
  span: { startDateTime: string; endDateTime: string },
): Promise<Appointment[]> => {
  const { rows } = await db.query<AppointmentRow>(
    `SELECT ${COLUMNS} FROM rm_appointments.appointments
      WHERE provider_id = $1 AND starts_at < $3 AND ends_at > $2 AND status IN ('pending', 'scheduled')
      ORDER BY starts_at, id`,
    [providerId, span.startDateTime, span.endDateTime],
  );
  return rows.map(toAppointment);
};

/**
 * Issue 31: the person's appointments of one series from `from` on that still hold a place (not
 * cancelled, not over), earliest first.
 */
export const followingOfSeries = async (
  pool: pg.Pool,
  userId: string,
  seriesId: string,
  from: string,
): Promise<string[]> => {
  const { rows } = await pool.query<{ id: string }>(
    `SELECT id FROM rm_appointments.appointments
      WHERE user_id = $1 AND series->>'seriesId' = $2 AND starts_at >= $3::timestamptz
        AND status IN ('pending', 'scheduled')
      ORDER BY starts_at`,
    [userId, seriesId, from],
  );
  return rows.map((row) => row.id);
};
