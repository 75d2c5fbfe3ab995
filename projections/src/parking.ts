import type pg from 'pg';
import type { LogPosition, RecordedEvent } from '@appointment/contracts/events';
import { comparePositions, type EventStore } from '@appointment/contracts/event-store';
import { inTransaction } from './db/transaction';
import {
  applyEvents,
  liveSchema,
  projectionLockKey,
  type ApplyContext,
  type Projection,
  type Queryable,
} from './projection';
import { CheckpointMovedError } from './projection-transaction';

/**
 * Parked events (after Axon's sequenced dead-letter queue and EventStoreDB's parked
 * messages): an event a projection cannot apply because of its data is set aside for that
 * projection, with every later event of the same stream (their order kept), and the projection
 * goes on with every other stream. An outage (the database gone, a lost connection) is not a data
 * error: the batch fails whole and is retried from the checkpoint, as before.
 */
export interface ParkedEvent {
  projection: string;
  streamName: string;
  position: LogPosition;
  eventId: string;
  eventType: string;
  error: string;
  parkedAt?: string;
}

/** The error recorded for an event parked only because an earlier one of its stream is. */
export const BEHIND_PARKED = 'an earlier event of its stream is parked';

/** SQLSTATE classes of a database that is unreachable, overloaded or shutting down, or a lost race. */
const OUTAGE_CLASSES = new Set(['08', '40', '53', '55', '57', '58', 'XX']);

/**
 * Whether an error is an outage (retry the batch later) rather than something in the events
 * (park them): connection and resource errors of PostgreSQL and Node, and a checkpoint moved by
 * another writer.
 */
export const isOutage = (error: unknown): boolean => {
  if (error instanceof CheckpointMovedError) return true;
  const code = (error as { code?: unknown } | undefined)?.code;
  if (typeof code === 'string') {
    return /^[0-9A-Z]{5}$/.test(code) ? OUTAGE_CLASSES.has(code.slice(0, 2)) : true;
  }
  const message = error instanceof Error ? error.message : '';
  return /connection terminated|connection ended|timeout exceeded when trying to connect|connection error|not queryable/i.test(
    message,
  );
};

const describe = (error: unknown): string =>
  (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 1000);

const parkedOf = (projection: string, event: RecordedEvent, error: string): ParkedEvent => ({
  projection,
  streamName: event.streamName,
  position: event.position,
  eventId: event.id,
  eventType: event.type,
  error,
});

/** What a rebuild parked so far: the streams, and the events to record when it swaps in. */
export interface ParkedSoFar {
  streams: Set<string>;
  events: ParkedEvent[];
}

/**
 * A batch of a rebuild or replay in `db`'s transaction: whole under a savepoint, or, when it fails
 * on its data or holds events of a stream parked already, event by event with parking.
 */
export const applyOrPark = async (
  projection: Projection,
  events: readonly RecordedEvent[],
  context: ApplyContext,
  parked: ParkedSoFar,
): Promise<void> => {
  if (!events.some((event) => parked.streams.has(event.streamName))) {
    await context.db.query('SAVEPOINT batch');
    try {
      await applyEvents(projection, [...events], context);
      await context.db.query('RELEASE SAVEPOINT batch');
      return;
    } catch (error) {
      if (isOutage(error)) throw error;
      await context.db.query('ROLLBACK TO SAVEPOINT batch');
    }
  }
  parked.events.push(...(await applyParking(projection, events, context, parked.streams, false)));
};

/** The streams parked for a projection. */
export const parkedStreams = async (db: Queryable, projection: string): Promise<Set<string>> => {
  const { rows } = await db.query<{ stream_name: string }>(
    'SELECT DISTINCT stream_name FROM projector.parked WHERE projection = $1',
    [projection],
  );
  return new Set(rows.map((row) => row.stream_name));
};

export const recordParked = async (db: Queryable, parked: readonly ParkedEvent[]): Promise<void> => {
  if (parked.length === 0) return;
  await db.query(
    `INSERT INTO projector.parked (projection, stream_name, transaction_id, global_position, event_id, event_type, error)
     SELECT p.projection, p.stream_name, p.transaction_id::xid8, p.global_position, p.event_id, p.event_type, p.error
       FROM jsonb_to_recordset($1::jsonb) AS p(projection text, stream_name text, transaction_id text,
         global_position bigint, event_id uuid, event_type text, error text)
     ON CONFLICT (projection, event_id) DO UPDATE SET error = EXCLUDED.error`,
    [
      JSON.stringify(
        parked.map((p) => ({
          projection: p.projection,
          stream_name: p.streamName,
          transaction_id: p.position.transactionId,
          global_position: p.position.globalPosition,
          event_id: p.eventId,
          event_type: p.eventType,
          error: p.error,
        })),
      ),
    ],
  );
};

/**
 * Applies events one at a time, each under a savepoint of the batch's transaction: one that fails
 * with a data error is rolled back and parked, and so is every later event of its stream (and of
 * a stream in `parked` already). `parked` gains the streams parked; the answer is the events
 * parked now, recorded in the same transaction. An outage is thrown, the batch failing whole.
 */
export const applyParking = async (
  projection: Projection,
  events: readonly RecordedEvent[],
  context: ApplyContext,
  parked: Set<string>,
  /** False for a rebuild, which records what it parked when it swaps in. */
  record = true,
): Promise<ParkedEvent[]> => {
  const now: ParkedEvent[] = [];
  for (const event of events) {
    if (parked.has(event.streamName)) {
      now.push(parkedOf(projection.name, event, BEHIND_PARKED));
      continue;
    }
    await context.db.query('SAVEPOINT parking');
    try {
      await applyEvents(projection, [event], context);
      await context.db.query('RELEASE SAVEPOINT parking');
    } catch (error) {
      if (isOutage(error)) throw error;
      await context.db.query('ROLLBACK TO SAVEPOINT parking');
      parked.add(event.streamName);
      now.push(parkedOf(projection.name, event, describe(error)));
    }
  }
  if (record) await recordParked(context.db, now);
  return now;
};

interface ParkedRow {
  projection: string;
  stream_name: string;
  transaction_id: string;
  global_position: string;
  event_id: string;
  event_type: string;
  error: string;
  parked_at: Date;
}

/** Parked events, of one projection or all, in log order. */
export const listParked = async (db: Queryable, projection?: string): Promise<ParkedEvent[]> => {
  const { rows } = await db.query<ParkedRow>(
    `SELECT * FROM projector.parked WHERE $1::text IS NULL OR projection = $1
      ORDER BY projection, transaction_id, global_position`,
    [projection ?? null],
  );
  return rows.map((row) => ({
    projection: row.projection,
    streamName: row.stream_name,
    position: { transactionId: row.transaction_id, globalPosition: row.global_position },
    eventId: row.event_id,
    eventType: row.event_type,
    error: row.error,
    parkedAt: row.parked_at.toISOString(),
  }));
};

/** How many events are parked, per projection (none: absent). */
export const parkedCounts = async (db: Queryable): Promise<Map<string, number>> => {
  const { rows } = await db.query<{ projection: string; count: number }>(
    'SELECT projection, count(*)::int AS count FROM projector.parked GROUP BY projection',
  );
  return new Map(rows.map((row) => [row.projection, row.count]));
};

export interface RetryReport {
  projection: string;
  applied: number;
  stillParked: number;
}

/**
 * `ops retry-parked`: applies a projection's parked events again, stream by stream in log order,
 * holding the projection's lock (its runner waits meanwhile): those that apply now leave the
 * list; one that fails again stays, with the rest of its stream. Reactors' effects are
 * idempotent by event id, so a reactor may take its parked events again too.
 */
export const retryParked = async (
  pool: pg.Pool,
  store: EventStore,
  projection: Projection,
): Promise<RetryReport> =>
  inTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [projectionLockKey(projection)]);
    const parked = await listParked(client, projection.name);
    const streams = [...new Set(parked.map((p) => p.streamName))];
    const ids = new Set(parked.map((p) => p.eventId));
    let applied = 0;
    let stillParked = 0;
    const context: ApplyContext = { db: client, schema: liveSchema(projection) };
    for (const stream of streams) {
      const events = (await store.readStream(stream))
        .filter((event) => ids.has(event.id))
        .sort((a, b) => comparePositions(a.position, b.position));
      await client.query('DELETE FROM projector.parked WHERE projection = $1 AND stream_name = $2', [
        projection.name,
        stream,
      ]);
      const again = await applyParking(projection, events, context, new Set());
      applied += events.length - again.length;
      stillParked += again.length;
    }
    return { projection: projection.name, applied, stillParked };
  });
