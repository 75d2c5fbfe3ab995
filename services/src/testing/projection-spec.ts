import { createTestDatabase, type TestDatabase } from '@appointment/infra/testing/postgres';
import type { LogPosition } from '@appointment/contracts/events';
import { PostgresEventStore } from '../eventstore/postgres-event-store';
import type { Projection } from '@appointment/projections/projection';
import { ProjectorRunner } from '@appointment/projections/runner';

/** An event as a test gives it: the stream it is recorded on, its type and its data. */
export interface GivenEvent {
  stream: string;
  type: string;
  data: Record<string, unknown>;
  /** Who acted, as the event's metadata records it (`{ system: true }`, `{ userId, role }`). */
  metadata?: Record<string, unknown>;
}

/**
 * given(events) then rows: a read model's test on a real database (docs/architecture.md §9). The
 * events are appended to the real Postgres event store, in order, and the projector applies them
 * as it does in production (in batches, each in one transaction); the test then reads the rows. Call it at the top of a `describe`: it makes one database for the file.
 */
export const projectionSpec = (name: string, projections: Projection[]) => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let runner: ProjectorRunner;

  beforeAll(async () => {
    database = await createTestDatabase(`${name}_projection`);
    store = await PostgresEventStore.connect({ connectionString: database.url, pollIntervalMs: 50 });
    runner = new ProjectorRunner(store.pool, store, projections, { batchSize: 500 });
    await runner.start();
  });
  afterAll(async () => {
    await runner.stop();
    await store.close();
    await database.drop();
  });

  return {
    /**
     * Records the events in the order given (consecutive events of one stream in one append) and
     * waits until the read models hold them.
     */
    given: async (...events: GivenEvent[]): Promise<void> => {
      if (events.length === 0) throw new Error('given() needs at least one event');
      let last: LogPosition | undefined;
      for (let start = 0; start < events.length;) {
        const stream = events[start]!.stream;
        let end = start + 1;
        while (end < events.length && events[end]!.stream === stream) end++;
        const run = events
          .slice(start, end)
          .map(({ type, data, metadata }) => ({ type, data, ...(metadata ? { metadata } : {}) }));
        last = (await store.append(stream, run)).position;
        start = end;
      }
      expect(await runner.waitFor(last!)).toBe(true);
    },
    /** The rows a query reads from the read models. */
    rows: async (sql: string, params: unknown[] = []): Promise<Record<string, unknown>[]> =>
      (await store.pool.query(sql, params)).rows,
  };
};
