import type pg from 'pg';
import { WEEKDAYS } from '@appointment/contracts/constants';
import type { OpenHours } from '@appointment/contracts/catalogue';
import type {
  MatchedService,
  ScheduleTemplate,
  TimeOff,
  TimeSlot,
  TimeSpan,
} from '@appointment/contracts/schedule';

/**
 * The reads of rm_schedule, beside the projection that writes it (`schedule.projection.ts`):
 * one module knows the tables' columns.
 */
interface TimeSlotRow {
  id: string;
  provider_id: string;
  service_names: string[];
  date: string;
  start_time: string;
  end_time: string;
  timezone: string;
  starts_at: Date;
  ends_at: Date;
  capacity: number;
  /** Null for a split time slot. */
  places_left: number | null;
  taken_intervals: number[];
  split: boolean;
  series_id: string | null;
}

const SLOT_COLUMNS = `id, provider_id, service_names, date::text AS date, start_time, end_time, timezone, starts_at,
  ends_at, capacity, places_left, taken_intervals, split, series_id`;

/** A row in the API's shape: `availableSlots` is a split time slot's capacity, a block's places left. */
const toTimeSlot = (row: TimeSlotRow): TimeSlot => ({
  _id: row.id,
  providerId: row.provider_id,
  serviceIds: row.service_names,
  date: row.date,
  startTime: row.start_time,
  endTime: row.end_time,
  availableSlots: row.split ? row.capacity : (row.places_left ?? 0),
  capacity: row.capacity,
  indexes: row.taken_intervals,
  addAsSlot: row.split,
  timezone: row.timezone,
  startDateTime: row.starts_at.toISOString(),
  endDateTime: row.ends_at.toISOString(),
  ...(row.series_id ? { seriesId: row.series_id } : {}),
});

/** The ids of a provider's time slots of one repeating series from `from` (a UTC instant) on. */
export const laterInSeries = async (
  pool: pg.Pool,
  providerId: string,
  seriesId: string,
  from: string,
): Promise<string[]> => {
  const { rows } = await pool.query<{ id: string }>(
    `SELECT id FROM rm_schedule.time_slots WHERE provider_id = $1 AND series_id = $2 AND starts_at >= $3
      ORDER BY starts_at, id`,
    [providerId, seriesId, from],
  );
  return rows.map((row) => row.id);
};

/** The time slots with these ids, in time order. */
export const timeSlotsByIds = async (pool: pg.Pool, ids: string[]): Promise<TimeSlot[]> => {
  const { rows } = await pool.query<TimeSlotRow>(
    `SELECT ${SLOT_COLUMNS} FROM rm_schedule.time_slots WHERE id = ANY($1) ORDER BY starts_at, id`,
    [ids],
  );
  return rows.map(toTimeSlot);
};

/** A provider's time slots in time order, optionally only those offering one service (by name). */
export const timeSlotsOfProvider = async (
  pool: pg.Pool,
  providerId: string,
  serviceName?: string,
): Promise<TimeSlot[]> => {
  const { rows } = await pool.query<TimeSlotRow>(
    `SELECT ${SLOT_COLUMNS} FROM rm_schedule.time_slots
      WHERE provider_id = $1 AND ($2::text IS NULL OR $2 = ANY(service_names)) ORDER BY starts_at, id`,
    [providerId, serviceName ?? null],
  );
  return rows.map(toTimeSlot);
};

/** A provider's time slots of one service from the provider's today on, in time order. */
export const timeSlotsFromToday = async (
  pool: pg.Pool,
  providerId: string,
  serviceName: string,
  now: Date,
): Promise<TimeSlot[]> => {
  const { rows } = await pool.query<TimeSlotRow>(
    `SELECT ${SLOT_COLUMNS} FROM rm_schedule.time_slots
      WHERE provider_id = $1 AND $2 = ANY(service_names) AND date >= ($3::timestamptz AT TIME ZONE timezone)::date
      ORDER BY starts_at, id`,
    [providerId, serviceName, now.toISOString()],
  );
  return rows.map(toTimeSlot);
};

/** Per weekday, the earliest start and latest end of a provider's time slots of 28 days from `today`. */
export const openHoursOf = async (pool: pg.Pool, providerId: string, today: string): Promise<OpenHours[]> => {
  const { rows } = await pool.query<{ dow: number; opens: string; closes: string }>(
    `SELECT extract(isodow FROM date)::int AS dow, min(start_time) AS opens, max(end_time) AS closes
       FROM rm_schedule.time_slots
      WHERE provider_id = $1 AND date >= $2::date AND date < $2::date + 28
      GROUP BY 1 ORDER BY 1`,
    [providerId, today],
  );
  return rows.map((row) => ({ day: WEEKDAYS[row.dow - 1]!, opens: row.opens, closes: row.closes }));
};

/** How many batches changed a provider's schedule ('0' before the first). */
export const scheduleVersionOf = async (pool: pg.Pool, providerId: string): Promise<string> => {
  const { rows } = await pool.query<{ version: string }>(
    'SELECT version FROM rm_schedule.versions WHERE provider_id = $1',
    [providerId],
  );
  return rows[0]?.version ?? '0';
};

/** A provider's service named so (case aside), as fetchslot shows it. */
export const scheduleServiceNamed = async (
  pool: pg.Pool,
  providerId: string,
  name: string,
): Promise<MatchedService | undefined> => {
  const { rows } = await pool.query<{
    id: string;
    name: string;
    description: string | null;
    duration: number;
    price: string;
    currency: string;
    is_payment_needed: boolean;
    automatic_booking: boolean;
  }>(
    `SELECT id, name, description, duration, price, currency, is_payment_needed, automatic_booking
       FROM rm_schedule.services
      WHERE provider_id = $1 AND lower(name) = lower($2) LIMIT 1`,
    [providerId, name],
  );
  const service = rows[0];
  if (!service) return undefined;
  return {
    _id: service.id,
    name: service.name,
    ...(service.description ? { description: service.description } : {}),
    duration: service.duration,
    price: Number(service.price),
    currency: service.currency,
    isPaymentNeeded: service.is_payment_needed,
    automaticBooking: service.automatic_booking,
  };
};

/** A provider's schedule templates, the default first. */
export const templatesOf = async (pool: pg.Pool, providerId: string): Promise<ScheduleTemplate[]> => {
  const { rows } = await pool.query<{
    id: string;
    name: string;
    description: string;
    is_default: boolean;
    working_hours: ScheduleTemplate['workingHours'];
    breaks: ScheduleTemplate['breaks'];
  }>(
    `SELECT id, name, description, is_default, working_hours, breaks FROM rm_schedule.templates
      WHERE provider_id = $1 ORDER BY is_default DESC, created_at, id`,
    [providerId],
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    isDefault: row.is_default,
    workingHours: row.working_hours,
    breaks: row.breaks,
  }));
};

/** A provider's time off that has not ended at `now`, by start (issue 30). */
export const timeOffOf = async (pool: pg.Pool, providerId: string, now: Date): Promise<TimeOff[]> => {
  const { rows } = await pool.query<{
    id: string;
    from_given: string;
    to_given: string;
    reason: string;
    timezone: string;
    starts_at: Date;
    ends_at: Date;
  }>(
    `SELECT id, from_given, to_given, reason, timezone, starts_at, ends_at FROM rm_schedule.time_off
      WHERE provider_id = $1 AND ends_at > $2 ORDER BY starts_at, id`,
    [providerId, now.toISOString()],
  );
  return rows.map((row) => ({
    _id: row.id,
    from: row.from_given,
    to: row.to_given,
    reason: row.reason,
    timezone: row.timezone,
    startDateTime: row.starts_at.toISOString(),
    endDateTime: row.ends_at.toISOString(),
  }));
};

/**
 * What shapes a provider's offer beside its time slots (issue 30), in one statement: its time off
 * that has not ended and the minimum notice of its policy (0 until set).
 */
export const availabilityRulesOf = async (
  pool: pg.Pool,
  providerId: string,
  now: Date,
): Promise<{ timeOff: TimeSpan[]; minimumNoticeMinutes: number }> => {
  const { rows } = await pool.query<{ notice: number | null; time_off: TimeSpan[] }>(
    `SELECT (SELECT minimum_notice_minutes FROM rm_schedule.notices WHERE provider_id = $1) AS notice,
            coalesce((SELECT jsonb_agg(jsonb_build_object(
                        'startDateTime', to_char(starts_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                        'endDateTime', to_char(ends_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
                        ORDER BY starts_at)
                        FROM rm_schedule.time_off WHERE provider_id = $1 AND ends_at > $2), '[]'::jsonb) AS time_off`,
    [providerId, now.toISOString()],
  );
  return { timeOff: rows[0]?.time_off ?? [], minimumNoticeMinutes: rows[0]?.notice ?? 0 };
};
