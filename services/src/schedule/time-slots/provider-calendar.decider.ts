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

export type ProviderCalendarCommand =
  | (Command & {
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
    })
  | (Command & {
      type: 'AddTimeOff';
      /** `existing`: as for ReserveTimeSlots, when time off is the calendar's first event. */
      data: { providerId: string; timeOff: TimeOffEntry; existing?: CalendarEntry[] };
    })
  | (Command & { type: 'DeleteTimeOff'; data: { providerId: string; timeOffId: string } });

export interface ProviderCalendarState {
  opened: boolean;
  /** The calendar's time slots (its events' `windows`, a log name). */
  timeSlots: CalendarEntry[];
  /** Its time off that was not deleted (issue 30). Absent from states made before it: none. */
  timeOff?: TimeOffEntry[];
}

type Of<T extends ProviderCalendarCommand['type']> = Extract<ProviderCalendarCommand, { type: T }>;

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

/**
 * Time off (issue 30) is recorded over anything: time slots and bookings inside it stay (the
 * caller lists the bookings for the admin to cancel or keep), and no time slot may be reserved
 * inside it from then on. The same time off again (a retried request) records nothing.
 */
export const addTimeOff = (command: Of<'AddTimeOff'>, state: ProviderCalendarState): ProviderCalendarEvent[] => {
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

/** Both events add their time slots (`windows` in the log) to the calendar's; the first one opens it. */
export const evolve = (state: ProviderCalendarState, event: ProviderCalendarEvent): ProviderCalendarState => {
  if (event.type === 'TimeOffAdded' || event.type === 'TimeOffDeleted') return evolveTimeOff(state, event);
  return {
    ...state,
    opened: true,
    timeSlots: [...state.timeSlots, ...event.data.windows],
  };
};

export const providerCalendarDecider: Decider<
  ProviderCalendarCommand,
  ProviderCalendarEvent,
  ProviderCalendarState
> = {
  initialState: () => ({ opened: false, timeSlots: [] }),
  evolve,
  decide,
};
