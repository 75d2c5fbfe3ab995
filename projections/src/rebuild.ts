import type pg from 'pg';
import type { LogPosition } from '@appointment/contracts/events';
import { inTransaction } from '@appointment/services/db/transaction';
import { START, type EventStore } from '@appointment/services/eventstore/event-store';
import { migrateCheckpoints, writeCheckpoint } from './checkpoints';
import { applyEvents, liveSchema, projectionLockKey, shadowSchema, type Projection } from './projection';

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
  options.onProgress?.({ projection: projection.name, applied, total });
  for (;;) {
    const events = await store.readAll({ after: position, limit: batchSize });
    if (events.length === 0) break;
    await inTransaction(pool, (client) => applyEvents(projection, events, { db: client, schema }));
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
): Promise<RebuildReport> => {
  const started = Date.now();
  await migrateCheckpoints(pool);
  const live = liveSchema(projection);
  const shadow = shadowSchema(projection);
  const guard = await pool.connect();
  try {
    const { rows } = await guard.query<{ locked: boolean }>(
      `SELECT pg_try_advisory_lock(hashtext($1)) AS locked`,
      [`rebuild:${projection.name}`],
    );
    if (!rows[0]!.locked) throw new RebuildAlreadyRunningError(projection.name);

    let { position, applied } = await replayInto(pool, store, projection, shadow, options);

    const tables = await inTransaction(pool, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [projectionLockKey(projection)]);
      for (;;) {
        const events = await store.readAll({ after: position, limit: options.batchSize ?? 1000 });
        if (events.length === 0) break;
        await applyEvents(projection, events, { db: client, schema: shadow });
        position = events[events.length - 1]!.position;
        applied += events.length;
      }
      const liveExists =
        (await client.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [live])).rowCount === 1;
      const liveTables = liveExists ? await tablesOf(client, live) : [];
      const comparison: TableComparison[] = [];
      for (const table of await tablesOf(client, shadow)) {
        comparison.push({
          table,
          liveRows: liveTables.includes(table) ? await countRows(client, live, table) : null,
          rebuiltRows: await countRows(client, shadow, table),
        });
      }
      if (liveExists) await client.query(`ALTER SCHEMA ${live} RENAME TO ${live}__old`);
      await client.query(`ALTER SCHEMA ${shadow} RENAME TO ${live}`);
      if (liveExists) await client.query(`DROP SCHEMA ${live}__old CASCADE`);
      await writeCheckpoint(client, projection.name, position, projection.version, applied, 'reset');
      return comparison;
    });
    options.onProgress?.({ projection: projection.name, applied, total: applied });
    return { projection: projection.name, applied, position, tables, durationMs: Date.now() - started };
  } finally {
    await guard.query('SELECT pg_advisory_unlock_all()').catch(() => undefined);
    guard.release();
  }
};
