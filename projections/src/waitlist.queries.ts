import type pg from 'pg';
import { intervalOf } from '@appointment/contracts/schedule';
import type { WaitlistEntry, WaitlistStatus } from '@appointment/contracts/waitlist';

/**
 * The reads of rm_waitlist, beside the projection that writes it (`waitlist.projection.ts`), with
 * the time slot (rm_schedule) and provider (rm_catalogue) each entry is of.
 */
type Pool = Pick<pg.Pool, 'query'>;

interface EntryRow {
  id: string;
  time_slot_id: string;
  provider_id: string;
  provider_name: string | null;
  user_id: string;
  username: string | null;
  service_name: string;
  place_index: number | null;
  status: WaitlistStatus;
  position: string | null;
  joined_at: Date;
  offer_id: string | null;
  offer_expires_at: Date | null;
  appointment_id: string | null;
  date: string | null;
  start_time: string | null;
  end_time: string | null;
  timezone: string | null;
  starts_at: Date | null;
  ends_at: Date | null;
  capacity: number | null;
  split: boolean | null;
  day: string | null;
}

const SELECT = `
  SELECT e.*, p.name AS provider_name, u.name AS username,
         to_char(t.date, 'YYYY-MM-DD') AS date, t.start_time, t.end_time, t.timezone, t.starts_at, t.ends_at,
         t.capacity, t.split,
         CASE WHEN e.status = 'waiting' THEN (
           SELECT count(*) FROM rm_waitlist.entries o
            WHERE o.time_slot_id = e.time_slot_id AND o.status = 'waiting' AND o.day IS NULL
              AND (e.day IS NOT NULL OR o.place_index IS NOT DISTINCT FROM e.place_index)
              AND o.joined_revision <= e.joined_revision
         ) + (
           -- Day entries (issue 31) wait in every line of their day, for any place.
           SELECT count(*) FROM rm_waitlist.copies c JOIN rm_waitlist.entries o ON o.id = c.entry_id
            WHERE c.time_slot_id = e.time_slot_id AND o.status = 'waiting'
              AND c.joined_revision <= e.joined_revision
         ) END AS position
    FROM rm_waitlist.entries e
    LEFT JOIN rm_schedule.time_slots t ON t.id = e.time_slot_id
    LEFT JOIN rm_catalogue.providers p ON p.id = e.provider_id
    LEFT JOIN rm_accounts.users u ON u.id = e.user_id`;

/** The instants of the place an entry waits for: its interval, or the block. */
const placeOf = (row: EntryRow): { startDateTime: string; endDateTime: string } => {
  const block = {
    startDateTime: row.starts_at?.toISOString() ?? '',
    endDateTime: row.ends_at?.toISOString() ?? '',
  };
  if (!row.split || row.place_index === null || !row.date || !row.start_time || !row.end_time) return block;
  const interval = intervalOf(
    {
      date: row.date,
      startTime: row.start_time,
      endTime: row.end_time,
      timezone: row.timezone ?? 'UTC',
      availableSlots: row.capacity ?? 1,
      indexes: [],
    },
    row.place_index,
  );
  return interval ? { startDateTime: interval.startDateTime, endDateTime: interval.endDateTime } : block;
};

const entryOf = (row: EntryRow, staff: boolean): WaitlistEntry => ({
  _id: row.id,
  timeslotId: row.time_slot_id,
  providerId: row.provider_id,
  providerName: row.provider_name ?? '',
  serviceName: row.service_name,
  index: row.place_index,
  date: row.date ?? '',
  ...placeOf(row),
  timezone: row.timezone ?? 'UTC',
  status: row.status,
  position: row.position === null ? null : Number(row.position),
  joinedAt: row.joined_at.toISOString(),
  offer:
    row.status === 'offered' && row.offer_id && row.offer_expires_at
      ? { id: row.offer_id, expiresAt: row.offer_expires_at.toISOString() }
      : null,
  appointmentId: row.appointment_id,
  day: row.day,
  ...(staff ? { username: row.username ?? '' } : {}),
});

/** A person's entries, newest first. */
export const waitlistOf = async (pool: Pool, userId: string): Promise<WaitlistEntry[]> => {
  const { rows } = await pool.query<EntryRow>(
    `${SELECT} WHERE e.user_id = $1 ORDER BY e.joined_at DESC LIMIT 200`,
    [userId],
  );
  return rows.map((row) => entryOf(row, false));
};

/** A time slot's waitlist in order of joining, for its provider's staff. */
export const timeSlotWaitlist = async (pool: Pool, timeSlotId: string): Promise<WaitlistEntry[]> => {
  const { rows } = await pool.query<EntryRow>(
    `${SELECT} WHERE e.time_slot_id = $1 ORDER BY e.joined_revision LIMIT 1000`,
    [timeSlotId],
  );
  return rows.map((row) => entryOf(row, true));
};

/** Which time slot and person an entry or an offer is of. */
export const waitlistEntryNamed = async (
  pool: Pool,
  by: { entryId: string } | { offerId: string },
): Promise<
  { id: string; timeSlotId: string; providerId: string; userId: string; entry: WaitlistEntry } | undefined
> => {
  const [column, value] = 'entryId' in by ? ['e.id', by.entryId] : ['e.offer_id', by.offerId];
  const { rows } = await pool.query<EntryRow>(`${SELECT} WHERE ${column} = $1`, [value]);
  const row = rows[0];
  return (
    row && {
      id: row.id,
      timeSlotId: row.time_slot_id,
      providerId: row.provider_id,
      userId: row.user_id,
      entry: entryOf(row, false),
    }
  );
};

/** The time slots holding an offer whose window ended by `now`. */
export const timeSlotsWithExpiredOffers = async (pool: Pool, now: Date, limit = 100): Promise<string[]> => {
  const { rows } = await pool.query<{ time_slot_id: string }>(
    `SELECT DISTINCT time_slot_id FROM rm_waitlist.entries
      WHERE status = 'offered' AND offer_expires_at <= $1 LIMIT $2`,
    [now, limit],
  );
  return rows.map((row) => row.time_slot_id);
};
