import { z } from 'zod';

/**
 * The events of an appointment's reminders stream, written once: each reminder job
 * records that it sent its reminder, or why it did not.
 */

/** The job that decided: which appointment, which reminder, scheduled by which event, due when. */
const Job = z.object({
  appointmentId: z.string(),
  timeSlotId: z.string(),
  kind: z.string(),
  scheduledBy: z.string(),
  dueAt: z.string(),
});

export const ReminderSent = Job.extend({
  userId: z.string(),
  email: z.string(),
  serviceName: z.string(),
  /** Whose WhatsApp settings apply; absent on reminders recorded before it. */
  providerId: z.string().optional(),
  providerName: z.string(),
  startDateTime: z.string(),
  timezone: z.string(),
  /** A paid service's price, in its provider's currency; absent for a free one. */
  amount: z.number().optional(),
  currency: z.string().optional(),
  at: z.string(),
});

export const ReminderSuppressed = Job.extend({ reason: z.string(), at: z.string() });

/** Every reminders event's data schema, by type. */
export const REMINDERS_EVENTS = { ReminderSent, ReminderSuppressed } as const;

type DataOf = { [K in keyof typeof REMINDERS_EVENTS]: z.infer<(typeof REMINDERS_EVENTS)[K]> };
export type RemindersEvent = { [K in keyof DataOf]: { type: K; data: DataOf[K] } }[keyof DataOf];
