import type { SeriesOccurrence } from '@appointment/contracts/appointments';
import type { IntervalBookedData, TimeSlotEvent } from '@appointment/contracts/events/time-slot';
import { MESSAGES } from '@appointment/contracts/messages';
import { intervalOfSlot, timeOfDayIn } from '@appointment/contracts/schedule';
import { addDays, format, parseISO } from 'date-fns';
import { ConflictError, DomainError } from '../../domain/errors';
import {
  timeSlotDecider,
  type AppointmentDetails,
  type TimeSlotCommand,
  type TimeSlotState,
} from '../book/time-slot.decider';
import { withFields } from '@appointment/contracts/objects';

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
      : intervalOfSlot(slot, intervalNumber)?.startDateTime
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

/** A stream's state as folded, and its revision (-1: none); `kept`: as a cache kept it, unread. */
export interface Folded {
  state: TimeSlotState;
  revision: number;
  kept?: boolean;
}

/** Per time slot, the events to append on the revision they were decided on, and the state they leave. */
export type SlotAppends = {
  timeSlotId: string;
  expectedRevision: number;
  events: TimeSlotEvent[];
  state: TimeSlotState;
}[];

/**
 * Commands on several time slots decided together, with no I/O: each by the time slot decider on
 * the state the commands before it on the same time slot left. The caller appends them all in one
 * atomic append with every stream's expected revision (`appends`): all at once or not at all.
 */
export class SlotsInTurn {
  private readonly working = new Map<string, Folded & { events: TimeSlotEvent[] }>();

  constructor(private readonly slots: ReadonlyMap<string, Folded>) {}

  /** The time slot's state with what was decided on it so far. */
  state(timeSlotId: string): TimeSlotState | undefined {
    return (this.working.get(timeSlotId) ?? this.slots.get(timeSlotId))?.state;
  }

  /** Decides `command` on the time slot; a refusal (DomainError) leaves nothing decided. */
  decide(timeSlotId: string, command: TimeSlotCommand): TimeSlotEvent[] {
    const slot = this.working.get(timeSlotId) ?? withFields(this.slots.get(timeSlotId)!, { events: [] });
    const events = timeSlotDecider.decide(command, slot.state);
    this.working.set(timeSlotId, {
      ...slot,
      state: events.reduce(timeSlotDecider.evolve, slot.state),
      events: [...slot.events, ...events],
    });
    return events;
  }

  /** What was decided on read-through-cache states only: a refusal on one is believed once read. */
  decidedOnKept(): boolean {
    return [...this.slots.values()].some((slot) => slot.kept);
  }

  appends(): SlotAppends {
    return [...this.working]
      .filter(([, slot]) => slot.events.length > 0)
      .map(([timeSlotId, { revision, events, state }]) => ({
        timeSlotId,
        expectedRevision: revision,
        events,
        state,
      }));
  }
}

export interface SeriesDecision {
  appends: SlotAppends;
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
  const slots = new SlotsInTurn(input.slots);
  const occurrences: SeriesDecision['occurrences'] = [];
  for (const place of input.places) {
    const base = { occurrence: place.occurrence, date: place.date };
    const folded = place.timeSlotId === undefined ? undefined : input.slots.get(place.timeSlotId);
    if (place.timeSlotId === undefined || !folded) {
      occurrences.push(withFields(base, { free: false, reason: MESSAGES.seriesNoPlace }));
      continue;
    }
    const at = { timeslotId: place.timeSlotId, index: place.intervalNumber };
    try {
      const booked = slots
        .decide(place.timeSlotId, {
          type: 'BookInterval',
          data: withFields(input.booking(place), { intervalNumber: place.intervalNumber }),
          metadata: input.metadata,
        })
        .find((e) => e.type === 'IntervalBooked')?.data as IntervalBookedData | undefined;
      if (!booked) throw new ConflictError(MESSAGES.slotJustBooked);
      occurrences.push(
        withFields(
          base,
          withFields(at, {
            startDateTime: booked.startDateTime,
            endDateTime: booked.endDateTime,
            free: true,
            booked,
          }),
        ),
      );
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      const state = slots.state(place.timeSlotId)!;
      const start = state.status === 'open' ? placeStart(state, place.intervalNumber) : undefined;
      occurrences.push(
        withFields(
          base,
          withFields(at, {
            ...(start ? { startDateTime: start } : {}),
            free: false,
            reason: error.message,
          }),
        ),
      );
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
  return { appends: slots.appends(), occurrences };
};
