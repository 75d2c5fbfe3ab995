import { z } from 'zod';
import { parseEvent } from './event-shapes';
import type { RecordedEvent } from '@appointment/contracts/events';
import { inRuns, type ApplyContext, type Projection } from './projection';

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

/** Each person's notification list (docs/product.md §3 Notification, §4 live notifications). */
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
  applyBatch: (events, context) => applyBatch(events, context),
  apply: async (event, { db, schema }) => {
    const d = parseEvent('notifications', SHAPES, event);
    if (!d) return;
    switch (event.type) {
      case 'NotificationCreated':
        await createdRun([event], { db, schema });
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

/** A run of new notifications in one statement. */
const createdRun = async (events: RecordedEvent[], { db, schema }: ApplyContext): Promise<void> => {
  const rows = events
    .map((event) => parseEvent('notifications', SHAPES, event))
    .filter((d) => d !== undefined)
    .map((d) => ({
      id: d.notificationId,
      user_id: d.userId,
      audience: d.audience,
      message: d.message,
      created_at: d.at,
    }));
  if (rows.length === 0) return;
  await db.query(
    `INSERT INTO ${schema}.notifications (id, user_id, audience, message, created_at)
     SELECT * FROM jsonb_to_recordset($1::jsonb)
       AS n(id text, user_id text, audience text, message text, created_at timestamptz)
     ON CONFLICT (id) DO NOTHING`,
    [JSON.stringify(rows)],
  );
};

const applyBatch = inRuns(SHAPES, { NotificationCreated: createdRun }, (event, context) =>
  notificationsProjection.apply(event, context),
);
