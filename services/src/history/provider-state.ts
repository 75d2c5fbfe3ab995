import type pg from 'pg';
import type { ProviderStateAt } from '@appointment/contracts/history';
import type { RecordedEvent } from '@appointment/contracts/events';
import { historyProjection } from '@appointment/projections/history.projection';
import { inTransaction } from '@appointment/projections/db/transaction';
import { liveSchema } from '@appointment/projections/projection';
import { providerDecider, providerStream, type ProviderEvent } from '../domain/providers/provider.decider';
import { timeSlotDecider, type TimeSlotState } from '../domain/schedule/time-slot.decider';
import type { TimeSlotEvent } from '@appointment/contracts/events/time-slot';

/** A point of the log: every event up to a global position, or recorded up to a time. */
export type PointInLog = { position: string } | { time: string };

export const pointOf = (at: string): PointInLog =>
  /^\d+$/.test(at) ? { position: at } : { time: new Date(at).toISOString() };

const STATE_WORK_MEM = '64MB';

interface Row {
  global_position: string;
  stream_name: string;
  event_type: string;
  data: Record<string, unknown>;
}

/**
 * Issue 12, time travel: the provider as it was at a point, folded from its own events with the
 * deciders' `evolve` (the provider's and each time slot's), never from the read models. The
 * history read model serves only as the index of which time-slot streams are the provider's;
 * their events are read from the log itself.
 */
export const providerStateAt = async (
  pool: pg.Pool,
  providerId: string,
  point: PointInLog,
  /** Opens the personal fields the log holds sealed (issue 12, services/src/privacy). */
  open: (events: RecordedEvent[]) => Promise<RecordedEvent[]> = async (events) => events,
): Promise<ProviderStateAt> => {
  // The history read model is the index of which events are the provider's (its own stream and
  // its time slots'); their data comes from the log itself, in each stream's order.
  const history = liveSchema(historyProjection);
  const upTo = 'position' in point ? 'h.global_position <= $2::bigint' : 'h.at <= $2::timestamptz';
  // Tens of thousands of events are sorted by stream: in memory, not in a spill to disk (the
  // default work_mem, 4 MB, made the sort an external merge and the query twice as slow).
  const rows = await inTransaction(pool, async (client) => {
    await client.query(`SET LOCAL work_mem = '${STATE_WORK_MEM}'`);
    const result = await client.query<Row>(
      `SELECT e.global_position, e.stream_name, e.event_type, e.data
         FROM ${history}.entries h JOIN es.events e ON e.event_id = h.event_id
        WHERE h.provider_id = $1 AND ${upTo}
          AND (h.stream_name = $3 OR h.stream_name LIKE 'timeslot-%')
        ORDER BY e.stream_name, e.stream_revision`,
      [providerId, 'position' in point ? point.position : point.time, providerStream(providerId)],
    );
    return result.rows;
  });
  const events = await open(
    rows.map(
      (row) =>
        ({ type: row.event_type, streamName: row.stream_name, data: row.data }) as unknown as RecordedEvent,
    ),
  );
  rows.forEach((row, i) => {
    row.data = events[i]!.data;
  });
  let provider = providerDecider.initialState();
  const slots = new Map<string, TimeSlotState>();
  const bookingNames = new Map<string, { username: string; serviceName: string }>();
  let last: bigint | undefined;
  for (const row of rows) {
    const position = BigInt(row.global_position);
    if (last === undefined || position > last) last = position;
    const event = { type: row.event_type, data: row.data } as unknown as RecordedEvent;
    if (row.stream_name === providerStream(providerId)) {
      provider = providerDecider.evolve(provider, event as unknown as ProviderEvent);
      continue;
    }
    const slot = slots.get(row.stream_name) ?? timeSlotDecider.initialState();
    slots.set(row.stream_name, timeSlotDecider.evolve(slot, event as unknown as TimeSlotEvent));
    if (row.event_type === 'IntervalBooked')
      bookingNames.set(String(row.data.appointmentId), {
        username: String(row.data.username ?? ''),
        serviceName: String(row.data.serviceName ?? ''),
      });
  }
  const timeSlots = [...slots.values()]
    .filter((slot): slot is Extract<TimeSlotState, { status: 'open' }> => slot.status === 'open')
    .sort((a, b) => a.startDateTime.localeCompare(b.startDateTime))
    .map((slot) => ({
      timeSlotId: slot.timeSlotId,
      date: slot.date,
      startTime: slot.startTime,
      endTime: slot.endTime,
      availableSlots: slot.capacity,
      bookings: slot.appointments.map((booking) => ({
        appointmentId: booking.appointmentId,
        status: booking.status,
        paid: booking.paid,
        ...bookingNames.get(booking.appointmentId),
      })),
    }));
  const body = provider.status === 'none' ? undefined : provider;
  return {
    providerId,
    at: 'position' in point ? point.position : point.time,
    position: last === undefined ? null : last.toString(),
    eventsFolded: rows.length,
    status: provider.status,
    profile: body
      ? {
          businessName: body.name,
          industry: body.industry,
          email: body.email,
          phone: body.phone,
          address: body.address,
          timezone: body.timezone,
          currency: body.currency,
        }
      : null,
    workingHours: body?.workingHours ?? null,
    breaks: body?.breaks ?? null,
    services: body?.services ?? [],
    templates: body?.templates ?? [],
    timeSlots,
  };
};
