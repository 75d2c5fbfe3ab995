import type { z } from 'zod';
import { APPOINTMENT_PATHS, type NotificationId } from '@appointment/contracts/appointments';
import { ok } from '../support/assertions';
import type { Person, PlatformWorld } from '../support/world';

/* Notifications (docs/product.md §3, §7.6) as the client drives them: listed, deleted one by one or all. */

export interface Notification {
  _id: string;
  message: string;
  createdAt: string;
}

export const notificationsOf = async (world: PlatformWorld, person: Person): Promise<Notification[]> => {
  const response = await world.request(person, 'GET', APPOINTMENT_PATHS.notifications);
  return (
    ok(response, 200, `${person.name} cannot see the notifications`) as { notifications: Notification[] }
  ).notifications;
};

export const deleteNotification = (world: PlatformWorld, person: Person, notification: Notification) => {
  const body: z.input<typeof NotificationId> = { _id: notification._id };
  return world.request(person, 'POST', APPOINTMENT_PATHS.deleteNotification, { body });
};

export const clearNotifications = (world: PlatformWorld, person: Person) =>
  world.request(person, 'POST', APPOINTMENT_PATHS.clearNotifications);
