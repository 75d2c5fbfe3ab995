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

/** Every provider-calendar event's data schema, by type. */
export const PROVIDER_CALENDAR_EVENTS = { CalendarOpened, WindowsReserved, WindowsReleased } as const;

type DataOf = { [K in keyof typeof PROVIDER_CALENDAR_EVENTS]: z.infer<(typeof PROVIDER_CALENDAR_EVENTS)[K]> };
export type ProviderCalendarEvent = { [K in keyof DataOf]: { type: K; data: DataOf[K] } }[keyof DataOf];
