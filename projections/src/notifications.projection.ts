import { z } from 'zod';
import { parseEvent } from './event-shapes';
import type { Projection } from './projection';

const SHAPES: Record<string, z.ZodType> = {
  NotificationCreated: z.object({
    notificationId: z.string(),
    userId: z.string(),
    audience: z.enum(['user', 'admin']),
    message: z.string(),
    at: z.string(),
  }),
  NotificationDeleted: z.object({ notificationId: z.string(), userId: z.string() }),
  NotificationsCleared: z.object({ userId: z.string(), at: z.string() }),
};

/** Each person's notification list (SPEC §3 Notification, §4 live notifications). */
export const notificationsProjection: Projection = {
  name: 'notifications',
  version: 1,
  createTables: (schema) => `
    CREATE TABLE ${schema}.notifications (
      id text PRIMARY KEY,
      user_id text NOT NULL,
      audience text NOT NULL,
      message text NOT NULL,
      created_at timestamptz NOT NULL
    );
    CREATE INDEX ON ${schema}.notifications (user_id, created_at);
  `,
  apply: async (event, { db, schema }) => {
    const d = parseEvent('notifications', SHAPES, event);
    if (!d) return;
    switch (event.type) {
      case 'NotificationCreated':
        await db.query(
          `INSERT INTO ${schema}.notifications (id, user_id, audience, message, created_at) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (id) DO NOTHING`,
          [d.notificationId, d.userId, d.audience, d.message, d.at],
        );
        return;
      case 'NotificationDeleted':
        await db.query(`DELETE FROM ${schema}.notifications WHERE id = $1 AND user_id = $2`, [
          d.notificationId,
          d.userId,
        ]);
        return;
      case 'NotificationsCleared':
        // Only what existed when the list was cleared; a notification created since stays.
        await db.query(`DELETE FROM ${schema}.notifications WHERE user_id = $1 AND created_at <= $2`, [
          d.userId,
          d.at,
        ]);
        return;
      default:
        return;
    }
  },
};
