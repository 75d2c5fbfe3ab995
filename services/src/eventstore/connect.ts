import type { Config } from '../config';
import { PrivateEventStore } from '../privacy/private-event-store';
import { createPool, PostgresEventStore } from './postgres-event-store';

/**
 * PostgreSQL by default; EventStoreDB when EVENTSTORE_URL is set (the scale-out profile). Either
 * way behind the sealing of personal data (docs/decisions.md D40), whose keys are in the
 * PostgreSQL database: on the store's own pool, or a small one beside EventStoreDB.
 */
export const connectEventStore = async (config: Config, databaseUrl: string): Promise<PrivateEventStore> => {
  if (config.EVENTSTORE_URL) {
    const { EventStoreDbEventStore } = await import('./eventstoredb-event-store');
    const inner = await EventStoreDbEventStore.connect({ connectionString: config.EVENTSTORE_URL });
    const keyPool = createPool(databaseUrl, 2);
    return PrivateEventStore.over(inner, keyPool, () => keyPool.end());
  }
  const inner = await PostgresEventStore.connect({
    connectionString: databaseUrl,
    poolSize: config.DATABASE_POOL_SIZE,
  });
  return PrivateEventStore.over(inner, inner.pool);
};
