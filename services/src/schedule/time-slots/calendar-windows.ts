import type { Actor } from '../../accounts/accounts-context';
import { handleCommand, loadState } from '../../domain/command-handler';
import {
  timeSlotDecider,
  timeSlotStream,
  type TimeSlotState,
} from '../../appointments/book/time-slot.decider';
import { metadataOf, type ScheduleContext } from '../schedule-context';
import {
  clashesWith,
  entryKey,
  providerCalendarDecider,
  providerCalendarStream,
  type CalendarEntry,
  type ProviderCalendarCommand,
  type ProviderCalendarState,
} from './provider-calendar.decider';

/**
 * How long a reservation of new times may wait for its time slot's change (issue 30): a change
 * under way has reserved its new times and not yet changed the time slot; after this, an entry
 * its time slot does not hold is a leftover (the process stopped between the two appends).
 */
const CHANGE_UNDER_WAY_MS = 60_000;

/** The calendar entry of a time slot as its stream holds it. */
export const entryOf = (slot: Omit<CalendarEntry, never>): CalendarEntry => ({
  timeSlotId: slot.timeSlotId,
  date: slot.date,
  startTime: slot.startTime,
  endTime: slot.endTime,
  startDateTime: slot.startDateTime,
  endDateTime: slot.endDateTime,
});

/**
 * Whether a calendar entry is a leftover: its time slot was deleted, or holds other times and the
 * entry is older than a change under way (the window of a change or deletion whose second append,
 * the release, never came). Read from the time slot's stream, the truth for its times.
 */
const leftover = (
  entry: CalendarEntry,
  slot: TimeSlotState,
  reservedAt: string | undefined,
  now: Date,
): boolean => {
  if (slot.status === 'open' && slot.deleted) return true;
  const settled = reservedAt !== undefined && now.getTime() - Date.parse(reservedAt) > CHANGE_UNDER_WAY_MS;
  if (slot.status === 'none') return settled;
  return settled && entryKey(entryOf(slot)) !== entryKey(entry);
};

/**
 * Gives back, before a reservation, the leftovers among the entries its times clash with (issue
 * 30), so a time freed by a deletion or change is free even if the process stopped before it
 * released it. Reads time slots only when there is a clash.
 */
export const releaseLeftovers = async (
  context: ScheduleContext,
  actor: Actor,
  providerId: string,
  calendar: ProviderCalendarState,
  wanted: CalendarEntry[],
): Promise<void> => {
  if (!calendar.opened) return;
  const clashes = new Map<string, CalendarEntry>();
  for (const entry of wanted)
    for (const clash of clashesWith(calendar, entry)) clashes.set(entryKey(clash), clash);
  if (clashes.size === 0) return;
  const now = context.now();
  const stale: CalendarEntry[] = [];
  for (const [key, entry] of clashes) {
    const slot = await loadState(context.deps.store, timeSlotStream(entry.timeSlotId), timeSlotDecider);
    if (leftover(entry, slot, calendar.reservedAt[key], now)) stale.push(entry);
  }
  await releaseWindows(context, actor, providerId, stale);
};

/** Gives times back to the provider's calendar; those already given back are nothing. */
export const releaseWindows = async (
  context: ScheduleContext,
  actor: Actor,
  providerId: string,
  entries: CalendarEntry[],
): Promise<void> => {
  if (entries.length === 0) return;
  await handleCommand(
    context.deps.store,
    providerCalendarStream(providerId),
    providerCalendarDecider,
    {
      type: 'ReleaseTimeSlots',
      data: { providerId, timeSlots: entries },
      metadata: metadataOf(context, actor),
    } satisfies ProviderCalendarCommand,
    { maxRetries: 10 },
  );
};

/**
 * Reserves a time slot's new times on the provider's calendar (issue 30), before the time slot
 * changes: refused (409, naming the other time slot) when they overlap another one.
 */
export const reserveNewTimes = async (
  context: ScheduleContext,
  actor: Actor,
  providerId: string,
  entry: CalendarEntry,
  existing: () => Promise<CalendarEntry[]>,
): Promise<void> => {
  const stream = providerCalendarStream(providerId);
  const calendar = await loadState(context.deps.store, stream, providerCalendarDecider);
  await releaseLeftovers(context, actor, providerId, calendar, [entry]);
  const before = calendar.opened ? undefined : await existing();
  await handleCommand(
    context.deps.store,
    stream,
    providerCalendarDecider,
    {
      type: 'ReserveNewTimes',
      data: { providerId, entry, ...(before ? { existing: before } : {}) },
      metadata: metadataOf(context, actor),
    } satisfies ProviderCalendarCommand,
    { maxRetries: 10 },
  );
};
