import { z } from 'zod';

/**
 * The events of a provider's calendar stream (the times its time slots take), written
 * once. The provider-calendar decider produces them.
 */

/** The time a time slot takes: UTC instants, with the provider's own day and times for messages. */
export const CalendarEntry = z.object({
  timeSlotId: z.string(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  startDateTime: z.string(),
  endDateTime: z.string(),
});
export type CalendarEntry = z.infer<typeof CalendarEntry>;

/** Both events' data; `windows` is their log name for the time slots. */
const CalendarTimeSlots = z.object({
  providerId: z.string(),
  windows: z.array(CalendarEntry),
  at: z.string(),
});

/** The first event of a calendar opened after its provider had time slots: those time slots. */
export const CalendarOpened = CalendarTimeSlots;
export const WindowsReserved = CalendarTimeSlots;

/**
 * Times given back (issue 30): a deleted time slot's, the old times of a changed one, or the new
 * times a refused change had reserved. Each entry is released by its time slot and instants.
 */
export const WindowsReleased = CalendarTimeSlots;

/**
 * Time off (issue 30): `from` and `to` as the admin gave them (day keys for whole days, `to`
 * inclusive; or YYYY-MM-DDTHH:mm wall-clock times, `to` exclusive) and the UTC instants they
 * make in the provider's zone, which every rule reads.
 */
export const TimeOffEntry = z.object({
  timeOffId: z.string(),
  from: z.string(),
  to: z.string(),
  startDateTime: z.string(),
  endDateTime: z.string(),
  timezone: z.string(),
  reason: z.string(),
});
export type TimeOffEntry = z.infer<typeof TimeOffEntry>;

export const TimeOffAdded = TimeOffEntry.extend({ providerId: z.string(), at: z.string() });
export type TimeOffAddedData = z.infer<typeof TimeOffAdded>;
export const TimeOffDeleted = z.object({ providerId: z.string(), timeOffId: z.string(), at: z.string() });

/** Every provider-calendar event's data schema, by type. */
export const PROVIDER_CALENDAR_EVENTS = {
  CalendarOpened,
  WindowsReserved,
  WindowsReleased,
  TimeOffAdded,
  TimeOffDeleted,
} as const;

type DataOf = { [K in keyof typeof PROVIDER_CALENDAR_EVENTS]: z.infer<(typeof PROVIDER_CALENDAR_EVENTS)[K]> };
export type ProviderCalendarEvent = { [K in keyof DataOf]: { type: K; data: DataOf[K] } }[keyof DataOf];
