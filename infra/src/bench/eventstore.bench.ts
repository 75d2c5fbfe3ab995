import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { dumbo } from '@event-driven-io/dumbo';
import { STREAM_DOES_NOT_EXIST, type Event } from '@event-driven-io/emmett';
import { getPostgreSQLEventStore, readMessagesBatch } from '@event-driven-io/emmett-postgresql';
import type { LogPosition, NewEvent } from '@appointment/contracts/events';
import { START } from '@appointment/contracts/event-store';
import { PostgresEventStore } from '@appointment/services/eventstore/postgres-event-store';
import { TEST_SERVER_URL, createTestDatabase } from '../testing/postgres';
import { Samples, envNumber, figure, note, quantileOfSorted, withProgress } from './harness';

/**
 * `npm run bench -- eventstore`: our PostgreSQL event store against emmett's, same server,
 * same pool size, same workload, each in a fresh database.
 *
 * Appends: W writers (1, 8, 32) run concurrently, each over its own STREAMS_PER_WRITER streams,
 * round-robin, every append carrying the exact expected revision of its stream. Streams are
 * created (untimed), the writers warm up (untimed), then run for a fixed duration; throughput
 * counts every event appended until the last writer finishes its last append.
 *
 * Read-all, after the appends: every event from the start, in global order, in pages of
 * READ_PAGE_SIZE, within READ_BUDGET_MS; then, untimed, an audit of what the cursor went past
 * without delivering (`missed`) and what it delivered twice (`repeated`).
 * Emmett has no public read-all: we page its emt_messages table with `readMessagesBatch`,
 * the reader its own consumers' message puller uses (transaction_id < pg_snapshot_xmin fence,
 * ORDER BY transaction_id, global_position, next page from the last global_position + 1).
 *
 * Set BENCH_DURATION_MS, BENCH_WARMUP_MS, BENCH_POOL_SIZE, BENCH_READ_BUDGET_MS to change the run.
 */

const SUITE = 'eventstore';
const WRITER_COUNTS = [1, 8, 32];
const BATCH_SIZES = [1, 100];
const STREAMS_PER_WRITER = 16;
const READ_PAGE_SIZE = 1000;
const POOL_SIZE = Math.max(envNumber('BENCH_POOL_SIZE', 32), ...WRITER_COUNTS);
const DURATION_MS = envNumber('BENCH_DURATION_MS', 4000);
const WARMUP_MS = envNumber('BENCH_WARMUP_MS', 1000);
/** Emmett's reader sorts the rest of its table for every page; a budget keeps the run short. */
const READ_BUDGET_MS = envNumber('BENCH_READ_BUDGET_MS', 30_000);

type StoreName = 'ours' | 'emmett';

interface ReadResult {
  delivered: number;
  /** Whether the reader reached the end of the log. */
  complete: boolean;
  /** Untimed: events the cursor went past undelivered, and deliveries of an event already delivered. */
  audit(): Promise<{ missed: number; repeated: number }>;
}

/** One store as the benchmark drives it. */
interface StoreUnderTest {
  readonly name: StoreName;
  /** Appends to a stream already holding `eventsBefore` events, checking exactly that. */
  append(stream: string, events: NewEvent[], eventsBefore: number): Promise<void>;
  /** Reads from the start, page by page, until the end of the log or `until` (a performance.now()). */
  readAll(onPage: (delivered: number) => void, until: number): Promise<ReadResult>;
  countEvents(): Promise<number>;
  close(): Promise<void>;
}

const openOurs = async (url: string): Promise<StoreUnderTest> => {
  const store = await PostgresEventStore.connect({ connectionString: url, poolSize: POOL_SIZE });
  return {
    name: 'ours',
    append: async (stream, events, eventsBefore) => {
      await store.append(stream, events, {
        expectedRevision: eventsBefore === 0 ? 'no_stream' : eventsBefore - 1,
      });
    },
    readAll: async (onPage, until) => {
      const positions: string[] = [];
      let after: LogPosition = START;
      let complete = false;
      while (performance.now() < until) {
        const page = await store.readAll({ after, limit: READ_PAGE_SIZE });
        if (page.length === 0) {
          complete = true;
          break;
        }
        for (const event of page) positions.push(event.position.globalPosition);
        after = page[page.length - 1]!.position;
        onPage(positions.length);
      }
      return {
        delivered: positions.length,
        complete,
        audit: async () => {
          // Our cursor is (transaction_id, global_position): it has passed everything up to it.
          const { rows } = await store.pool.query<{ count: string }>(
            'SELECT count(*) FROM es.events WHERE (transaction_id, global_position) <= ($1::xid8, $2::bigint)',
            [after.transactionId, after.globalPosition],
          );
          const distinct = new Set(positions).size;
          return { missed: Number(rows[0]!.count) - distinct, repeated: positions.length - distinct };
        },
      };
    },
    countEvents: async () => {
      const { rows } = await store.pool.query<{ count: string }>('SELECT count(*) FROM es.events');
      return Number(rows[0]!.count);
    },
    close: () => store.close(),
  };
};

type EmmettEvent = Event<string, Record<string, unknown>, Record<string, unknown>>;

const openEmmett = async (url: string): Promise<StoreUnderTest> => {
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE });
  pool.on('error', () => undefined);
  const db = dumbo({ connectionString: url, pool });
  const store = getPostgreSQLEventStore(url, { connectionOptions: { dumbo: db } });
  await store.schema.migrate();
  return {
    name: 'emmett',
    append: async (stream, events, eventsBefore) => {
      const messages: EmmettEvent[] = events.map((event) => ({
        type: event.type,
        data: event.data,
        metadata: event.metadata ?? {},
      }));
      await store.appendToStream(stream, messages, {
        expectedStreamVersion: eventsBefore === 0 ? STREAM_DOES_NOT_EXIST : BigInt(eventsBefore),
      });
    },
    readAll: async (onPage, until) => {
      const positions: bigint[] = [];
      let after = 0n;
      let complete = false;
      while (performance.now() < until) {
        const page = await readMessagesBatch(db.execute, { after, batchSize: READ_PAGE_SIZE });
        if (page.messages.length === 0) {
          complete = true;
          break;
        }
        for (const message of page.messages) positions.push(message.metadata.globalPosition);
        after = page.currentGlobalPosition;
        onPage(positions.length);
      }
      return {
        delivered: positions.length,
        complete,
        audit: async () => {
          // Emmett's next page starts after global_position `after`: it has passed everything up to it,
          // but pages are sorted by transaction_id, so it may already have delivered some beyond it.
          const { rows } = await pool.query<{ count: string }>(
            'SELECT count(*)::text AS count FROM emt_messages WHERE global_position <= $1',
            [after.toString()],
          );
          const distinct = new Set(positions);
          const distinctPassed = [...distinct].filter((position) => position <= after).length;
          return {
            missed: Number(rows[0]!.count) - distinctPassed,
            repeated: positions.length - distinct.size,
          };
        },
      };
    },
    countEvents: async () => {
      const { rows } = await pool.query<{ count: string }>(
        'SELECT count(*)::text AS count FROM emt_messages',
      );
      return Number(rows[0]!.count);
    },
    close: async () => {
      await store.close();
      await pool.end();
    },
  };
};

/** A booking-sized event: the shape the appointment services append most. */
const bookingEvent = (stream: string, sequence: number, correlationId: string): NewEvent => ({
  type: 'AppointmentBooked',
  data: {
    appointmentId: stream,
    clinicId: 'clinic-0042',
    practitionerId: `practitioner-${sequence % 17}`,
    patientId: 'user-5f0c2a9e-3b7d-4c61-9a0e-2d4b8f1c7e53',
    slot: { start: '2025-03-14T09:30:00.000Z', end: '2025-03-14T09:50:00.000Z' },
    service: 'general-consultation',
    channel: 'in-person',
    notes: 'Follow-up on blood test results; prefers morning slots.',
    sequence,
  },
  metadata: {
    userId: 'user-5f0c2a9e-3b7d-4c61-9a0e-2d4b8f1c7e53',
    role: 'user',
    correlationId,
    causationId: correlationId,
  },
});

interface StreamState {
  name: string;
  events: number;
}

interface Workload {
  key: string;
  writers: number;
  batch: number;
}

const WORKLOADS: Workload[] = BATCH_SIZES.flatMap((batch) =>
  WRITER_COUNTS.map((writers) => ({
    key: `append.${batch === 1 ? 'single' : `batch${batch}`}.w${writers}`,
    writers,
    batch,
  })),
);

interface AppendMeasurement {
  eventsPerSecond: number;
  events: number;
  p50Ms: number;
  p99Ms: number;
}

const appendBatch = async (store: StoreUnderTest, stream: StreamState, batch: number): Promise<void> => {
  const correlationId = randomUUID();
  const events: NewEvent[] = [];
  for (let i = 0; i < batch; i++) events.push(bookingEvent(stream.name, stream.events + i, correlationId));
  await store.append(stream.name, events, stream.events);
  stream.events += batch;
};

/** Every writer appends round-robin over its own streams until `until` (a performance.now()). */
const runWriters = async (
  store: StoreUnderTest,
  streams: StreamState[][],
  batch: number,
  until: number,
  latencies?: Samples,
): Promise<number> => {
  let appended = 0;
  await Promise.all(
    streams.map(async (own) => {
      for (let k = 0; performance.now() < until; k++) {
        const started = performance.now();
        await appendBatch(store, own[k % own.length]!, batch);
        latencies?.push(performance.now() - started);
        appended += batch;
      }
    }),
  );
  return appended;
};

const measureAppends = async (store: StoreUnderTest, workload: Workload): Promise<AppendMeasurement> => {
  const streams: StreamState[][] = Array.from({ length: workload.writers }, () =>
    Array.from({ length: STREAMS_PER_WRITER }, () => ({ name: `appointment-${randomUUID()}`, events: 0 })),
  );
  // Untimed: create every stream (this also opens the pool's connections), then warm up.
  await Promise.all(
    streams.map(async (own) =>
      own.reduce((p, s) => p.then(() => appendBatch(store, s, 1)), Promise.resolve()),
    ),
  );
  await runWriters(store, streams, workload.batch, performance.now() + WARMUP_MS);

  return withProgress(`${store.name} ${workload.key}: ${DURATION_MS} ms`, DURATION_MS, async (tick) => {
    const latencies = new Samples();
    const started = performance.now();
    const ticker = setInterval(() => tick(performance.now() - started), 100);
    try {
      const events = await runWriters(store, streams, workload.batch, started + DURATION_MS, latencies);
      const elapsed = performance.now() - started;
      const sorted = latencies.sorted();
      return {
        eventsPerSecond: (events * 1000) / elapsed,
        events,
        p50Ms: quantileOfSorted(sorted, 0.5),
        p99Ms: quantileOfSorted(sorted, 0.99),
      };
    } finally {
      clearInterval(ticker);
    }
  });
};

interface StoreResults {
  appends: Map<string, AppendMeasurement>;
  readAllEventsPerSecond: number;
}

const benchStore = async (name: StoreName): Promise<StoreResults> => {
  const database = await createTestDatabase(`bench_${name}`);
  note(`${SUITE}: ${name} in database ${database.name}`);
  let store: StoreUnderTest | undefined;
  try {
    store = name === 'ours' ? await openOurs(database.url) : await openEmmett(database.url);
    const appends = new Map<string, AppendMeasurement>();
    for (const workload of WORKLOADS) {
      const result = await measureAppends(store, workload);
      appends.set(workload.key, result);
      figure(SUITE, `${workload.key}.${name}`, result.eventsPerSecond, 'events/s');
      figure(SUITE, `${workload.key}.${name}.latency_p50`, result.p50Ms, 'ms');
      figure(SUITE, `${workload.key}.${name}.latency_p99`, result.p99Ms, 'ms');
      note(`    ${result.events} events in the timed window`);
    }

    const total = await store.countEvents();
    if (name === 'emmett') {
      note(
        `  emmett has no public read-all: reading emt_messages with its readMessagesBatch, as its ` +
          `consumers' puller does (transaction-id fence, ORDER BY transaction_id, global_position)`,
      );
    }
    const current = store;
    const read = await withProgress(`${name} readall: ${total} events`, total, async (tick) => {
      const started = performance.now();
      const result = await current.readAll(tick, started + READ_BUDGET_MS);
      return { ...result, elapsed: performance.now() - started };
    });
    const readAllEventsPerSecond = (read.delivered * 1000) / read.elapsed;
    const { missed, repeated } = await read.audit();
    note(
      `    ${read.delivered} events delivered in ${(read.elapsed / 1000).toFixed(1)} s` +
        (read.complete ? '' : `, stopped at the ${READ_BUDGET_MS} ms budget before the end of ${total}`),
    );
    figure(SUITE, `readall.${name}`, readAllEventsPerSecond, 'events/s');
    figure(SUITE, `readall.${name}.missed`, missed, 'events');
    figure(SUITE, `readall.${name}.repeated`, repeated, 'events');
    return { appends, readAllEventsPerSecond };
  } finally {
    await store?.close().catch((error: unknown) => note(`close ${name}: ${String(error)}`));
    await database.drop();
  }
};

const INT8 = 20;
const JSON_TYPES = [114, 3802];

/**
 * Emmett's dumbo replaces node-postgres' global int8 and json parsers the first time it opens
 * a pool. Our store runs before it on the defaults it ships with; the defaults come back after.
 */
const withEmmettTypeParsers = async <T>(run: () => Promise<T>): Promise<T> => {
  const saved = [INT8, ...JSON_TYPES].map((oid) => [oid, pg.types.getTypeParser(oid, 'text')] as const);
  try {
    return await run();
  } finally {
    for (const [oid, parser] of saved) pg.types.setTypeParser(oid, 'text', parser);
  }
};

const TARGETS = {
  ratioAt8: 1.5,
  singleAt32: 5_000,
  batch: 30_000,
  readAll: 100_000,
};

/** Other work on the machine skews every figure; say how busy it was. */
const noteLoad = (when: string): void => {
  const [one, five] = loadavg();
  note(
    `${SUITE}: load average ${when}: ${one!.toFixed(1)} (1 min), ${five!.toFixed(1)} (5 min) on ${availableParallelism()} CPUs`,
  );
};

export const run = async (): Promise<void> => {
  const server = new URL(TEST_SERVER_URL);
  note(
    `${SUITE}: server ${server.host}${server.search}, pool ${POOL_SIZE} per store, ${STREAMS_PER_WRITER} streams per writer, ` +
      `warm-up ${WARMUP_MS} ms, ${DURATION_MS} ms per workload, read pages of ${READ_PAGE_SIZE}`,
  );
  noteLoad('before');
  const ours = await benchStore('ours');
  const emmett = await withEmmettTypeParsers(() => benchStore('emmett'));
  noteLoad('after');

  for (const workload of WORKLOADS) {
    const ratio =
      ours.appends.get(workload.key)!.eventsPerSecond / emmett.appends.get(workload.key)!.eventsPerSecond;
    figure(SUITE, `${workload.key}.ratio_vs_emmett`, ratio, '');
  }
  figure(SUITE, 'readall.ratio_vs_emmett', ours.readAllEventsPerSecond / emmett.readAllEventsPerSecond, '');

  const rate = (key: string) => ours.appends.get(key)!.eventsPerSecond;
  const bestBatch = Math.max(...WRITER_COUNTS.map((writers) => rate(`append.batch100.w${writers}`)));
  const checks: [string, boolean][] = [
    [
      `>= ${TARGETS.ratioAt8}x emmett at 8 writers`,
      rate('append.single.w8') / emmett.appends.get('append.single.w8')!.eventsPerSecond >= TARGETS.ratioAt8,
    ],
    [
      `>= ${TARGETS.singleAt32} single appends/s at 32 writers`,
      rate('append.single.w32') >= TARGETS.singleAt32,
    ],
    [`>= ${TARGETS.batch} events/s in batches (best writer count)`, bestBatch >= TARGETS.batch],
    [`>= ${TARGETS.readAll} events/s reading all`, ours.readAllEventsPerSecond >= TARGETS.readAll],
  ];
  note(`${SUITE}: targets`);
  for (const [target, met] of checks) note(`  ${met ? 'met   ' : 'MISSED'} ${target}`);
};
