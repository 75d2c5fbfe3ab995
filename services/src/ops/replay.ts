import pg from 'pg';
import type { LogPosition, RecordedEvent } from '@appointment/contracts/events';
import { migrateCheckpoints, readCheckpoint } from '@appointment/projections/checkpoints';
import {
  applyEvents,
  liveSchema,
  projectionLockKey,
  type Projection,
} from '@appointment/projections/projection';
import { createProjectionSchema } from '@appointment/projections/rebuild';
import { inTransaction } from '@appointment/projections/db/transaction';
import { comparePositions, START, type EventStore } from '@appointment/contracts/event-store';
import type { PointInLog } from '../history/provider-state';

export class OpsInputError extends Error {}

const BATCH = 2_000;

/** A schema an operator may replay into: a plain name, never a live read model's or the log's. */
export const checkReplaySchema = (schema: string): string => {
  if (!/^[a-z_][a-z0-9_]{0,50}$/.test(schema))
    throw new OpsInputError(`"${schema}" is not a schema name (lower-case letters, digits and _)`);
  if (/^rm_/.test(schema) || ['es', 'public', 'jobs', 'pg_catalog', 'information_schema'].includes(schema))
    throw new OpsInputError(`"${schema}" belongs to the product; replay into a schema of your own`);
  return schema;
};

const within = (event: RecordedEvent, point: PointInLog | LogPosition): boolean => {
  if ('transactionId' in point) return comparePositions(event.position, point) <= 0;
  if ('position' in point) return BigInt(event.position.globalPosition) <= BigInt(point.position);
  return event.createdAt <= point.time;
};

/**
 * Applies the log's events up to `to` (all of them without it) to `projection`'s tables in
 * `schema`, after `after`, batch by batch; returns how many were applied and the last position.
 */
const replayRange = async (
  pool: pg.Pool | pg.ClientBase,
  store: EventStore,
  projection: Projection,
  schema: string,
  after: LogPosition,
  to: PointInLog | LogPosition | undefined,
  onProgress?: (applied: number) => void,
): Promise<{ applied: number; position: LogPosition }> => {
  let position = after;
  let applied = 0;
  for (;;) {
    const events = await store.readAll({ after: position, limit: BATCH });
    if (events.length === 0) break;
    const taken = to ? events.filter((event) => within(event, to)) : events;
    if (taken.length > 0) {
      const apply = (db: pg.ClientBase) => applyEvents(projection, taken, { db, schema });
      if (pool instanceof pg.Pool) await inTransaction(pool, apply);
      else await apply(pool);
      applied += taken.length;
    }
    position = events[events.length - 1]!.position;
    onProgress?.(applied);
    // A point by position ends the replay once the log has passed it.
    if (to && 'transactionId' in to && comparePositions(position, to) >= 0) break;
  }
  return { applied, position };
};

/**
 * `replay <projection> --to <position|time> --into <schema>`: the read model as it was at a
 * point, in a schema of its own for SQL; the live read model is not touched.
 */
export const replayProjectionTo = async (
  pool: pg.Pool,
  store: EventStore,
  projection: Projection,
  to: PointInLog,
  into: string,
  onProgress?: (applied: number, total: number) => void,
): Promise<{ applied: number; schema: string; tables: { table: string; rows: number }[] }> => {
  const schema = checkReplaySchema(into);
  await createProjectionSchema(pool, projection, schema);
  const total = await store.countAfter(START, Number.MAX_SAFE_INTEGER);
  let read = 0;
  const { applied } = await replayRange(pool, store, projection, schema, START, to, (count) => {
    read = count;
    onProgress?.(read, total);
  });
  const client = await pool.connect();
  try {
    const tables = [];
    for (const table of await tablesOf(client, schema)) {
      const { rows } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${schema}."${table}"`);
      tables.push({ table, rows: Number(rows[0]!.n) });
    }
    return { applied, schema, tables };
  } finally {
    client.release();
  }
};

export interface TableDifference {
  table: string;
  liveRows: number;
  rebuiltRows: number;
  /** Rows only in the live read model, and only in the rebuilt one (up to 5 each, as JSON). */
  onlyLive: number;
  onlyRebuilt: number;
  samples: { side: 'live' | 'rebuilt'; row: unknown }[];
}

export interface VerifyReport {
  projection: string;
  applied: number;
  tables: TableDifference[];
  same: boolean;
}

const tablesOf = async (db: pg.ClientBase, schema: string): Promise<string[]> => {
  const { rows } = await db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name`,
    [schema],
  );
  return rows.map((row) => row.table_name);
};

/** Row by row, as jsonb (json columns have no equality): the rows each side has that the other lacks. */
const compareTable = async (
  db: pg.ClientBase,
  live: string,
  rebuilt: string,
  table: string,
): Promise<TableDifference> => {
  const only = async (a: string, b: string) => {
    const { rows } = await db.query<{ row: unknown; total: string }>(
      `SELECT d.row, count(*) OVER () AS total FROM (
         SELECT to_jsonb(t) AS row FROM ${a}."${table}" t
         EXCEPT ALL
         SELECT to_jsonb(t) FROM ${b}."${table}" t) d LIMIT 5`,
    );
    return { count: Number(rows[0]?.total ?? 0), samples: rows.map((r) => r.row) };
  };
  const count = async (schema: string) =>
    Number((await db.query<{ n: string }>(`SELECT count(*) AS n FROM ${schema}."${table}"`)).rows[0]!.n);
  const liveOnly = await only(live, rebuilt);
  const rebuiltOnly = await only(rebuilt, live);
  return {
    table,
    liveRows: await count(live),
    rebuiltRows: await count(rebuilt),
    onlyLive: liveOnly.count,
    onlyRebuilt: rebuiltOnly.count,
    samples: [
      ...liveOnly.samples.map((row) => ({ side: 'live' as const, row })),
      ...rebuiltOnly.samples.map((row) => ({ side: 'rebuilt' as const, row })),
    ],
  };
};

/**
 * `verify <projection>`: rebuilds into a shadow schema of its own up to the live read model's
 * checkpoint, then, holding the projection's lock so the live one stands still, catches up to
 * where the live one is and compares every table row by row. Nothing is swapped; the shadow is
 * dropped.
 */
export const verifyProjection = async (
  pool: pg.Pool,
  store: EventStore,
  projection: Projection,
  onProgress?: (applied: number, total: number) => void,
): Promise<VerifyReport> => {
  await migrateCheckpoints(pool);
  const shadow = `${liveSchema(projection)}__verify`;
  await createProjectionSchema(pool, projection, shadow);
  try {
    const first = (await readCheckpoint(pool, projection.name))?.position ?? START;
    const total = Math.max(
      1,
      (await store.countAfter(START, Number.MAX_SAFE_INTEGER)) - (await store.countAfter(first)),
    );
    const replayed = await replayRange(pool, store, projection, shadow, START, first, (applied) =>
      onProgress?.(applied, total),
    );
    return await inTransaction(pool, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [projectionLockKey(projection)]);
      const now = (await readCheckpoint(client, projection.name))?.position ?? START;
      const caughtUp = await replayRange(client, store, projection, shadow, replayed.position, now);
      const live = liveSchema(projection);
      const liveTables = await tablesOf(client, live);
      const tables: TableDifference[] = [];
      for (const table of await tablesOf(client, shadow)) {
        if (!liveTables.includes(table)) {
          tables.push({ table, liveRows: 0, rebuiltRows: 0, onlyLive: 0, onlyRebuilt: -1, samples: [] });
          continue;
        }
        tables.push(await compareTable(client, live, shadow, table));
      }
      const applied = replayed.applied + caughtUp.applied;
      onProgress?.(applied, Math.max(total, applied));
      return {
        projection: projection.name,
        applied,
        tables,
        same: tables.every((t) => t.onlyLive === 0 && t.onlyRebuilt === 0),
      };
    });
  } finally {
    await pool.query(`DROP SCHEMA IF EXISTS ${shadow} CASCADE`);
  }
};
