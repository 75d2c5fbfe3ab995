import { MESSAGES } from '@appointment/contracts/messages';
import type { Command, Decider } from '../command-handler';
import { ConflictError } from '../errors';

/**
 * A provider's calendar: the times its windows take (issue 18: one provider is never offered
 * twice for the same minute). Each window is its own stream for its bookings; this stream is the
 * consistency boundary for their times, so of two overlapping windows added at once exactly one
 * is recorded: the other's append loses the race, is decided again on the new state, and is
 * refused.
 */
export const providerCalendarStream = (providerId: string) => `calendar-${providerId}`;

/** The time a window takes: UTC instants, with the provider's own day and times for messages. */
export interface CalendarWindow {
  timeSlotId: string;
  date: string;
  startTime: string;
  endTime: string;
  startDateTime: string;
  endDateTime: string;
}

export type ProviderCalendarCommand = Command & {
  type: 'ReserveWindows';
  data: {
    providerId: string;
    windows: CalendarWindow[];
    /**
     * The provider's windows recorded before its calendar existed, read from the schedule's read
     * model by the caller; taken into the calendar by its first event.
     */
    existing?: CalendarWindow[];
  };
};

export type ProviderCalendarEvent =
  | { type: 'CalendarOpened'; data: { providerId: string; windows: CalendarWindow[]; at: string } }
  | { type: 'WindowsReserved'; data: { providerId: string; windows: CalendarWindow[]; at: string } };

export interface ProviderCalendarState {
  opened: boolean;
  windows: CalendarWindow[];
}

const overlap = (a: CalendarWindow, b: CalendarWindow): boolean =>
  Date.parse(a.startDateTime) < Date.parse(b.endDateTime) &&
  Date.parse(b.startDateTime) < Date.parse(a.endDateTime);

/** "This time slot overlaps the one on 2026-11-25 from 09:00 to 12:00". */
export const overlapMessage = (existing: CalendarWindow): string =>
  `${MESSAGES.slotOverlaps} ${existing.date} from ${existing.startTime} to ${existing.endTime}`;

export const providerCalendarDecider: Decider<
  ProviderCalendarCommand,
  ProviderCalendarEvent,
  ProviderCalendarState
> = {
  initialState: () => ({ opened: false, windows: [] }),
  evolve: (state, event) => ({ opened: true, windows: [...state.windows, ...event.data.windows] }),
  decide: (command, state) => {
    const at = command.metadata.now;
    const { providerId } = command.data;
    const opening: ProviderCalendarEvent[] =
      !state.opened && command.data.existing?.length
        ? [{ type: 'CalendarOpened', data: { providerId, windows: command.data.existing, at } }]
        : [];
    const known = new Set(state.windows.map((window) => window.timeSlotId));
    const taken = state.opened ? state.windows : (command.data.existing ?? []);
    // A retried request (same window ids) reserves nothing twice.
    const fresh = command.data.windows.filter((window) => !known.has(window.timeSlotId));
    const checked: CalendarWindow[] = [];
    for (const window of fresh) {
      const clash = [...taken, ...checked].find((other) => overlap(window, other));
      if (clash) {
        const message = overlapMessage(clash);
        throw new ConflictError(message, [{ field: 'startTime', message }]);
      }
      checked.push(window);
    }
    return fresh.length === 0
      ? opening
      : [...opening, { type: 'WindowsReserved', data: { providerId, windows: fresh, at } }];
  },
};
