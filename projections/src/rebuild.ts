import type pg from 'pg';
import type { LogPosition } from '@appointment/contracts/events';
import { inTransaction } from './db/transaction';
import { START, type EventStore } from '@appointment/contracts/event-store';
import { migrateCheckpoints, writeCheckpoint } from './checkpoints';
import { applyOrPark, recordParked, type ParkedSoFar } from './parking';
import { liveSchema, projectionLockKey, shadowSchema, type Projection } from './projection';

export interface RebuildProgress {
  projection: string;
  applied: number;
  /** Events in the log when the rebuild started; more may arrive while it runs. */
  total: number;
}

export interface TableComparison {
  table: string;
  liveRows: number | null;
  rebuiltRows: number;
}

export interface RebuildReport {
  projection: string;
  applied: number;
  position: LogPosition;
  tables: TableComparison[];
  durationMs: number;
}

export interface RebuildOptions {
  batchSize?: number;
  onProgress?: (progress: RebuildProgress) => void;
}

export class RebuildAlreadyRunningError extends Error {
  constructor(name: string) {
    super(`A rebuild of ${name} is already running`);
  }
}

/** Creates `schema` afresh with the projection's tables. */
export const createProjectionSchema = async (
  db: pg.ClientBase | pg.Pool,
  projection: Projection,
  schema: string,
) => {
  await db.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await db.query(`CREATE SCHEMA ${schema}`);
  await db.query(projection.createTables(schema));
};

/**
 * Replays the whole log into `schema`, in committed batches, and returns where it stopped.
 * The tables are created first; `schema` is dropped if it exists.
 */
export const replayInto = async (
  pool: pg.Pool,
  store: EventStore,
  projection: Projection,
  schema: string,
  options: RebuildOptions = {},
): Promise<{ position: LogPosition; applied: number }> => {
  const batchSize = options.batchSize ?? 1000;
  await createProjectionSchema(pool, projection, schema);
  const total = await store.countAfter(START, Number.MAX_SAFE_INTEGER);
  let position = START;
  let applied = 0;
  const parked: ParkedSoFar = { streams: new Set(), events: [] };
  options.onProgress?.({ projection: projection.name, applied, total });
  for (;;) {
    const events = await store.readAll({ after: position, limit: batchSize });
    if (events.length === 0) break;
    await inTransaction(pool, (client) => applyOrPark(projection, events, { db: client, schema }, parked));
    position = events[events.length - 1]!.position;
    applied += events.length;
    options.onProgress?.({ projection: projection.name, applied, total: Math.max(total, applied) });
  }
  return { position, applied };
};

const tablesOf = async (db: pg.ClientBase, schema: string): Promise<string[]> => {
  const { rows } = await db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name`,
    [schema],
  );
  return rows.map((row) => row.table_name);
};

const countRows = async (db: pg.ClientBase, schema: string, table: string): Promise<number> => {
  const { rows } = await db.query<{ count: string }>(`SELECT count(*) FROM ${schema}."${table}"`);
  return Number(rows[0]!.count);
};

/**
 * Rebuilds a projection into its shadow schema while the live one keeps serving, then,
 * holding the projection's lock, catches up the last events, compares and swaps the two
 * schemas and moves the checkpoint, all in one transaction.
 */
export const rebuildProjection = async (
  pool: pg.Pool,
  store: EventStore,
  projection: Projection,
  options: RebuildOptions = {},
): Promise<RebuildReport> => (await rebuildProjections(pool, store, [projection], options))[0]!;

/**
 * Rebuilds several projections reading the log once (`ops rebuild all`): each batch is read
 * once and applied to every shadow schema, each in its own transaction, side by side; the next
 * batch is read meanwhile. Then each projection catches up and swaps in alone, as
 * `rebuildProjection` does.
 */
export const rebuildProjections = async (
  pool: pg.Pool,
  store: EventStore,
  projections: readonly Projection[],
  options: RebuildOptions = {},
): Promise<RebuildReport[]> => {
  const started = Date.now();
  const batchSize = options.batchSize ?? 2000;
  await migrateCheckpoints(pool);
  const guard = await pool.connect();
  try {
    for (const projection of projections) {
      const { rows } = await guard.query<{ locked: boolean }>(
        `SELECT pg_try_advisory_lock(hashtext($1)) AS locked`,
        [`rebuild:${projection.name}`],
      );
      if (!rows[0]!.locked) throw new RebuildAlreadyRunningError(projection.name);
    }
    const parked = new Map<string, ParkedSoFar>();
    for (const projection of projections) {
      await createProjectionSchema(pool, projection, shadowSchema(projection));
      parked.set(projection.name, { streams: new Set(), events: [] });
    }
    const name = projections.map((projection) => projection.name).join(', ');
    const total = await store.countAfter(START, Number.MAX_SAFE_INTEGER);
    let position = START;
    let applied = 0;
    options.onProgress?.({ projection: name, applied, total });
    let next = store.readAll({ after: position, limit: batchSize });
    for (;;) {
      const events = await next;
      if (events.length === 0) break;
      position = events[events.length - 1]!.position;
      next = store.readAll({ after: position, limit: batchSize });
      // The read ahead must not go unhandled if an apply fails first.
      next.catch(() => undefined);
      await Promise.all(
        projections.map((projection) =>
          inTransaction(pool, (client) =>
            applyOrPark(
              projection,
              events,
              { db: client, schema: shadowSchema(projection) },
              parked.get(projection.name)!,
            ),
          ),
        ),
      );
      applied += events.length;
      options.onProgress?.({ projection: name, applied, total: Math.max(total, applied) });
    }
    const reports: RebuildReport[] = [];
    for (const projection of projections) {
      const swapped = await swapIn(
        pool,
        store,
        projection,
        position,
        applied,
        batchSize,
        parked.get(projection.name)!,
      );
      reports.push({ projection: projection.name, ...swapped, durationMs: Date.now() - started });
    }
    return reports;
  } finally {
    await guard.query('SELECT pg_advisory_unlock_all()').catch(() => undefined);
    guard.release();
  }
};

/**
 * Holding the projection's lock: the last events into the shadow schema, the row counts
 * compared, the schemas swapped and the checkpoint moved, in one transaction.
 */
const swapIn = (
  pool: pg.Pool,
  store: EventStore,
  projection: Projection,
  from: LogPosition,
  appliedBefore: number,
  batchSize: number,
  parked: ParkedSoFar,
): Promise<{ applied: number; position: LogPosition; tables: TableComparison[] }> => {
  const live = liveSchema(projection);
  const shadow = shadowSchema(projection);
  return inTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [projectionLockKey(projection)]);
    let position = from;
    let applied = appliedBefore;
    for (;;) {
      const events = await store.readAll({ after: position, limit: batchSize });
      if (events.length === 0) break;
      await applyOrPark(projection, events, { db: client, schema: shadow }, parked);
      position = events[events.length - 1]!.position;
      applied += events.length;
    }
    const liveExists =
      (await client.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [live])).rowCount === 1;
    const liveTables = liveExists ? await tablesOf(client, live) : [];
    const tables: TableComparison[] = [];
    for (const table of await tablesOf(client, shadow)) {
      tables.push({
        table,
        liveRows: liveTables.includes(table) ? await countRows(client, live, table) : null,
        rebuiltRows: await countRows(client, shadow, table),
      });
    }
    if (liveExists) await client.query(`ALTER SCHEMA ${live} RENAME TO ${live}__old`);
    await client.query(`ALTER SCHEMA ${shadow} RENAME TO ${live}`);
    if (liveExists) await client.query(`DROP SCHEMA ${live}__old CASCADE`);
    await writeCheckpoint(client, projection.name, position, projection.version, applied, 'reset');
    // What the rebuilt projection parked replaces what the old one had.
    await client.query('DELETE FROM projector.parked WHERE projection = $1', [projection.name]);
    await recordParked(client, parked.events);
    return { applied, position, tables };
  });
};
