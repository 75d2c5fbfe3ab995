import { MESSAGES } from '@appointment/contracts/messages';
import type { CalendarEntry, ProviderCalendarEvent } from '@appointment/contracts/events/provider-calendar';
import type { Command, Decider } from '../../domain/command-handler';
import { ConflictError } from '../../domain/errors';

/**
 * A provider's calendar: the times its time slots take (one provider is never offered twice for the
 * same minute). Each time slot is its own stream for its bookings; this stream is the consistency
 * boundary for their times, so of two overlapping time slots added at once exactly one is recorded:
 * the other's append loses the race, is decided again on the new state, and is refused.
 */
export const providerCalendarStream = (providerId: string) => `calendar-${providerId}`;

export type { CalendarEntry, ProviderCalendarEvent };

export type ProviderCalendarCommand = Command & {
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
};

export interface ProviderCalendarState {
  opened: boolean;
  /** The calendar's time slots (its events' `windows`, a log name). */
  timeSlots: CalendarEntry[];
}

const overlap = (a: CalendarEntry, b: CalendarEntry): boolean =>
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
  command: ProviderCalendarCommand,
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

export const decide = (
  command: ProviderCalendarCommand,
  state: ProviderCalendarState,
): ProviderCalendarEvent[] => {
  switch (command.type) {
    case 'ReserveTimeSlots':
      return reserveTimeSlots(command, state);
    default: {
      const unknown: never = command.type;
      throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
    }
  }
};

/** Both events add their time slots (`windows` in the log) to the calendar's; the first one opens it. */
export const evolve = (
  state: ProviderCalendarState,
  event: ProviderCalendarEvent,
): ProviderCalendarState => ({
  opened: true,
  timeSlots: [...state.timeSlots, ...event.data.windows],
});

export const providerCalendarDecider: Decider<
  ProviderCalendarCommand,
  ProviderCalendarEvent,
  ProviderCalendarState
> = {
  initialState: () => ({ opened: false, timeSlots: [] }),
  evolve,
  decide,
};
