import { MESSAGES } from '@appointment/contracts/messages';
import type {
  CalendarEntry,
  ProviderCalendarEvent,
  TimeOffEntry,
} from '@appointment/contracts/events/provider-calendar';
import type { Command, Decider } from '../../domain/command-handler';
import { ConflictError, NotFoundError } from '../../domain/errors';

/**
 * A provider's calendar: the times its time slots take (one provider is never offered twice for the
 * same minute). Each time slot is its own stream for its bookings; this stream is the consistency
 * boundary for their times, so of two overlapping time slots added at once exactly one is recorded:
 * the other's append loses the race, is decided again on the new state, and is refused.
 */
export const providerCalendarStream = (providerId: string) => `calendar-${providerId}`;

export type { CalendarEntry, ProviderCalendarEvent, TimeOffEntry };

export type ProviderCalendarCommand = Command &
  (
    | {
        type: 'ReserveTimeSlots';
        data: {
          providerId: string;
          timeSlots: CalendarEntry[];
          /**
           * The provider's time slots recorded before its calendar existed, read from the schedule's read
           * model by the caller; taken into the calendar by its first event.
           */
          existing?: CalendarEntry[];
        };
      }
    | {
        /**
         * New times for a time slot the calendar holds (issue 30), reserved before the time slot
         * changes: its old times stay held until the change is recorded, then are released.
         */
        type: 'ReserveNewTimes';
        data: { providerId: string; entry: CalendarEntry; existing?: CalendarEntry[] };
      }
    | {
        /** Times given back (issue 30): each entry by its time slot and instants; the same again, nothing. */
        type: 'ReleaseTimeSlots';
        data: { providerId: string; timeSlots: CalendarEntry[] };
      }
    | {
        type: 'AddTimeOff';
        /** `existing`: as for ReserveTimeSlots, when time off is the calendar's first event. */
        data: { providerId: string; timeOff: TimeOffEntry; existing?: CalendarEntry[] };
      }
    | { type: 'DeleteTimeOff'; data: { providerId: string; timeOffId: string } }
  );

export interface ProviderCalendarState {
  opened: boolean;
  /** The calendar's time slots (its events' `windows`, a log name). */
  timeSlots: CalendarEntry[];
  /** When each entry (`entryKey`) was reserved: a repair leaves a change under way alone. */
  reservedAt: Record<string, string>;
  /** Its time off that was not deleted (issue 30). Absent from states made before it: none. */
  timeOff?: TimeOffEntry[];
}

/** One entry of the calendar: a time slot and the instants it holds. */
export const entryKey = (entry: CalendarEntry): string =>
  `${entry.timeSlotId}|${Date.parse(entry.startDateTime)}|${Date.parse(entry.endDateTime)}`;

type Span = Pick<CalendarEntry, 'startDateTime' | 'endDateTime'>;

const overlap = (a: Span, b: Span): boolean =>
  Date.parse(a.startDateTime) < Date.parse(b.endDateTime) &&
  Date.parse(b.startDateTime) < Date.parse(a.endDateTime);

/** "This time slot overlaps the one on 2026-11-25 from 09:00 to 12:00". */
export const overlapMessage = (existing: CalendarEntry): string =>
  `${MESSAGES.slotOverlaps} ${existing.date} from ${existing.startTime} to ${existing.endTime}`;

/**
 * Reserves a request's time slots: refused when one overlaps an entry the calendar holds or another
 * of the request; a retried request (same time slot ids) reserves nothing twice. The first command
 * on a calendar opened after its provider had time slots takes those in (`existing`).
 */
export const reserveTimeSlots = (
  command: Of<'ReserveTimeSlots'>,
  state: ProviderCalendarState,
): ProviderCalendarEvent[] => {
  const at = command.metadata.now;
  const { providerId } = command.data;
  const opening: ProviderCalendarEvent[] =
    !state.opened && command.data.existing?.length
      ? [{ type: 'CalendarOpened', data: { providerId, windows: command.data.existing, at } }]
      : [];
  const known = new Set(state.timeSlots.map((entry) => entry.timeSlotId));
  const taken = state.opened ? state.timeSlots : (command.data.existing ?? []);
  const fresh = command.data.timeSlots.filter((entry) => !known.has(entry.timeSlotId));
  const checked: CalendarEntry[] = [];
  for (const entry of fresh) {
    const off = state.timeOff?.find((timeOff) => overlap(entry, timeOff));
    if (off) {
      const message = MESSAGES.slotInTimeOff;
      throw new ConflictError(message, [{ field: 'startTime', message }]);
    }
    const clash = [...taken, ...checked].find((other) => overlap(entry, other));
    if (clash) {
      const message = overlapMessage(clash);
      throw new ConflictError(message, [{ field: 'startTime', message }]);
    }
    checked.push(entry);
  }
  return fresh.length === 0
    ? opening
    : [...opening, { type: 'WindowsReserved', data: { providerId, windows: fresh, at } }];
};

type Of<C extends ProviderCalendarCommand['type']> = Extract<ProviderCalendarCommand, { type: C }>;

/** The calendar's entries that overlap `entry`, other than those of its own time slot. */
export const clashesWith = (state: ProviderCalendarState, entry: CalendarEntry): CalendarEntry[] =>
  state.timeSlots.filter((other) => other.timeSlotId !== entry.timeSlotId && overlap(entry, other));

/**
 * New times for one of the calendar's time slots (issue 30): refused inside time off, or when they
 * overlap another time slot's; its own old times do not count. Reserved once: the same times again
 * reserve nothing.
 */
export const reserveNewTimes = (
  command: Of<'ReserveNewTimes'>,
  state: ProviderCalendarState,
): ProviderCalendarEvent[] => {
  const at = command.metadata.now;
  const { providerId, entry, existing } = command.data;
  const opening: ProviderCalendarEvent[] =
    !state.opened && existing?.length
      ? [{ type: 'CalendarOpened', data: { providerId, windows: existing, at } }]
      : [];
  const held = state.opened ? state : { ...state, timeSlots: existing ?? [] };
  if (held.timeSlots.some((other) => entryKey(other) === entryKey(entry))) return opening;
  if (state.timeOff?.some((timeOff) => overlap(entry, timeOff))) {
    const message = MESSAGES.slotInTimeOff;
    throw new ConflictError(message, [{ field: 'startTime', message }]);
  }
  const clash = clashesWith(held, entry)[0];
  if (clash) {
    const message = overlapMessage(clash);
    throw new ConflictError(message, [{ field: 'startTime', message }]);
  }
  return [...opening, { type: 'WindowsReserved', data: { providerId, windows: [entry], at } }];
};

/** Gives back the entries the calendar holds; those it does not hold (released before) are nothing. */
export const releaseTimeSlots = (
  command: Of<'ReleaseTimeSlots'>,
  state: ProviderCalendarState,
): ProviderCalendarEvent[] => {
  const held = new Set(state.timeSlots.map(entryKey));
  const windows = command.data.timeSlots.filter((entry) => held.has(entryKey(entry)));
  return windows.length === 0
    ? []
    : [
        {
          type: 'WindowsReleased',
          data: { providerId: command.data.providerId, windows, at: command.metadata.now },
        },
      ];
};

/**
 * Time off (issue 30) is recorded over anything: time slots and bookings inside it stay (the
 * caller lists the bookings for the admin to cancel or keep), and no time slot may be reserved
 * inside it from then on. The same time off again (a retried request) records nothing.
 */
export const addTimeOff = (
  command: Of<'AddTimeOff'>,
  state: ProviderCalendarState,
): ProviderCalendarEvent[] => {
  const at = command.metadata.now;
  const { providerId, timeOff, existing } = command.data;
  if (state.timeOff?.some((entry) => entry.timeOffId === timeOff.timeOffId)) return [];
  const opening: ProviderCalendarEvent[] =
    !state.opened && existing?.length
      ? [{ type: 'CalendarOpened', data: { providerId, windows: existing, at } }]
      : [];
  return [...opening, { type: 'TimeOffAdded', data: { ...timeOff, providerId, at } }];
};

/** Deleting a time off frees its times for new time slots; an unknown one is not found. */
export const deleteTimeOff = (
  command: Of<'DeleteTimeOff'>,
  state: ProviderCalendarState,
): ProviderCalendarEvent[] => {
  const { providerId, timeOffId } = command.data;
  if (!state.timeOff?.some((entry) => entry.timeOffId === timeOffId))
    throw new NotFoundError(MESSAGES.timeOffNotFound);
  return [{ type: 'TimeOffDeleted', data: { providerId, timeOffId, at: command.metadata.now } }];
};

export const decide = (
  command: ProviderCalendarCommand,
  state: ProviderCalendarState,
): ProviderCalendarEvent[] => {
  switch (command.type) {
    case 'ReserveTimeSlots':
      return reserveTimeSlots(command, state);
    case 'ReserveNewTimes':
      return reserveNewTimes(command, state);
    case 'ReleaseTimeSlots':
      return releaseTimeSlots(command, state);
    case 'AddTimeOff':
      return addTimeOff(command, state);
    case 'DeleteTimeOff':
      return deleteTimeOff(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
    }
  }
};

/** Time off comes and goes (issue 30); it opens the calendar like a reservation does. */
const evolveTimeOff = (
  state: ProviderCalendarState,
  event: Extract<ProviderCalendarEvent, { type: 'TimeOffAdded' | 'TimeOffDeleted' }>,
): ProviderCalendarState => {
  const kept = (state.timeOff ?? []).filter((entry) => entry.timeOffId !== event.data.timeOffId);
  if (event.type === 'TimeOffDeleted') return { ...state, timeOff: kept };
  const { providerId: _providerId, at: _at, ...entry } = event.data;
  return { ...state, opened: true, timeOff: [...kept, entry] };
};

/**
 * Opening and reserving add their time slots (`windows` in the log) to the calendar's; the first
 * event opens it. Releasing takes its entries out; time off comes and goes beside them.
 */
export const evolve = (state: ProviderCalendarState, event: ProviderCalendarEvent): ProviderCalendarState => {
  if (event.type === 'TimeOffAdded' || event.type === 'TimeOffDeleted') return evolveTimeOff(state, event);
  if (event.type === 'WindowsReleased') {
    const released = new Set(event.data.windows.map(entryKey));
    const reservedAt = { ...state.reservedAt };
    for (const key of released) delete reservedAt[key];
    return {
      ...state,
      opened: true,
      timeSlots: state.timeSlots.filter((entry) => !released.has(entryKey(entry))),
      reservedAt,
    };
  }
  const reservedAt = { ...state.reservedAt };
  for (const entry of event.data.windows) reservedAt[entryKey(entry)] = event.data.at;
  return { ...state, opened: true, timeSlots: [...state.timeSlots, ...event.data.windows], reservedAt };
};

export const providerCalendarDecider: Decider<
  ProviderCalendarCommand,
  ProviderCalendarEvent,
  ProviderCalendarState
> = {
  initialState: () => ({ opened: false, timeSlots: [], reservedAt: {} }),
  evolve,
  decide,
};
