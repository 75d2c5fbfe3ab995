import pg from 'pg';
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
