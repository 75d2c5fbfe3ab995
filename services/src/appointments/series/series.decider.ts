import type { SeriesOccurrence } from '@appointment/contracts/appointments';
import type { IntervalBookedData, TimeSlotEvent } from '@appointment/contracts/events/time-slot';
import { MESSAGES } from '@appointment/contracts/messages';
import { intervalOf, timeOfDayIn } from '@appointment/contracts/schedule';
import { addDays, format, parseISO } from 'date-fns';
import { ConflictError, DomainError } from '../../domain/errors';
import {
  timeSlotDecider,
  type AppointmentDetails,
  type TimeSlotCommand,
  type TimeSlotState,
} from '../book/time-slot.decider';

/**
 * Issue 31: a recurring series decided on its time slots' states, with no I/O. Each occurrence is
 * decided by the time slot decider as a booking of its own would be, on the state the occurrences
 * before it in the same time slot left; the caller appends all the events in one atomic append
 * with every stream's expected revision, so the series is held all at once or not at all.
 */

/** How a series repeats. */
export interface Recurrence {
  every: number;
  unit: 'days' | 'weeks';
  count: number;
}

/** The days of a series' occurrences (YYYY-MM-DD), the first one's first. */
export const occurrenceDays = (first: string, { every, unit, count }: Recurrence): string[] =>
  Array.from({ length: count }, (_, k) =>
    format(addDays(parseISO(first), k * every * (unit === 'weeks' ? 7 : 1)), 'yyyy-MM-dd'),
  );

/** The place of an occurrence: a time slot and its interval (null for a block), or none that day. */
export interface OccurrencePlace {
  occurrence: number;
  date: string;
  timeSlotId?: string;
  intervalNumber: number | null;
}

type OpenState = Extract<TimeSlotState, { status: 'open' }>;

/** Where a place starts: its interval of a split time slot, or the block's start. */
export const placeStart = (slot: OpenState, intervalNumber: number | null): string | undefined =>
  slot.split
    ? intervalNumber === null
      ? undefined
      : intervalOf({ ...slot, availableSlots: slot.capacity, indexes: [] }, intervalNumber)?.startDateTime
    : slot.startDateTime;

/**
 * The place of a time slot that starts at `time` (HH:mm on the slot's clock): the interval that
 * starts then, or the block when it does; none otherwise.
 */
export const placeAt = (
  state: TimeSlotState,
  time: string,
): { intervalNumber: number | null } | undefined => {
  if (state.status !== 'open') return undefined;
  if (!state.split)
    return timeOfDayIn(new Date(state.startDateTime), state.timezone) === time
      ? { intervalNumber: null }
      : undefined;
  for (let n = 1; n <= state.capacity; n++) {
    const start = placeStart(state, n);
    if (start && timeOfDayIn(new Date(start), state.timezone) === time) return { intervalNumber: n };
  }
  return undefined;
};

/** A stream's state as folded, and its revision (-1: none). */
export interface Folded {
  state: TimeSlotState;
  revision: number;
}

export interface SeriesDecision {
  /** Per time slot, the events to append on the revision they were decided on. */
  appends: { timeSlotId: string; expectedRevision: number; events: TimeSlotEvent[] }[];
  /** Every occurrence, free (booked now) or not, with the booking's event data when booked. */
  occurrences: (SeriesOccurrence & { booked?: IntervalBookedData })[];
}

/**
 * Decides every occurrence. Without `freeOnly`, one occurrence not free refuses the whole series
 * (409 naming them); with it, the free ones are booked and the others skipped; none free is 409.
 * `preview` decides the same way and refuses nothing: the caller appends nothing.
 */
export const decideSeries = (
  input: {
    seriesId: string;
    places: OccurrencePlace[];
    slots: ReadonlyMap<string, Folded>;
    /** The booking of an occurrence, as `book` would ask it of the time slot decider. */
    booking: (
      place: OccurrencePlace,
    ) => Omit<AppointmentDetails, 'intervalNumber'> & { serviceDuration?: number };
    metadata: TimeSlotCommand['metadata'];
  },
  mode: 'all' | 'freeOnly' | 'preview',
): SeriesDecision => {
  const working = new Map<string, { state: TimeSlotState; revision: number; events: TimeSlotEvent[] }>();
  const occurrences: SeriesDecision['occurrences'] = [];
  for (const place of input.places) {
    const base = { occurrence: place.occurrence, date: place.date };
    const folded = place.timeSlotId === undefined ? undefined : input.slots.get(place.timeSlotId);
    if (place.timeSlotId === undefined || !folded) {
      occurrences.push({ ...base, free: false, reason: MESSAGES.seriesNoPlace });
      continue;
    }
    const slot = working.get(place.timeSlotId) ?? { ...folded, events: [] };
    const at = { timeslotId: place.timeSlotId, index: place.intervalNumber };
    try {
      const events = timeSlotDecider.decide(
        {
          type: 'BookInterval',
          data: { ...input.booking(place), intervalNumber: place.intervalNumber },
          metadata: input.metadata,
        },
        slot.state,
      );
      const booked = events.find((e) => e.type === 'IntervalBooked')?.data as IntervalBookedData | undefined;
      if (!booked) throw new ConflictError(MESSAGES.slotJustBooked);
      working.set(place.timeSlotId, {
        ...slot,
        state: events.reduce(timeSlotDecider.evolve, slot.state),
        events: [...slot.events, ...events],
      });
      occurrences.push({
        ...base,
        ...at,
        startDateTime: booked.startDateTime,
        endDateTime: booked.endDateTime,
        free: true,
        booked,
      });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      const start = slot.state.status === 'open' ? placeStart(slot.state, place.intervalNumber) : undefined;
      occurrences.push({
        ...base,
        ...at,
        ...(start ? { startDateTime: start } : {}),
        free: false,
        reason: error.message,
      });
    }
  }
  const notFree = occurrences.filter((o) => !o.free);
  if (mode === 'preview') return { appends: [], occurrences };
  if (mode === 'all' && notFree.length > 0)
    throw new ConflictError(
      MESSAGES.seriesNotFree,
      notFree.map((o) => ({ field: `occurrence ${o.occurrence}`, message: `${o.date}: ${o.reason ?? ''}` })),
    );
  const booked = occurrences.filter((o) => o.booked);
  if (booked.length === 0) throw new ConflictError(MESSAGES.seriesNothingFree);
  // Each booking names its series, its number among the booked and their count.
  booked.forEach((o, k) => {
    o.booked!.series = { seriesId: input.seriesId, occurrence: k + 1, count: booked.length };
  });
  return {
    appends: [...working].map(([timeSlotId, slot]) => ({
      timeSlotId,
      expectedRevision: slot.revision,
      events: slot.events,
    })),
    occurrences,
  };
};
