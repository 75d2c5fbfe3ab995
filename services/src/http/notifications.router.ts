import { Router } from 'express';
import { z } from 'zod';
import { MESSAGES } from '@appointment/contracts/messages';
import type { NotificationsService } from '../notifications/notifications';
import { authOf, requireCapability } from './authenticate';

const NotificationId = z.object({
  _id: z.string().min(1, { message: MESSAGES.notificationNotFound }).max(100),
});

/** SPEC §7.3 notification calls: the list, deleting one, and clearing all. */
export const notificationsRouter = (notifications: NotificationsService): Router => {
  const router = Router();

  router.get(
    '/appointments/getnotification',
    requireCapability('notifications.manage'),
    async (_req, res) => {
      res.json({ notifications: await notifications.list(authOf(res)) });
    },
  );

  router.post(
    '/appointments/deletenotification',
    requireCapability('notifications.manage'),
    async (req, res) => {
      await notifications.delete(authOf(res), NotificationId.parse(req.body)._id);
      res.json({ message: MESSAGES.notificationDeleted });
    },
  );

  router.post(
    '/appointments/deleteallnotification',
    requireCapability('notifications.manage'),
    async (_req, res) => {
      await notifications.clear(authOf(res));
      res.json({ message: MESSAGES.notificationsCleared });
    },
  );

  return router;
};
