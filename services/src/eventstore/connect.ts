import type { Config } from '../config';
import type { EventStore } from './event-store';
import { PostgresEventStore } from './postgres-event-store';

/** PostgreSQL by default; EventStoreDB when EVENTSTORE_URL is set (the scale-out profile). */
export const connectEventStore = async (config: Config, databaseUrl: string): Promise<EventStore> => {
  if (config.EVENTSTORE_URL) {
    const { EventStoreDbEventStore } = await import('./eventstoredb-event-store');
    return EventStoreDbEventStore.connect({ connectionString: config.EVENTSTORE_URL });
  }
  return PostgresEventStore.connect({ connectionString: databaseUrl, poolSize: config.DATABASE_POOL_SIZE });
};
