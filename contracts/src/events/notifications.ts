import { z } from 'zod';

/**
 * The events of a person's notifications stream (docs/product.md §3 Notification), written
 * once. NotificationCreated records a notice no other event tells of (a webhook switched off);
 * rm_notifications reads bookings, payments and reminders themselves (docs/decisions.md D48).
 * The person deletes or clears.
 */

/** Users hear of their own appointments, a provider's admins of its bookings (docs/product.md §6). */
export const NotificationAudience = z.enum(['user', 'admin']);

export const NotificationCreated = z.object({
  notificationId: z.string(),
  userId: z.string(),
  /** The person the message names, when not its recipient (an admin's notice of a booking). */
  subjectId: z.string().optional(),
  audience: NotificationAudience,
  message: z.string(),
  /** The appointment it is about; absent on notifications recorded before it was kept. */
  appointmentId: z.string().optional(),
  at: z.string(),
});

export const NotificationDeleted = z.object({
  notificationId: z.string(),
  userId: z.string(),
  at: z.string().optional(),
});

/** Everything in the list when it was cleared goes; what comes after stays. */
export const NotificationsCleared = z.object({ userId: z.string(), at: z.string() });

/** Every notifications event's data schema, by type. */
export const NOTIFICATIONS_EVENTS = {
  NotificationCreated,
  NotificationDeleted,
  NotificationsCleared,
} as const;

type DataOf = { [K in keyof typeof NOTIFICATIONS_EVENTS]: z.infer<(typeof NOTIFICATIONS_EVENTS)[K]> };
export type NotificationCreatedData = DataOf['NotificationCreated'];
export type NotificationsEvent = { [K in keyof DataOf]: { type: K; data: DataOf[K] } }[keyof DataOf];
