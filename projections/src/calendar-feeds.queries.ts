import type pg from 'pg';
import type { FeedOwner } from '@appointment/contracts/calendar-feeds';

/** The reads of rm_calendar_feeds, beside the projection that writes it. */
type Db = Pick<pg.Pool, 'query'>;

export interface FeedRow {
  owner: FeedOwner;
  ownerId: string;
  token: string;
  connectedAt: string;
}

interface Row {
  owner: FeedOwner;
  owner_id: string;
  token: string;
  connected_at: Date;
}

const toFeed = (row: Row): FeedRow => ({
  owner: row.owner,
  ownerId: row.owner_id,
  token: row.token,
  connectedAt: row.connected_at.toISOString(),
});

export const feedOf = async (db: Db, owner: FeedOwner, ownerId: string): Promise<FeedRow | undefined> => {
  const { rows } = await db.query<Row>(
    `SELECT owner, owner_id, token, connected_at FROM rm_calendar_feeds.feeds WHERE owner = $1 AND owner_id = $2`,
    [owner, ownerId],
  );
  return rows[0] && toFeed(rows[0]);
};

export const feedByToken = async (db: Db, token: string): Promise<FeedRow | undefined> => {
  const { rows } = await db.query<Row>(
    `SELECT owner, owner_id, token, connected_at FROM rm_calendar_feeds.feeds WHERE token = $1`,
    [token],
  );
  return rows[0] && toFeed(rows[0]);
};
