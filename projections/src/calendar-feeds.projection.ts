import { asCalendarFeedEvent } from '@appointment/contracts/events/calendar-feed';
import { PersonForgotten } from '@appointment/contracts/events/privacy';
import type { Projection } from './projection';

/**
 * Calendar feeds by owner and by token: the token finds the feed without a session.
 * A deleted account's feed closes with it, and so does a forgotten subject's: their
 * URL answers 404 from then on, in the live read model and in every rebuild.
 */
export const calendarFeedsProjection: Projection = {
  name: 'calendar_feeds',
  version: 2,
  createTables: (schema) => `
    CREATE TABLE ${schema}.feeds (
      owner text NOT NULL,
      owner_id text NOT NULL,
      token text NOT NULL UNIQUE,
      connected_at timestamptz NOT NULL,
      PRIMARY KEY (owner, owner_id)
    );
  `,
  apply: async (recorded, { db, schema }) => {
    if (recorded.type === 'UserDeleted' && recorded.streamName.startsWith('user-')) {
      await db.query(`DELETE FROM ${schema}.feeds WHERE owner = 'user' AND owner_id = $1`, [
        recorded.streamName.slice('user-'.length),
      ]);
      return;
    }
    if (recorded.type === 'PersonForgotten') {
      const forgotten = PersonForgotten.safeParse(recorded.data);
      if (forgotten.success)
        await db.query(`DELETE FROM ${schema}.feeds WHERE owner = $1 AND owner_id = $2`, [
          forgotten.data.kind,
          forgotten.data.personId,
        ]);
      return;
    }
    const event = asCalendarFeedEvent(recorded);
    if (!event) return;
    const { owner, ownerId, at } = event.data;
    if (event.type === 'CalendarFeedConnected')
      await db.query(
        `INSERT INTO ${schema}.feeds (owner, owner_id, token, connected_at) VALUES ($1, $2, $3, $4)
           ON CONFLICT (owner, owner_id) DO UPDATE SET token = EXCLUDED.token, connected_at = EXCLUDED.connected_at`,
        [owner, ownerId, event.data.token, at],
      );
    else await db.query(`DELETE FROM ${schema}.feeds WHERE owner = $1 AND owner_id = $2`, [owner, ownerId]);
  },
};
