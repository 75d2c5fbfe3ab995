import { randomUUID } from 'node:crypto';
import { v5 as uuidv5 } from 'uuid';
import type { LogPosition } from '@appointment/contracts/events';
import { MESSAGES } from '@appointment/contracts/messages';
import {
  generateIntervals,
  intervalsTooShortMessage,
  serviceTooLongFor,
  zonedInstant,
  type TimedService,
  type TimeSlot,
} from '@appointment/contracts/schedule';
import { timeSlotsByIds, timeSlotsOfProvider } from '@appointment/projections/schedule.queries';
import type { Actor } from '../../accounts/accounts-context';
import { handleCommand, loadState } from '../../domain/command-handler';
import { ValidationError } from '../../domain/errors';
import type { ActiveProvider } from '../../catalogue/providers/provider.decider';
import {
  providerCalendarDecider,
  providerCalendarStream,
  type CalendarEntry,
  type ProviderCalendarCommand,
  type TimeOffEntry,
} from './provider-calendar.decider';
import {
  timeSlotDecider,
  timeSlotStream,
  type TimeSlotCommand,
} from '../../appointments/book/time-slot.decider';
import { comparePositions } from '@appointment/contracts/event-store';
import { releaseLeftovers } from './calendar-windows';
import { metadataOf, type ScheduleContext } from '../schedule-context';

/** One time slot to add, on the provider's clock. */
export type TimeSlotToAdd = {
  date: string;
  startTime: string;
  endTime: string;
  capacity: number;
  split: boolean;
};

const TIME_SLOT_NAMESPACE = '0f8a3c52-5b1e-4f0e-8a57-8e6c1d2f4b90';
/** How many time slots of one request are appended at once. */
const APPEND_CONCURRENCY = 8;

/** The id a time slot of a request with an idempotency key gets: the same when the request is retried. */
export const retriedTimeSlotId = (
  providerId: string,
  slot: Pick<TimeSlotToAdd, 'date' | 'startTime' | 'endTime'>,
  idempotencyKey: string,
): string =>
  uuidv5(
    `${providerId}\u0000${slot.date}\u0000${slot.startTime}\u0000${slot.endTime}\u0000${idempotencyKey}`,
    TIME_SLOT_NAMESPACE,
  );

/**
 * The shape rules of a time slot's places, for adding and editing alike: a split has at least one
 * interval, and an interval (or a block) is at least as long as each service it offers
 * (docs/product.md §4 duration rule), or the refusal names the service.
 */
export const refuseShortPlaces = (
  context: ScheduleContext,
  slot: TimeSlotToAdd & { timezone: string; startDateTime: string; endDateTime: string },
  offered: readonly TimedService[],
): void => {
  const intervals = slot.split
    ? generateIntervals({ ...slot, availableSlots: slot.capacity, indexes: [] }, context.deps.logger)
    : [];
  if (slot.split && intervals.length === 0) {
    throw new ValidationError(MESSAGES.slotTooShort, [
      { field: 'availableSlots', message: MESSAGES.slotTooShort },
    ]);
  }
  const first = intervals[0] ?? slot;
  const minutes = Math.floor((Date.parse(first.endDateTime) - Date.parse(first.startDateTime)) / 60_000);
  const tooLong = serviceTooLongFor(minutes, offered);
  if (tooLong) {
    const message = intervalsTooShortMessage(tooLong);
    throw new ValidationError(message, [{ field: slot.split ? 'availableSlots' : 'endTime', message }]);
  }
};

/**
 * Adds time slots to a provider's schedule: reserved on its calendar first, then one stream
 * each. A retried request (same idempotency key) names the same time slots.
 */
export const addTimeSlots = async (
  context: ScheduleContext,
  actor: Actor,
  provider: ActiveProvider,
  timeSlots: TimeSlotToAdd[],
  serviceNames: string[],
  idempotencyKey?: string,
  /** The time slots are one repeating series (issue 30): they share a series id. */
  series = false,
): Promise<TimeSlot[]> => {
  const seriesId = series
    ? idempotencyKey
      ? uuidv5(`series\u0000${provider.providerId}\u0000${idempotencyKey}`, TIME_SLOT_NAMESPACE)
      : randomUUID()
    : undefined;
  const offered = provider.services.filter((service) => serviceNames.includes(service.name));
  const details = timeSlots.map((slot) => {
    const startDateTime = zonedInstant(slot.date, slot.startTime, provider.timezone).toISOString();
    const endDateTime = zonedInstant(slot.date, slot.endTime, provider.timezone).toISOString();
    refuseShortPlaces(context, { ...slot, timezone: provider.timezone, startDateTime, endDateTime }, offered);
    return {
      timeSlotId: idempotencyKey
        ? retriedTimeSlotId(provider.providerId, slot, idempotencyKey)
        : randomUUID(),
      providerId: provider.providerId,
      serviceNames,
      date: slot.date,
      startTime: slot.startTime,
      endTime: slot.endTime,
      timezone: provider.timezone,
      startDateTime,
      endDateTime,
      capacity: slot.capacity,
      split: slot.split,
      ...(seriesId ? { seriesId } : {}),
    };
  });
  // The times are reserved on the provider's calendar first, where an overlap with any of
  // its time slots is refused (a retried request reserves its own again: nothing).
  await reserveOnCalendar(context, actor, provider.providerId, details);
  const positions: LogPosition[] = [];
  for (let i = 0; i < details.length; i += APPEND_CONCURRENCY) {
    const results = await Promise.all(
      details.slice(i, i + APPEND_CONCURRENCY).map((data) =>
        handleCommand(context.deps.store, timeSlotStream(data.timeSlotId), timeSlotDecider, {
          type: 'AddTimeSlot',
          data,
          metadata: metadataOf(context, actor),
        } satisfies TimeSlotCommand),
      ),
    );
    for (const result of results) if (result.position) positions.push(result.position);
  }
  const last = positions.sort(comparePositions).at(-1);
  await context.reads.settled(last);
  return timeSlotsByIds(
    context.deps.pool,
    details.map((d) => d.timeSlotId),
  );
};

/**
 * The times a provider's time slots take now, and its time off: its calendar's, or, before it has
 * one, the read model's time slots and no time off.
 */
export const calendarOf = async (
  context: ScheduleContext,
  providerId: string,
): Promise<{ timeSlots: CalendarEntry[]; timeOff: TimeOffEntry[] }> => {
  const calendar = await loadState(
    context.deps.store,
    providerCalendarStream(providerId),
    providerCalendarDecider,
  );
  return calendar.opened
    ? { timeSlots: calendar.timeSlots, timeOff: calendar.timeOff ?? [] }
    : { timeSlots: await timeSlotsBeforeCalendar(context, providerId), timeOff: [] };
};

const reserveOnCalendar = async (
  context: ScheduleContext,
  actor: Actor,
  providerId: string,
  timeSlots: CalendarEntry[],
): Promise<void> => {
  const stream = providerCalendarStream(providerId);
  const calendar = await loadState(context.deps.store, stream, providerCalendarDecider);
  const existing = calendar.opened ? undefined : await timeSlotsBeforeCalendar(context, providerId);
  // Times a deleted or changed time slot left behind are free (issue 30).
  await releaseLeftovers(context, actor, providerId, calendar, timeSlots);
  const command: ProviderCalendarCommand = {
    type: 'ReserveTimeSlots',
    data: {
      providerId,
      timeSlots: timeSlots.map(({ timeSlotId, date, startTime, endTime, startDateTime, endDateTime }) => ({
        timeSlotId,
        date,
        startTime,
        endTime,
        startDateTime,
        endDateTime,
      })),
      ...(existing ? { existing } : {}),
    },
    metadata: metadataOf(context, actor),
  };
  await handleCommand(context.deps.store, stream, providerCalendarDecider, command, { maxRetries: 10 });
};

/** Time slots a provider had before its calendar stream existed. */
export const timeSlotsBeforeCalendar = async (
  context: ScheduleContext,
  providerId: string,
): Promise<CalendarEntry[]> =>
  (await timeSlotsOfProvider(context.deps.pool, providerId)).map((slot) => ({
    timeSlotId: slot._id,
    date: slot.date,
    startTime: slot.startTime,
    endTime: slot.endTime,
    startDateTime: slot.startDateTime,
    endDateTime: slot.endDateTime,
  }));
