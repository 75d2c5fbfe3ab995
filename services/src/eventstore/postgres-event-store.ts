import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { LogPosition, NewEvent, RecordedEvent } from '@appointment/contracts/events';
import { migrateSchema } from '../db/transaction';
import {
  EventIdConflictError,
  START,
  WrongExpectedRevisionError,
  type AppendOptions,
  type AppendResult,
  type EventStore,
  type ReadAllOptions,
  type SubscribeOptions,
  type Subscription,
} from './event-store';

const CHANNEL = 'es_events';

/**
 * The event log. `transaction_id` is the fence of DESIGN §3: a reader only takes rows whose
 * transaction is older than every transaction still running, in (transaction_id,
 * global_position) order, so a late commit is never skipped.
 */
export const EVENT_STORE_SCHEMA = `
CREATE SCHEMA IF NOT EXISTS es;
CREATE TABLE IF NOT EXISTS es.streams (
  stream_name text PRIMARY KEY,
  revision bigint NOT NULL
);
CREATE TABLE IF NOT EXISTS es.events (
  global_position bigint GENERATED ALWAYS AS IDENTITY,
  transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
  stream_name text NOT NULL,
  stream_revision bigint NOT NULL,
  event_id uuid NOT NULL,
  event_type text NOT NULL,
  data jsonb NOT NULL,
  metadata jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT events_event_id_key UNIQUE (event_id),
  CONSTRAINT events_stream_revision_key UNIQUE (stream_name, stream_revision)
);
CREATE INDEX IF NOT EXISTS events_log_order ON es.events (transaction_id, global_position);

-- One round trip per append: idempotency, the revision check and the insert in one call.
-- p_mode: exact | no_stream | stream_exists | any.
CREATE OR REPLACE FUNCTION es.append(
  p_stream text, p_mode text, p_expected bigint,
  p_ids uuid[], p_types text[], p_data jsonb[], p_metadata jsonb[]
) RETURNS TABLE (status text, revision bigint, transaction_id xid8, global_position bigint)
LANGUAGE plpgsql AS $fn$
DECLARE
  n int := cardinality(p_ids);
  v_before bigint;
  v_found int;
BEGIN
  -- By event id only: the stream check must not steer the planner to the (stream_name,
  -- stream_revision) index, which would read every event of the stream.
  SELECT count(*) FILTER (WHERE e.stream_name = p_stream) INTO v_found
    FROM es.events e WHERE e.event_id = ANY (p_ids);
  IF v_found = 0 THEN
    IF p_mode = 'exact' THEN
      UPDATE es.streams s SET revision = s.revision + n
       WHERE s.stream_name = p_stream AND s.revision = p_expected RETURNING s.revision - n INTO v_before;
    ELSIF p_mode = 'no_stream' THEN
      INSERT INTO es.streams VALUES (p_stream, n - 1) ON CONFLICT DO NOTHING RETURNING -1 INTO v_before;
    ELSIF p_mode = 'stream_exists' THEN
      UPDATE es.streams s SET revision = s.revision + n
       WHERE s.stream_name = p_stream RETURNING s.revision - n INTO v_before;
    ELSE
      INSERT INTO es.streams AS s VALUES (p_stream, n - 1)
        ON CONFLICT (stream_name) DO UPDATE SET revision = s.revision + n RETURNING s.revision - n INTO v_before;
    END IF;
    IF v_before IS NOT NULL THEN
      RETURN QUERY
      WITH inserted AS (
        INSERT INTO es.events (stream_name, stream_revision, event_id, event_type, data, metadata)
        SELECT p_stream, v_before + x.ord, x.id, x.type, x.data, x.metadata
          FROM unnest(p_ids, p_types, p_data, p_metadata) WITH ORDINALITY AS x(id, type, data, metadata, ord)
         ORDER BY x.ord
        RETURNING es.events.global_position
      )
      SELECT 'ok'::text, v_before + n, pg_current_xact_id(), max(inserted.global_position) FROM inserted;
      RETURN;
    END IF;
    -- The check failed; a concurrent append of these very ids may be why.
    SELECT count(*) FILTER (WHERE e.stream_name = p_stream) INTO v_found
      FROM es.events e WHERE e.event_id = ANY (p_ids);
  END IF;
  IF v_found = n THEN
    RETURN QUERY SELECT 'duplicate'::text, e.stream_revision, e.transaction_id, e.global_position
      FROM es.events e WHERE e.event_id = ANY (p_ids) ORDER BY e.stream_revision DESC LIMIT 1;
  ELSIF v_found > 0 THEN
    RETURN QUERY SELECT 'partial_duplicate'::text, NULL::bigint, NULL::xid8, NULL::bigint;
  ELSE
    RETURN QUERY SELECT 'wrong_expected_revision'::text,
      coalesce((SELECT s.revision FROM es.streams s WHERE s.stream_name = p_stream), -1), NULL::xid8, NULL::bigint;
  END IF;
END
$fn$;
`;

interface EventRow {
  global_position: string;
  transaction_id: string;
  stream_name: string;
  stream_revision: string;
  event_id: string;
  event_type: string;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
  /** ISO 8601 in UTC, formatted by the server: parsing a Date per row costs more than the row. */
  created_at: string;
}

const COLUMNS = `global_position, transaction_id, stream_name, stream_revision, event_id, event_type, data, metadata,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at`;

const APPEND_SQL =
  'SELECT status, revision, transaction_id, global_position FROM es.append($1, $2, $3, $4, $5, $6, $7)';

/**
 * An append at an exact revision without the plpgsql call: no idempotency pre-check (a retry
 * finds the revision moved on, and es.append then answers "duplicate"). Status 'ok', or
 * 'retry' when the revision did not match.
 */
const APPEND_EXACT_SQL = `
WITH stream AS (
  UPDATE es.streams SET revision = revision + cardinality($3::uuid[])
   WHERE stream_name = $1 AND revision = $2::bigint
  RETURNING revision - cardinality($3::uuid[]) AS before
), inserted AS (
  INSERT INTO es.events (stream_name, stream_revision, event_id, event_type, data, metadata)
  SELECT $1, stream.before + x.ord, x.id, x.type, x.data, x.metadata
    FROM stream, unnest($3::uuid[], $4::text[], $5::jsonb[], $6::jsonb[]) WITH ORDINALITY AS x(id, type, data, metadata, ord)
   ORDER BY x.ord
  RETURNING global_position
)
SELECT CASE WHEN count(*) > 0 THEN 'ok' ELSE 'retry' END AS status,
       (SELECT before FROM stream) + cardinality($3::uuid[]) AS revision,
       pg_current_xact_id() AS transaction_id, max(global_position) AS global_position
  FROM inserted`;

const toRecorded = (row: EventRow): RecordedEvent => ({
  id: row.event_id,
  type: row.event_type,
  streamName: row.stream_name,
  streamRevision: Number(row.stream_revision),
  position: { transactionId: row.transaction_id, globalPosition: row.global_position },
  data: row.data,
  metadata: row.metadata,
  createdAt: row.created_at,
});

export interface PostgresEventStoreOptions {
  connectionString: string;
  poolSize?: number;
  /** How often a subscription polls when no wake-up hint arrives. */
  pollIntervalMs?: number;
}

/** Creates the schema and the append function; safe to run concurrently and repeatedly. */
export const migrateEventStore = (pool: pg.Pool): Promise<void> =>
  migrateSchema(pool, 'es', EVENT_STORE_SCHEMA);

export const createPool = (connectionString: string, max = 20): pg.Pool => {
  const pool = new pg.Pool({
    connectionString,
    max,
    // A transaction left open holds back the read fence for every subscriber.
    idle_in_transaction_session_timeout: 10_000,
  });
  // An idle client losing its server (restart, shutdown) must not crash the process.
  pool.on('error', () => undefined);
  return pool;
};

export class PostgresEventStore implements EventStore {
  readonly pool: pg.Pool;
  private readonly local = new EventEmitter();
  private notifyInFlight = false;
  private notifyPending = false;
  private closed = false;
  private readonly subscriptions = new Set<Subscription>();

  private constructor(
    private readonly options: PostgresEventStoreOptions,
    pool: pg.Pool,
  ) {
    this.pool = pool;
    this.local.setMaxListeners(0);
  }

  static async connect(options: PostgresEventStoreOptions): Promise<PostgresEventStore> {
    const pool = createPool(options.connectionString, options.poolSize ?? 20);
    await migrateEventStore(pool);
    return new PostgresEventStore(options, pool);
  }

  async append(streamName: string, events: NewEvent[], options: AppendOptions = {}): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const expected = options.expectedRevision ?? 'any';
    const mode = typeof expected === 'number' ? 'exact' : expected;
    const ids = events.map((event) => event.id ?? randomUUID());
    const params = [
      streamName,
      mode,
      typeof expected === 'number' ? expected : null,
      ids,
      events.map((event) => event.type),
      events.map((event) => JSON.stringify(event.data)),
      events.map((event) => JSON.stringify(event.metadata ?? {})),
    ];
    const full = { name: 'es.append', text: APPEND_SQL, values: params };
    let result: pg.QueryResult | undefined;
    if (mode === 'exact') {
      // The common case in one planned statement; anything else (a wrong revision, a retry) is
      // answered by es.append.
      result = await this.pool
        .query({
          name: 'es.append_exact',
          text: APPEND_EXACT_SQL,
          values: [streamName, expected, ids, ...params.slice(4)],
        })
        .catch((error: unknown) => {
          if ((error as { constraint?: string }).constraint !== 'events_event_id_key') throw error;
          return undefined;
        });
      if (result?.rows[0]?.status !== 'ok') result = undefined;
    }
    try {
      result ??= await this.pool.query(full);
    } catch (error) {
      // Two concurrent appends of the same ids under `any`: the loser hits the unique key.
      // Asking again answers "already appended".
      if ((error as { constraint?: string }).constraint !== 'events_event_id_key') throw error;
      result = await this.pool.query(full);
    }
    const row = result.rows[0] as {
      status: string;
      revision: string;
      transaction_id: string;
      global_position: string;
    };
    switch (row.status) {
      case 'ok':
      case 'duplicate':
        if (row.status === 'ok') this.wake();
        return {
          nextExpectedRevision: Number(row.revision),
          position: { transactionId: row.transaction_id, globalPosition: row.global_position },
          alreadyAppended: row.status === 'duplicate',
        };
      case 'partial_duplicate':
        throw new EventIdConflictError(streamName);
      default:
        throw new WrongExpectedRevisionError(streamName, expected, Number(row.revision));
    }
  }

  async readStream(streamName: string, options: { fromRevision?: number } = {}): Promise<RecordedEvent[]> {
    const { rows } = await this.pool.query<EventRow>(
      `SELECT ${COLUMNS} FROM es.events WHERE stream_name = $1 AND stream_revision >= $2 ORDER BY stream_revision`,
      [streamName, options.fromRevision ?? 0],
    );
    return rows.map(toRecorded);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const after = options.after ?? START;
    const { rows } = await this.pool.query<EventRow>(
      `SELECT ${COLUMNS} FROM es.events
        WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint)
          AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
        ORDER BY transaction_id, global_position
        LIMIT $3`,
      [after.transactionId, after.globalPosition, options.limit ?? 1000],
    );
    return rows.map(toRecorded);
  }

  async countAfter(position: LogPosition | undefined, cap = 1_000_000): Promise<number> {
    const after = position ?? START;
    const { rows } = await this.pool.query<{ count: string }>(
      `SELECT count(*) FROM (SELECT 1 FROM es.events
        WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint) LIMIT $3) AS pending`,
      [after.transactionId, after.globalPosition, cap],
    );
    return Number(rows[0]?.count ?? 0);
  }

  /**
   * Resolves when an append may have happened: at once for appends made by this process,
   * through LISTEN for other processes, or after the poll interval, which is the truth.
   */
  waitForAppend(timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.local.off('append', done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.local.on('append', done);
    });
  }

  subscribe(options: SubscribeOptions): Subscription {
    let running = true;
    let position = options.after ?? START;
    let listener: pg.Client | undefined;
    const pollIntervalMs = this.options.pollIntervalMs ?? 500;

    const listen = async () => {
      const client = new pg.Client({ connectionString: this.options.connectionString });
      client.on('error', () => undefined);
      client.on('notification', () => this.local.emit('append'));
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      listener = client;
    };

    const loop = async () => {
      await listen().catch(options.onError ?? (() => undefined));
      while (running) {
        try {
          const events = await this.readAll({ after: position, limit: options.batchSize ?? 1000 });
          if (events.length === 0) {
            await this.waitForAppend(pollIntervalMs);
            continue;
          }
          await options.onBatch(events);
          position = events[events.length - 1]!.position;
        } catch (error) {
          if (!running) break;
          options.onError?.(error);
          await this.waitForAppend(pollIntervalMs);
        }
      }
    };

    const finished = loop();
    const subscription: Subscription = {
      close: async () => {
        running = false;
        this.local.emit('append');
        await finished;
        await listener?.end().catch(() => undefined);
        this.subscriptions.delete(subscription);
      },
    };
    this.subscriptions.add(subscription);
    return subscription;
  }

  /**
   * Wakes local subscribers now, and other processes through one coalesced NOTIFY:
   * at most one in flight per process, so a burst of appends costs one extra statement.
   */
  private wake(): void {
    this.local.emit('append');
    if (this.closed) return;
    if (this.notifyInFlight) {
      this.notifyPending = true;
      return;
    }
    this.notifyInFlight = true;
    this.pool
      .query(`NOTIFY ${CHANNEL}`)
      .catch(() => undefined)
      .finally(() => {
        this.notifyInFlight = false;
        if (this.notifyPending) {
          this.notifyPending = false;
          this.wake();
        }
      });
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.subscriptions].map((subscription) => subscription.close()));
    await this.pool.end();
  }
}
