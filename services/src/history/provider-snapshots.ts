import type pg from 'pg';
import { migrateSchema } from '@appointment/projections/db/transaction';

/**
 * Time travel (docs/decisions.md D42): snapshots of a provider's folded state, every
 * `SNAPSHOT_EVERY` of its events, so a point in a long history folds from the nearest snapshot
 * at or before it instead of from the first event. A cache of the log, nothing more: the table
 * may be emptied or dropped at any time, and is filled again by the next questions asked.
 *
 * A snapshot holds personal values as the log holds them, sealed (services/src/privacy): they
 * are opened only when an answer is built, so forgetting a person (deleting their key) leaves
 * nothing of theirs readable here either. Values written in clear before sealing began, and the
 * profile of a business that registered itself (its time zone is derived from its address),
 * name their subject in `subjects`: forgetting that subject deletes the snapshot.
 */
export const SNAPSHOT_SCHEMA = 'history_snapshots';
export const SNAPSHOTS = `${SNAPSHOT_SCHEMA}.provider_states`;

/**
 * The shape of `state` and the `evolve` that made it. Raise it whenever the provider's or a time
 * slot's state or `evolve` changes: snapshots of another format are ignored, and deleted when
 * the provider is next snapshotted.
 */
export const SNAPSHOT_FORMAT = 2;

/** A snapshot every so many of a provider's folded events. */
export const SNAPSHOT_EVERY = 5_000;

export const migrateProviderSnapshots = (pool: pg.Pool): Promise<void> =>
  migrateSchema(
    pool,
    SNAPSHOT_SCHEMA,
    `
    CREATE SCHEMA IF NOT EXISTS ${SNAPSHOT_SCHEMA};
    CREATE TABLE IF NOT EXISTS ${SNAPSHOTS} (
      provider_id text NOT NULL,
      -- The last event folded in: the snapshot is the provider after every event up to it.
      global_position bigint NOT NULL,
      format int NOT NULL,
      events_folded int NOT NULL,
      -- How many of the provider's history entries lie at or before global_position when it was
      -- made: a late commit below it (a transaction that got an earlier position) changes the
      -- count, and the snapshot is not used.
      entries_up_to int NOT NULL,
      -- The latest recording time folded in: a point in time at or after it may start here.
      last_at timestamptz NOT NULL,
      subjects text[] NOT NULL DEFAULT '{}',
      -- The fold as JSON, gzipped: a tenth of the bytes to read, and quicker to open than text.
      state bytea NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (provider_id, global_position)
    );
    CREATE INDEX IF NOT EXISTS provider_states_subjects ON ${SNAPSHOTS} USING gin (subjects);
  `,
  );

const migrated = new WeakMap<pg.Pool, Promise<void>>();

/** The table, made once per pool. */
export const snapshotsReady = (pool: pg.Pool): Promise<void> => {
  let ready = migrated.get(pool);
  if (!ready) {
    ready = migrateProviderSnapshots(pool);
    ready.catch(() => migrated.delete(pool));
    migrated.set(pool, ready);
  }
  return ready;
};

export interface SnapshotRow {
  global_position: string;
  events_folded: number;
  entries_up_to: number;
  last_at: string;
  state: Buffer;
}

export interface NewSnapshot {
  position: string;
  eventsFolded: number;
  lastAt: string;
  subjects: string[];
  state: Buffer;
}

/** Forgetting a subject deletes the snapshots that hold their data in clear or derive from it. */
export const forgetInSnapshots = async (pool: pg.Pool, personId: string): Promise<void> => {
  const { rows } = await pool.query<{ present: string | null }>(`SELECT to_regclass($1) AS present`, [
    SNAPSHOTS,
  ]);
  if (rows[0]?.present)
    await pool.query(`DELETE FROM ${SNAPSHOTS} WHERE subjects @> ARRAY[$1::text]`, [personId]);
};
