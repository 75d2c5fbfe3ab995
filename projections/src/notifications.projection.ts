import {
  NotificationCreated,
  NotificationDeleted,
  NotificationsCleared,
} from '@appointment/contracts/events/notifications';
import { FORGOTTEN_MESSAGE, PersonForgotten } from '@appointment/contracts/events/privacy';
import { parseData, readEvent, type EventSchemas } from './parse-event';
import type { RecordedEvent } from '@appointment/contracts/events';
import { inRuns, type ApplyContext, type Projection } from './projection';

/** The fields of a notification its list shows. */
const Created = NotificationCreated.pick({
  notificationId: true,
  userId: true,
  subjectId: true,
  audience: true,
  message: true,
  at: true,
});

/** The events this read model handles, each read with (the fields it needs of) its schema. */
const SCHEMAS = {
  NotificationCreated: Created,
  NotificationDeleted: NotificationDeleted.pick({ notificationId: true, userId: true }),
  NotificationsCleared,
  PersonForgotten,
} satisfies EventSchemas;

/** Each person's notification list (docs/product.md §3 Notification, §4 live notifications). */
export const notificationsProjection: Projection = {
  name: 'notifications',
  version: 2,
  createTables: (schema) => `
    CREATE TABLE ${schema}.notifications (
      id text PRIMARY KEY,
      user_id text NOT NULL,
      -- Issue 12: the person the message names, when not its recipient.
      subject_id text,
      audience text NOT NULL,
      message text NOT NULL,
      created_at timestamptz NOT NULL
    );
    CREATE INDEX ON ${schema}.notifications (user_id, created_at);
  `,
  applyBatch: (events, context) => applyBatch(events, context),
  apply: async (event, { db, schema }) => {
    const read = readEvent('notifications', SCHEMAS, event);
    if (!read) return;
    const { type, data: d } = read;
    switch (type) {
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
      case 'PersonForgotten':
        // A forgotten person's list goes; others' notices about them keep no name.
        await db.query(`DELETE FROM ${schema}.notifications WHERE user_id = $1`, [d.personId]);
        await db.query(`UPDATE ${schema}.notifications SET message = $2 WHERE subject_id = $1`, [
          d.personId,
          FORGOTTEN_MESSAGE,
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
    .map((event) => parseData('notifications', Created, event))
    .filter((d) => d !== undefined)
    .map((d) => ({
      id: d.notificationId,
      user_id: d.userId,
      subject_id: d.subjectId ?? null,
      audience: d.audience,
      message: d.message,
      created_at: d.at,
    }));
  if (rows.length === 0) return;
  await db.query(
    `INSERT INTO ${schema}.notifications (id, user_id, subject_id, audience, message, created_at)
     SELECT * FROM jsonb_to_recordset($1::jsonb)
       AS n(id text, user_id text, subject_id text, audience text, message text, created_at timestamptz)
     ON CONFLICT (id) DO NOTHING`,
    [JSON.stringify(rows)],
  );
};

const applyBatch = inRuns(SCHEMAS, { NotificationCreated: createdRun }, (event, context) =>
  notificationsProjection.apply(event, context),
);
