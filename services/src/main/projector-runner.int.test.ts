import pg from 'pg';
import type { AppendResult } from '@appointment/contracts/event-store';
import { readerOf, type Projection } from '@appointment/projections/projection';
import { readCheckpoint } from '@appointment/projections/checkpoints';
import { ProjectorRunner } from '@appointment/projections/runner';
import { streamCatalogProjection } from '@appointment/projections/stream-catalog.projection';
import { createTestDatabase, type TestDatabase } from '@appointment/infra/testing/postgres';
import { PostgresEventStore } from '../eventstore/postgres-event-store';

/**
 * A read model that keeps every event id it saw; it fails on `Poison` events while `failing`, as
 * an outage does (PostgreSQL shutting down: 57P01), which stops it until it recovers. A data
 * error parks the event instead (resilience.int.test.ts).
 */
const tally = (name: string, reactor = false) => {
  const control = { failing: false };
  const projection: Projection = {
    name,
    reactor,
    version: 1,
    createTables: (schema) => `CREATE TABLE ${schema}.seen (event_id uuid PRIMARY KEY, type text NOT NULL);`,
    apply: async (event, { db, schema }) => {
      if (event.type === 'Poison' && control.failing) {
        throw Object.assign(new Error('the read model is down'), { code: '57P01' });
      }
      await db.query(`INSERT INTO ${schema}.seen VALUES ($1, $2)`, [event.id, event.type]);
    },
  };
  return { projection, control };
};

/**
 * A read model of `Wanted` events only: for any other it only reads (through `read`, as the
 * webhook dispatcher reads rm_webhooks), so a batch without a `Wanted` writes nothing in its transaction.
 */
const picky = (name: string): Projection => ({
  name,
  version: 1,
  createTables: (schema) => `CREATE TABLE ${schema}.seen (event_id uuid PRIMARY KEY, type text NOT NULL);`,
  apply: async (event, context) => {
    if (event.type !== 'Wanted') {
      await readerOf(context).query(`SELECT count(*) FROM ${context.schema}.seen`);
      return;
    }
    await context.db.query(`INSERT INTO ${context.schema}.seen VALUES ($1, $2)`, [event.id, event.type]);
  },
});

/**
 * The single-pass projector: one subscription feeds the projections that have caught up, each
 * with its own checkpoint; one that is behind or failing catches up alone and joins.
 */
describe('the projector runner', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  const runners: ProjectorRunner[] = [];
  const count = async (name: string) =>
    Number((await store.pool.query(`SELECT count(*) FROM rm_${name}.seen`)).rows[0]!.count);

  beforeAll(async () => {
    database = await createTestDatabase('projector_runner');
    store = await PostgresEventStore.connect({ connectionString: database.url, pollIntervalMs: 20 });
  });
  afterAll(async () => {
    for (const runner of runners) await runner.stop();
    await store.close();
    await database.drop();
  });

  it('lets a new projection catch up alone, then feeds it with the others', async () => {
    const first = new ProjectorRunner(store.pool, store, [streamCatalogProjection], { batchSize: 20 });
    runners.push(first);
    await first.start();
    for (let i = 0; i < 10; i++) {
      await store.append(`thing-${i}`, [
        { type: 'ThingMade', data: { i } },
        { type: 'ThingMade', data: { i } },
      ]);
    }
    const { position } = await store.append('thing-x', [{ type: 'ThingMade', data: {} }]);
    expect(await first.waitFor(position)).toBe(true);
    await first.stop();

    const late = tally('late_tally');
    const second = new ProjectorRunner(store.pool, store, [streamCatalogProjection, late.projection], {
      batchSize: 20,
    });
    runners.push(second);
    await second.start();
    // The subscription starts where the stream catalogue is; the new one reads 21 events alone.
    const more = await store.append('thing-y', [{ type: 'ThingMade', data: {} }]);
    expect(await second.waitFor(more.position)).toBe(true);
    expect(await count('late_tally')).toBe(22);
    const states = Object.fromEntries(second.states().map((s) => [s.projection, s.position]));
    expect(states.late_tally).toEqual(states.stream_catalog);
    expect((await readCheckpoint(store.pool, 'late_tally'))?.eventsApplied).toBe(22);

    // Joined: both follow the same subscription from here on.
    const last = await store.append('thing-z', [{ type: 'ThingMade', data: {} }]);
    expect(await second.waitFor(last.position)).toBe(true);
    expect(await count('late_tally')).toBe(23);
    await second.stop();
  });

  it('keeps the others moving while one projection fails, which catches up once it recovers', async () => {
    const sick = tally('sick_tally');
    const healthy = tally('healthy_tally');
    const runner = new ProjectorRunner(store.pool, store, [sick.projection, healthy.projection], {
      batchSize: 20,
    });
    runners.push(runner);
    await runner.start();
    const start = await store.append('thing-start', [{ type: 'ThingMade', data: {} }]);
    expect(await runner.waitFor(start.position)).toBe(true);
    const before = await count('healthy_tally');
    sick.control.failing = true;
    await store.append('poison-1', [{ type: 'Poison', data: {} }]);
    const { position } = await store.append('thing-after', [{ type: 'ThingMade', data: {} }]);
    expect(await runner.waitFor(position, 10_000, ['healthy_tally'])).toBe(true);
    expect(await count('healthy_tally')).toBe(before + 2);
    expect(await runner.waitFor(position, 300, ['sick_tally'])).toBe(false);

    sick.control.failing = false;
    expect(await runner.waitFor(position, 15_000, ['sick_tally'])).toBe(true);
    expect(await count('sick_tally')).toBe(await count('healthy_tally'));
    // Back on the subscription: a new event reaches both.
    const next = await store.append('thing-later', [{ type: 'ThingMade', data: {} }]);
    expect(await runner.waitFor(next.position, 10_000, ['sick_tally', 'healthy_tally'])).toBe(true);
    expect(await count('sick_tally')).toBe(await count('healthy_tally'));
    await runner.stop();
  });

  it('moves the checkpoint past a batch with nothing for a projection without its transaction, and finds a checkpoint another writer moved', async () => {
    const runner = new ProjectorRunner(store.pool, store, [picky('picky')], { batchSize: 20 });
    runners.push(runner);
    await runner.start();
    const first = await store.append('wanted-1', [{ type: 'Wanted', data: {} }]);
    expect(await runner.waitFor(first.position, 5_000, ['picky'])).toBe(true);

    /** Holds the projection's lock in a transaction of its own while `work` runs, then commits. */
    const holdingItsLock = async (work: (client: pg.PoolClient) => Promise<void>) => {
      const client = await store.pool.connect();
      try {
        await client.query('BEGIN');
        await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['projection:picky']);
        await work(client);
      } finally {
        await client.query('COMMIT').catch(() => undefined);
        client.release();
      }
    };

    // Its lock held elsewhere (a rebuild swapping it in, say): a batch it only reads for
    // still moves its checkpoint, in the database too; one with work for it waits for the lock.
    let waiting: Promise<boolean> | undefined;
    let second: AppendResult | undefined;
    await holdingItsLock(async () => {
      const other = await store.append('other-1', [{ type: 'Other', data: {} }]);
      // Its readers are answered at once (its rows hold the batch already); the stored checkpoint
      // moves with the other idle ones just after.
      expect(await runner.waitFor(other.position, 5_000, ['picky'])).toBe(true);
      const deadline = Date.now() + 5_000;
      let stored = await readCheckpoint(store.pool, 'picky');
      while (stored?.position.globalPosition !== other.position.globalPosition && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        stored = await readCheckpoint(store.pool, 'picky');
      }
      expect(stored?.position).toEqual(other.position);
      second = await store.append('wanted-2', [{ type: 'Wanted', data: {} }]);
      expect(await runner.waitFor(second.position, 500, ['picky'])).toBe(false);
      waiting = runner.waitFor(second.position, 5_000, ['picky']);
    });
    expect(await waiting).toBe(true);
    expect(await count('picky')).toBe(2);

    // A rebuild swaps it in while a batch waits for its lock, with that batch's event already in
    // its tables: the batch finds the checkpoint moved, is cut again, and applies nothing twice.
    let third: AppendResult | undefined;
    await holdingItsLock(async (rebuild) => {
      third = await store.append('wanted-3', [{ type: 'Wanted', data: {} }]);
      const [event] = await store.readStream('wanted-3');
      await rebuild.query(`INSERT INTO rm_picky.seen VALUES ($1, 'Wanted')`, [event!.id]);
      await rebuild.query(
        `UPDATE projector.checkpoints SET transaction_id = $1::xid8, global_position = $2 WHERE projection = 'picky'`,
        [third.position.transactionId, third.position.globalPosition],
      );
    });
    expect(await runner.waitFor(third!.position, 5_000, ['picky'])).toBe(true);
    expect(await count('picky')).toBe(3);
    expect(runner.states().find((state) => state.projection === 'picky')?.state).toBe('live');
    const last = await store.append('wanted-4', [{ type: 'Wanted', data: {} }]);
    expect(await runner.waitFor(last.position, 5_000, ['picky'])).toBe(true);
    expect(await count('picky')).toBe(4);
    await runner.stop();
  });

  it('applies a batch for several read models in one transaction; a lock held elsewhere holds back only its read model', async () => {
    const names = ['shared_a', 'shared_b', 'shared_c'];
    // A pool of the runner's own: every connection it takes is a transaction (reads of the log
    // go through the store's pool).
    const pool = new pg.Pool({ connectionString: database.url, max: 10 });
    let taken = 0;
    pool.on('acquire', () => taken++);
    const runner = new ProjectorRunner(
      pool,
      store,
      names.map((name) => tally(name).projection),
      { batchSize: 20 },
    );
    runners.push(runner);
    try {
      await runner.start();
      const first = await store.append('shared-1', [{ type: 'ThingMade', data: {} }]);
      expect(await runner.waitFor(first.position)).toBe(true);
      const before = await count('shared_a');
      // Known checkpoints from here on: the next batch is one transaction for the three.
      taken = 0;
      const second = await store.append('shared-2', [{ type: 'ThingMade', data: {} }]);
      expect(await runner.waitFor(second.position)).toBe(true);
      expect(taken).toBe(1);
      for (const name of names) {
        expect(await count(name)).toBe(before + 1);
        expect((await readCheckpoint(store.pool, name))?.position).toEqual(second.position);
      }

      // shared_b's lock held elsewhere (a rebuild swapping it in): the others go on, it waits.
      const holder = await store.pool.connect();
      let third: AppendResult | undefined;
      try {
        await holder.query('BEGIN');
        await holder.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['projection:shared_b']);
        third = await store.append('shared-3', [{ type: 'ThingMade', data: {} }]);
        expect(await runner.waitFor(third.position, 5_000, ['shared_a', 'shared_c'])).toBe(true);
        expect(await runner.waitFor(third.position, 300, ['shared_b'])).toBe(false);
      } finally {
        await holder.query('COMMIT');
        holder.release();
      }
      expect(await runner.waitFor(third.position, 5_000)).toBe(true);
      for (const name of names) expect(await count(name)).toBe(before + 2);
      await runner.stop();
    } finally {
      await pool.end();
    }
  });

  it('gathers events after a small batch, yet a reader waiting for a position is not kept waiting', async () => {
    const batches: number[] = [];
    const counting: Projection = {
      name: 'gathered',
      version: 1,
      createTables: (schema) => `CREATE TABLE ${schema}.seen (event_id uuid PRIMARY KEY);`,
      apply: async () => undefined,
      applyBatch: async (events) => {
        batches.push(events.length);
      },
    };
    // Far longer than the waits below: only a reader's arrival can end a pause in time.
    const runner = new ProjectorRunner(store.pool, store, [counting], { gatherMs: 60_000 });
    runners.push(runner);
    await runner.start();
    const first = await store.append('gathered-0', [{ type: 'ThingMade', data: {} }]);
    expect(await runner.waitFor(first.position, 5_000, ['gathered'])).toBe(true);
    const before = batches.length;
    // Nobody waits: the events after that batch are gathered, none read meanwhile.
    for (let i = 1; i <= 5; i++) await store.append(`gathered-${i}`, [{ type: 'ThingMade', data: {} }]);
    const last = await store.append('gathered-6', [{ type: 'ThingMade', data: {} }]);
    expect(batches).toHaveLength(before);
    // A reader now waits: the pause ends, and the six come. (Not always in one batch: the log's
    // read fence holds back events a moment while an older transaction runs anywhere on the
    // server, another test's database included; a CI run met them as 3 and 3.)
    expect(await runner.waitFor(last.position, 5_000, ['gathered'])).toBe(true);
    expect(batches.slice(before).reduce((sum, n) => sum + n, 0)).toBe(6);
    await runner.stop();
  });
});
