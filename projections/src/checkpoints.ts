import type pg from 'pg';
import { migrateSchema } from './db/transaction';
import type { LogPosition } from '@appointment/contracts/events';

export const CHECKPOINTS_SCHEMA = `
CREATE SCHEMA IF NOT EXISTS projector;
CREATE TABLE IF NOT EXISTS projector.checkpoints (
  projection text PRIMARY KEY,
  transaction_id xid8 NOT NULL,
  global_position bigint NOT NULL,
  version int NOT NULL,
  events_applied bigint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- Issue 26: events a projection could not apply (a data error), with the later events of their
-- stream, in log order; the projection goes on with every other stream (projections/src/parking.ts).
CREATE TABLE IF NOT EXISTS projector.parked (
  projection text NOT NULL,
  stream_name text NOT NULL,
  transaction_id xid8 NOT NULL,
  global_position bigint NOT NULL,
  event_id uuid NOT NULL,
  event_type text NOT NULL,
  error text NOT NULL,
  parked_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (projection, event_id)
);
CREATE INDEX IF NOT EXISTS parked_by_stream ON projector.parked (projection, stream_name, transaction_id, global_position);
`;

export interface Checkpoint {
  projection: string;
  position: LogPosition;
  version: number;
  eventsApplied: number;
  updatedAt: string;
}

interface CheckpointRow {
  projection: string;
  transaction_id: string;
  global_position: string;
  version: number;
  events_applied: string;
  updated_at: Date;
}

const toCheckpoint = (row: CheckpointRow): Checkpoint => ({
  projection: row.projection,
  position: { transactionId: row.transaction_id, globalPosition: row.global_position },
  version: row.version,
  eventsApplied: Number(row.events_applied),
  updatedAt: row.updated_at.toISOString(),
});

export const migrateCheckpoints = (pool: pg.Pool): Promise<void> =>
  migrateSchema(pool, 'projector', CHECKPOINTS_SCHEMA);

export const readCheckpoint = async (
  db: pg.Pool | pg.ClientBase,
  name: string,
): Promise<Checkpoint | undefined> => {
  const { rows } = await db.query<CheckpointRow>(
    'SELECT * FROM projector.checkpoints WHERE projection = $1',
    [name],
  );
  return rows[0] && toCheckpoint(rows[0]);
};

export const readCheckpoints = async (db: pg.Pool | pg.ClientBase): Promise<Checkpoint[]> => {
  const { rows } = await db.query<CheckpointRow>('SELECT * FROM projector.checkpoints ORDER BY projection');
  return rows.map(toCheckpoint);
};

/** Sets the checkpoint; `applied` adds to the running count of events applied. */
export const writeCheckpoint = async (
  db: pg.ClientBase,
  name: string,
  position: LogPosition,
  version: number,
  applied: number,
  mode: 'advance' | 'reset' = 'advance',
): Promise<void> => {
  await db.query(
    `INSERT INTO projector.checkpoints (projection, transaction_id, global_position, version, events_applied)
     VALUES ($1, $2::xid8, $3, $4, $5)
     ON CONFLICT (projection) DO UPDATE SET
       transaction_id = EXCLUDED.transaction_id,
       global_position = EXCLUDED.global_position,
       version = EXCLUDED.version,
       events_applied = CASE WHEN $6 THEN EXCLUDED.events_applied
                             ELSE projector.checkpoints.events_applied + EXCLUDED.events_applied END,
       updated_at = now()`,
    [name, position.transactionId, position.globalPosition, version, applied, mode === 'reset'],
  );
};

export interface CheckpointMove {
  name: string;
  position: LogPosition;
  version: number;
  applied: number;
}

const digits = (value: string | number): string => {
  const text = String(value);
  if (!/^\d+$/.test(text)) throw new Error(`not a log position or count: ${text}`);
  return text;
};

/**
 * The statement that moves several checkpoints forward, adding to their counts of events
 * applied, as SQL text with its values written in (names through `quote`, numbers checked), so
 * it can share a round trip with COMMIT.
 */
export const advanceCheckpointsSql = (
  moved: readonly CheckpointMove[],
  quote: (text: string) => string,
): string =>
  moved.length === 0
    ? ''
    : `INSERT INTO projector.checkpoints AS c (projection, transaction_id, global_position, version, events_applied)
     VALUES ${moved
       .map(
         (m) =>
           `(${quote(m.name)}, '${digits(m.position.transactionId)}'::xid8, ${digits(m.position.globalPosition)}, ${digits(m.version)}, ${digits(m.applied)})`,
       )
       .join(', ')}
     ON CONFLICT (projection) DO UPDATE SET
       transaction_id = EXCLUDED.transaction_id,
       global_position = EXCLUDED.global_position,
       version = EXCLUDED.version,
       events_applied = c.events_applied + EXCLUDED.events_applied,
       updated_at = now();`;

/**
 * How a projector's transaction begins: its commit does not wait for the disk (see
 * ProjectionTransaction for why that is safe), for this transaction only.
 */
export const BEGIN_PROJECTION = 'BEGIN; SET LOCAL synchronous_commit = off;';

/** A checkpoint moved past a batch that held nothing for its projection. */
export interface IdleMove {
  name: string;
  /** The checkpoint the batch was cut from: the move happens only if it is still the one stored. */
  from: LogPosition;
  to: LogPosition;
  applied: number;
}

/**
 * Moves the checkpoints of projections whose batch held nothing for them, all in one round trip
 * and without their locks: a checkpoint moves only if it is still the one its batch was cut
 * from (nothing of the projection's changed in between, since it handles none of these events),
 * so another writer's move (a rebuild's swap) is never overwritten. The names of the checkpoints
 * moved.
 */
export const moveIdleCheckpoints = async (
  pool: pg.Pool,
  moves: readonly IdleMove[],
): Promise<Set<string>> => {
  if (moves.length === 0) return new Set();
  const client = await pool.connect();
  try {
    const quote = (text: string) => client.escapeLiteral(text);
    const at = (position: LogPosition) =>
      `'${digits(position.transactionId)}'::xid8, ${digits(position.globalPosition)}::bigint`;
    const results = (await client.query(
      `${BEGIN_PROJECTION}
       UPDATE projector.checkpoints AS c
          SET transaction_id = m.to_tx, global_position = m.to_pos,
              events_applied = c.events_applied + m.applied, updated_at = now()
         FROM (VALUES ${moves
           .map((m) => `(${quote(m.name)}, ${at(m.from)}, ${at(m.to)}, ${digits(m.applied)}::bigint)`)
           .join(', ')}) AS m(name, from_tx, from_pos, to_tx, to_pos, applied)
        WHERE c.projection = m.name AND c.transaction_id = m.from_tx AND c.global_position = m.from_pos
       RETURNING c.projection;
       COMMIT;`,
    )) as unknown as pg.QueryResult<{ projection: string }>[];
    return new Set(results[2]!.rows.map((row) => row.projection));
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
};

/** Rows of projector.checkpoints as checkpoints. */
export const checkpointsOf = (rows: unknown[]): Checkpoint[] => (rows as CheckpointRow[]).map(toCheckpoint);

/**
 * Read your writes in a process that runs no projector (a worker, an API process of the
 * scale-out profile): resolves true once the projections named have stored a checkpoint at or
 * past `position`, polling, or false when `timeoutMs` runs out first.
 */
export const waitForCheckpoints = async (
  pool: pg.Pool,
  position: LogPosition,
  projections: readonly string[],
  timeoutMs = 5_000,
): Promise<boolean> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const behind = await pool
      .query<{ behind: number }>(
        `SELECT count(*)::int AS behind FROM unnest($1::text[]) AS wanted(name)
           LEFT JOIN projector.checkpoints c ON c.projection = wanted.name
          WHERE c.projection IS NULL OR (c.transaction_id, c.global_position) < ($2::xid8, $3::bigint)`,
        [projections, position.transactionId, position.globalPosition],
      )
      .then(({ rows }) => rows[0]!.behind)
      // A projector process that has not made its tables yet (scale-out start-up) is behind, not
      // a failure: the process waiting on it polls on (42P01: undefined table).
      .catch((error: unknown) => {
        if ((error as { code?: unknown }).code === '42P01') return projections.length;
        throw error;
      });
    if (behind === 0) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};
