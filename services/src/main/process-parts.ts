import type pg from 'pg';
import { SessionStore } from '../auth/sessions';
import type { Config } from '../config';
import { connectEventStore } from '../eventstore/connect';
import type { EventStore } from '@appointment/contracts/event-store';
import { createPool } from '../eventstore/postgres-event-store';
import { JobQueues } from '../jobs/job-queues';
import type { Logger } from '../logger';
import { openDatabase } from './database';
import type { Shutdown } from './shutdown';

export interface ProcessParts {
  store: EventStore;
  /** For the read models. */
  pool: pg.Pool;
  sessions: SessionStore;
}

/**
 * What each process of the scale-out profile opens first (docs/architecture.md §4): the database, the event
 * store, a pool for the read models and the sessions, each stopped at shutdown.
 */
export const openProcessParts = async (
  config: Config,
  logger: Logger,
  shutdown: Shutdown,
  poolSize: number,
): Promise<ProcessParts> => {
  const database = await openDatabase(config, logger);
  shutdown.add('postgres', () => database.stop());
  const store = await connectEventStore(config, database.url);
  const pool = createPool(database.url, poolSize);
  shutdown.add('read models', () => pool.end());
  shutdown.add('event store', () => store.close());
  const sessions = new SessionStore(pool);
  await sessions.migrate();
  return { store, pool, sessions };
};

/** BullMQ on Redis at `url`, in the JOBS_PREFIX namespace, closed at shutdown. */
export const openRedisJobs = async (
  url: string,
  config: Config,
  logger: Logger,
  shutdown: Shutdown,
): Promise<JobQueues> => {
  const jobs = await JobQueues.create({
    backend: { kind: 'redis', url },
    prefix: config.JOBS_PREFIX,
    lockMs: config.JOBS_LOCK_MS,
    onError: (error, context) => logger.error({ err: error, ...context }, 'job failed'),
  });
  shutdown.add('jobs', () => jobs.close());
  return jobs;
};
