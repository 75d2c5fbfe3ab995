import type pg from 'pg';
import { MESSAGES } from '@appointment/contracts/messages';
import { NotFoundError } from '../../domain/errors';
import type { BookingRequest } from './booking-request';

/** The time slot a booking names: by id, or by provider, date and start time (rm_schedule). */
export const timeSlotFor = async (pool: Pick<pg.Pool, 'query'>, request: BookingRequest): Promise<string> => {
  if (request.timeSlotId) return request.timeSlotId;
  const start = request.startTime ?? '';
  const instant = Date.parse(start);
  const { rows } = await pool.query<{ id: string }>(
    `SELECT id FROM rm_schedule.time_slots
      WHERE provider_id = $1 AND date = $2::date AND $3 = ANY(service_names)
        AND (CASE WHEN $4::timestamptz IS NOT NULL THEN starts_at <= $4::timestamptz AND $4::timestamptz < ends_at
                  ELSE start_time <= $5 AND $5 < end_time END)
      ORDER BY starts_at LIMIT 1`,
    [
      request.providerId,
      request.date.slice(0, 10),
      request.serviceName,
      Number.isNaN(instant) || !start.includes('T') ? null : new Date(instant).toISOString(),
      start.slice(0, 5),
    ],
  );
  if (!rows[0]) throw new NotFoundError(MESSAGES.slotNotFound);
  return rows[0].id;
};
