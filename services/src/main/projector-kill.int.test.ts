import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type pg from 'pg';
import { createTestDatabase, type TestDatabase } from '@appointment/infra/testing/postgres';
import { PostgresEventStore } from '../eventstore/postgres-event-store';
import { migrateCheckpoints, readCheckpoint } from '@appointment/projections/checkpoints';
import { liveSchema } from '@appointment/projections/projection';
import { replayInto } from '@appointment/projections/rebuild';
import { streamCatalogProjection } from '@appointment/projections/stream-catalog.projection';

const ROOT = path.resolve(__dirname, '../../..');

const appendEvents = async (store: PostgresEventStore, from: number, count: number) => {
  const types = ['AppointmentBooked', 'AppointmentCancelled', 'TimeSlotAdded', 'AppointmentRescheduled'];
  for (let i = from; i < from + count; i += 10) {
    const stream = `category${i % 3}-${(i / 10) % 97}`;
    await store.append(
      stream,
      Array.from({ length: 10 }, (_, k) => ({ type: types[(i + k) % types.length]!, data: { n: i + k } })),
    );
  }
};

const rows = async (pool: pg.Pool, schema: string) => ({
  streams: (await pool.query(`SELECT * FROM ${schema}.streams ORDER BY stream_name`)).rows,
  eventTypes: (await pool.query(`SELECT * FROM ${schema}.event_types ORDER BY event_type`)).rows,
});

describe('projector crash safety', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    database = await createTestDatabase('projector_kill');
    store = await PostgresEventStore.connect({ connectionString: database.url });
    await migrateCheckpoints(store.pool);
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await store.close();
    await database.drop();
  });

  const startProjector = () => {
    // node itself, not the tsx wrapper, so the signal reaches the projector process.
    const process_ = spawn(process.execPath, ['--import', 'tsx', 'services/src/main/projector.ts'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: database.url, PROJECTOR_BATCH_SIZE: '20', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      process_.once('exit', (code, signal) => resolve({ code, signal })),
    );
    child = process_;
    return { process: process_, exited };
  };

  const applied = async () =>
    (await readCheckpoint(store.pool, streamCatalogProjection.name))?.eventsApplied ?? 0;

  const waitUntil = async (condition: () => Promise<boolean>, what: string) => {
    const deadline = Date.now() + 60_000;
    while (!(await condition())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 3));
    }
  };

  it('recovers from SIGKILL at several points of catch-up to exactly a clean rebuild', async () => {
    await appendEvents(store, 0, 3000);
    let total = 3000;
    const killedAt: number[] = [];

    for (const [index, point] of [150, 800, 1600, 2600].entries()) {
      const projector = startProjector();
      await waitUntil(async () => (await applied()) >= point, `${point} events applied`);
      projector.process.kill('SIGKILL');
      expect((await projector.exited).signal).toBe('SIGKILL');
      killedAt.push(await applied());
      if (index === 1) {
        // New events arrive between crashes, so catch-up and live both resume.
        await appendEvents(store, total, 500);
        total += 500;
      }
    }
    // Every kill landed before the projector had caught up.
    expect(killedAt.every((count) => count < total)).toBe(true);
    expect(killedAt).toEqual([...killedAt].sort((a, b) => a - b));

    const projector = startProjector();
    await waitUntil(async () => (await applied()) >= total, 'catch-up');
    await appendEvents(store, total, 100);
    total += 100;
    // Each keeps its own checkpoint: a reactor left behind by a kill catches up alone, then joins.
    const reactorsApplied = async () =>
      Promise.all(
        ['mail_outbox'].map(async (name) => (await readCheckpoint(store.pool, name))?.eventsApplied ?? 0),
      );
    await waitUntil(
      async () => (await applied()) >= total && (await reactorsApplied()).every((count) => count >= total),
      'live events',
    );
    projector.process.kill('SIGTERM');
    expect((await projector.exited).code).toBe(0);

    expect(await applied()).toBe(total);
    await replayInto(store.pool, store, streamCatalogProjection, 'clean_rebuild');
    const live = await rows(store.pool, liveSchema(streamCatalogProjection));
    const clean = await rows(store.pool, 'clean_rebuild');
    expect(live.streams.length).toBeGreaterThan(0);
    expect(live).toEqual(clean);
    const counted = live.eventTypes.reduce((sum, row) => sum + Number(row.event_count), 0);
    expect(counted).toBe(total);
    // The reactors follow the log in the same process, each with its checkpoint: nothing twice.
    for (const reactor of ['mail_outbox']) {
      expect((await readCheckpoint(store.pool, reactor))?.eventsApplied).toBe(total);
    }
  });
});
