import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { WrongExpectedRevisionError } from '@appointment/contracts/event-store';
import { createTestDatabase } from '@appointment/infra/testing/postgres';
import { describeEventStoreContract } from './event-store.contract';
import { PostgresEventStore } from './postgres-event-store';

describeEventStoreContract('PostgreSQL', async () => {
  const database = await createTestDatabase('es_contract');
  const store = await PostgresEventStore.connect({ connectionString: database.url, pollIntervalMs: 100 });
  return {
    store,
    holdsBackLaterCommits: true,
    beginAppend: async (stream, events, expected) => {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      await client.query('BEGIN');
      await client.query('SELECT * FROM es.append($1, $2, $3, $4, $5, $6, $7)', [
        stream,
        typeof expected === 'number' ? 'exact' : expected,
        typeof expected === 'number' ? expected : null,
        events.map((e) => e.id),
        events.map((e) => e.type),
        events.map((e) => JSON.stringify(e.data)),
        events.map((e) => JSON.stringify(e.metadata ?? {})),
      ]);
      return {
        commit: async () => {
          await client.query('COMMIT');
          await client.end();
        },
      };
    },
    teardown: async () => {
      await store.close();
      await database.drop();
    },
  };
});

describe('PostgreSQL event store: exact appends under load', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let store: PostgresEventStore;

  beforeAll(async () => {
    database = await createTestDatabase('es_batches');
    store = await PostgresEventStore.connect({ connectionString: database.url, pollIntervalMs: 100 });
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  const opened = async (names: string[]) => {
    for (const name of names) {
      await store.append(name, [{ id: randomUUID(), type: 'Opened', data: {} }], {
        expectedRevision: 'no_stream',
      });
    }
  };

  it('commits appends that arrive together in fewer transactions, one winner per stream and revision', async () => {
    const names = Array.from({ length: 30 }, (_, n) => `batch-${n}-${randomUUID()}`);
    const contested = `contested-${randomUUID()}`;
    await opened([...names, contested]);
    const appends = [
      ...names.map((name) => ({ name, id: randomUUID() })),
      ...Array.from({ length: 10 }, () => ({ name: contested, id: randomUUID() })),
    ];
    const settled = await Promise.allSettled(
      appends.map(({ name, id }) =>
        store.append(name, [{ id, type: 'Taken', data: {} }], { expectedRevision: 0 }),
      ),
    );
    expect(settled.slice(0, names.length).every((result) => result.status === 'fulfilled')).toBe(true);
    const contestedResults = settled.slice(names.length);
    expect(contestedResults.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(
      contestedResults.every(
        (result) =>
          result.status === 'fulfilled' || (result.reason as Error).name === 'WrongExpectedRevisionError',
      ),
    ).toBe(true);

    const { rows } = await store.pool.query<{ streams: number; transactions: number }>(
      `SELECT count(DISTINCT stream_name)::int AS streams, count(DISTINCT transaction_id)::int AS transactions
         FROM es.events WHERE event_type = 'Taken'`,
    );
    expect(rows[0]!.streams).toBe(names.length + 1);
    // Each append alone would be a transaction of its own.
    expect(rows[0]!.transactions).toBeLessThan(names.length + 1);
    const revisions = await store.pool.query<{ stream_revision: string }>(
      'SELECT stream_revision FROM es.events WHERE stream_name = $1 ORDER BY stream_revision',
      [contested],
    );
    expect(revisions.rows.map((row) => Number(row.stream_revision))).toEqual([0, 1]);
  });

  it('answers every append of a batch that failed as a whole, each on its own', async () => {
    const names = Array.from({ length: 12 }, (_, n) => `fallback-${n}-${randomUUID()}`);
    await opened(names);
    // An event id already stored in another stream, appended by the last (so it waits to go
    // with the others): the batch's insert fails on the event id as a whole.
    const last = names.length - 1;
    const elsewhere = { id: randomUUID(), type: 'Taken', data: {} };
    await store.append(`elsewhere-${randomUUID()}`, [elsewhere], { expectedRevision: 'no_stream' });
    const settled = await Promise.allSettled(
      names.map((name, n) =>
        store.append(name, [n === last ? elsewhere : { id: randomUUID(), type: 'Taken', data: {} }], {
          expectedRevision: 0,
        }),
      ),
    );
    expect(settled.map((result) => result.status)).toEqual(
      names.map((_, n) => (n === last ? 'rejected' : 'fulfilled')),
    );
    const { rows } = await store.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM es.events WHERE stream_name = ANY ($1) AND stream_revision = 1',
      [names],
    );
    expect(rows[0]!.n).toBe(names.length - 1);
  });
});

/** How a subscription learns of appends: in this process at once, from another through LISTEN. */
describe('PostgreSQL event store: atomic appends to several streams (issue 31)', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let store: PostgresEventStore;

  beforeAll(async () => {
    database = await createTestDatabase('es_atomic');
    store = await PostgresEventStore.connect({ connectionString: database.url, pollIntervalMs: 100 });
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  it('lets racing appends to overlapping streams each land whole or not at all, one per stream', async () => {
    const names = Array.from({ length: 6 }, (_, k) => `atomic-race-${k}-${randomUUID()}`);
    for (const name of names)
      await store.append(name, [{ id: randomUUID(), type: 'Opened', data: {} }], {
        expectedRevision: 'no_stream',
      });
    // 40 appends, each to three neighbouring streams at revision 0, all at once.
    const racers = Array.from({ length: 40 }, (_, i) => {
      const streams = [0, 1, 2].map((k) => names[(i + k) % names.length]!);
      const ids = streams.map(() => randomUUID());
      return {
        streams,
        ids,
        outcome: store
          .appendToStreams(
            streams.map((streamName, k) => ({
              streamName,
              expectedRevision: 0,
              events: [{ id: ids[k]!, type: 'Taken', data: { racer: i } }],
            })),
          )
          .then(
            () => 'won' as const,
            (error: unknown) => {
              if (error instanceof WrongExpectedRevisionError) return 'lost' as const;
              throw error;
            },
          ),
      };
    });
    const outcomes = await Promise.all(racers.map((racer) => racer.outcome));
    const stored = new Set(
      (await Promise.all(names.map((name) => store.readStream(name)))).flat().map((event) => event.id),
    );
    racers.forEach((racer, i) => {
      const landed = racer.ids.filter((id) => stored.has(id)).length;
      expect(landed).toBe(outcomes[i] === 'won' ? 3 : 0);
    });
    expect(outcomes.filter((outcome) => outcome === 'won').length).toBeGreaterThan(0);
    for (const name of names) expect((await store.readStream(name)).length).toBeLessThanOrEqual(2);
  });
});

describe('PostgreSQL event store: wake-ups', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  // A poll far longer than the test: only a wake-up can deliver in time.
  const slowPoll = { pollIntervalMs: 60_000 };

  beforeAll(async () => {
    database = await createTestDatabase('es_wakeups');
  });
  afterAll(async () => {
    await database.drop();
  });

  it("wakes at once for its own appends, and for another process's through LISTEN", async () => {
    const here = await PostgresEventStore.connect({ connectionString: database.url, ...slowPoll });
    const elsewhere = await PostgresEventStore.connect({ connectionString: database.url, ...slowPoll });
    const streams: string[] = [];
    try {
      const subscription = here.subscribe({
        onBatch: async (events) => {
          streams.push(...events.map((event) => event.streamName));
        },
      });
      const until = async (stream: string) => {
        for (const deadline = Date.now() + 5_000; !streams.includes(stream) && Date.now() < deadline;) {
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        expect(streams).toContain(stream);
      };
      await here.append('from-here', [{ type: 'Made', data: {} }]);
      await until('from-here');
      // Its own NOTIFYs carry its name and wake nothing here; another store's wake it.
      await elsewhere.append('from-elsewhere', [{ type: 'Made', data: {} }]);
      await until('from-elsewhere');
      await subscription.close();
    } finally {
      await here.close();
      await elsewhere.close();
    }
  });

  it('delivers an append the fence held back once the older transaction ends, without waiting for the poll', async () => {
    const store = await PostgresEventStore.connect({ connectionString: database.url, ...slowPoll });
    const older = new pg.Client({ connectionString: database.url });
    await older.connect();
    const streams: string[] = [];
    try {
      const subscription = store.subscribe({
        onBatch: async (events) => {
          streams.push(...events.map((event) => event.streamName));
        },
      });
      // A transaction with an id, begun before the append and still running: the append's row
      // is committed but behind the fence, and its wake-up finds nothing to read.
      await older.query('BEGIN');
      await older.query('SELECT pg_current_xact_id()');
      await store.append('behind-the-fence', [{ type: 'Made', data: {} }]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(streams).not.toContain('behind-the-fence');
      await older.query('COMMIT');
      for (
        const deadline = Date.now() + 5_000;
        !streams.includes('behind-the-fence') && Date.now() < deadline;
      ) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(streams).toContain('behind-the-fence');
      await subscription.close();
    } finally {
      await older.end().catch(() => undefined);
      await store.close();
    }
  });
});
