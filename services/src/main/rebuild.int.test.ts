import type { LogPosition } from '@appointment/contracts/events';
import { createTestDatabase, type TestDatabase } from '@appointment/infra/testing/postgres';
import { PostgresEventStore } from '../eventstore/postgres-event-store';
import { liveSchema } from '@appointment/projections/projection';
import { RebuildAlreadyRunningError, rebuildProjection, replayInto } from '@appointment/projections/rebuild';
import { ProjectorRunner } from '@appointment/projections/runner';
import { streamCatalogProjection } from '@appointment/projections/stream-catalog.projection';

const snapshot = async (store: PostgresEventStore, schema: string) => ({
  streams: (await store.pool.query(`SELECT * FROM ${schema}.streams ORDER BY stream_name`)).rows,
  eventTypes: (await store.pool.query(`SELECT * FROM ${schema}.event_types ORDER BY event_type`)).rows,
});

describe('rebuilding a projection while it serves', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let runner: ProjectorRunner;

  beforeAll(async () => {
    database = await createTestDatabase('rebuild');
    store = await PostgresEventStore.connect({ connectionString: database.url, pollIntervalMs: 50 });
    runner = new ProjectorRunner(store.pool, store, [streamCatalogProjection], { batchSize: 200 });
    await runner.start();
  });
  afterAll(async () => {
    await runner.stop();
    await store.close();
    await database.drop();
  });

  it('swaps in a rebuilt read model while reads and appends go on, losing nothing', async () => {
    let seeded: LogPosition | undefined;
    for (let i = 0; i < 150; i++) {
      seeded = (
        await store.append(`provider-${i % 30}`, [
          { type: 'ServiceAdded', data: { i } },
          { type: 'TimeSlotAdded', data: { i } },
        ])
      ).position;
    }
    // The live projector has taken them: none of its transactions from before is still open to
    // hold the rebuild's read fence below the events already in the log.
    expect(await runner.waitFor(seeded!, 10_000, [streamCatalogProjection.name])).toBe(true);
    let writing = true;
    let written = 300;
    const writer = (async () => {
      while (writing) {
        await store.append(`appointment-${written % 50}`, [{ type: 'AppointmentBooked', data: { written } }]);
        written++;
      }
    })();
    let reads = 0;
    const readErrors: unknown[] = [];
    let reading = true;
    const reader = (async () => {
      while (reading) {
        try {
          await store.pool.query(`SELECT count(*) FROM ${liveSchema(streamCatalogProjection)}.streams`);
          reads++;
        } catch (error) {
          readErrors.push(error);
        }
      }
    })();

    const report = await rebuildProjection(store.pool, store, streamCatalogProjection, { batchSize: 50 });
    const readsDuringRebuild = reads;
    writing = false;
    await writer;
    reading = false;
    await reader;

    expect(readErrors).toEqual([]);
    expect(readsDuringRebuild).toBeGreaterThan(0);
    expect(report.tables.map((table) => table.table)).toEqual(['event_types', 'streams']);
    // The rebuild stops at the read fence; what lies beyond it the live projector applies after the swap.
    expect(report.applied).toBeGreaterThan(0);

    // The fence may still hide the last appends for a moment (a projector transaction running
    // since before them): wait until the log reads whole, then for the live model to pass its end.
    let log = await store.readAll({ limit: 1_000_000 });
    while (log.length < written) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      log = await store.readAll({ limit: 1_000_000 });
    }
    const last = log[log.length - 1];
    expect(await runner.waitFor(last!.position, 20_000)).toBe(true);
    await replayInto(store.pool, store, streamCatalogProjection, 'clean_replay');
    const live = await snapshot(store, liveSchema(streamCatalogProjection));
    expect(live).toEqual(await snapshot(store, 'clean_replay'));
    expect(live.eventTypes.reduce((sum, row) => sum + Number(row.event_count), 0)).toBe(written);
  });

  it('refuses a second rebuild of the same projection while one runs', async () => {
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const first = rebuildProjection(store.pool, store, streamCatalogProjection, {
      batchSize: 10,
      onProgress: () => started(),
    });
    await running;
    await expect(rebuildProjection(store.pool, store, streamCatalogProjection)).rejects.toBeInstanceOf(
      RebuildAlreadyRunningError,
    );
    await first;
  });
});
