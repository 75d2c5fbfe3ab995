import { Router } from 'express';
import { APPOINTMENT_PATHS, NotificationId } from '@appointment/contracts/appointments';
import { MESSAGES } from '@appointment/contracts/messages';
import type { NotificationsService } from '../notifications/notifications';
import { authOf, requireCapability } from './authenticate';
import { route } from './routes';

/** docs/product.md §7.3 notification calls: the list, deleting one, and clearing all. */
export const notificationsRouter = (notifications: NotificationsService): Router => {
  const router = Router();

  router.get(
    route(APPOINTMENT_PATHS.notifications),
    requireCapability('notifications.manage'),
    async (_req, res) => {
      res.json({ notifications: await notifications.list(authOf(res)) });
    },
  );

  router.post(
    route(APPOINTMENT_PATHS.deleteNotification),
    requireCapability('notifications.manage'),
    async (req, res) => {
      await notifications.delete(authOf(res), NotificationId.parse(req.body)._id);
      res.json({ message: MESSAGES.notificationDeleted });
    },
  );

  router.post(
    route(APPOINTMENT_PATHS.clearNotifications),
    requireCapability('notifications.manage'),
    async (_req, res) => {
      await notifications.clear(authOf(res));
      res.json({ message: MESSAGES.notificationsCleared });
    },
  );

  return router;
};
