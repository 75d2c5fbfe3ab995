import { PROJECTIONS } from '@appointment/projections/registry';
import { ProjectorRunner } from '@appointment/projections/runner';
import { ConfigError, loadConfig } from '../config';
import { connectEventStore } from '../eventstore/connect';
import { createPool } from '../eventstore/postgres-event-store';
import { createLogger } from '../logger';
import { openDatabase } from './database';
import { installShutdown } from './shutdown';

/** The projector on its own (scale-out profile): builds every read model from the log. */
const main = async () => {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL, 'projector');
  const shutdown = installShutdown(logger);
  const database = await openDatabase(config, logger);
  shutdown.add('postgres', () => database.stop());
  const store = await connectEventStore(config, database.url);
  const pool = createPool(database.url, 10);
  shutdown.add('read models', () => pool.end());
  shutdown.add('event store', () => store.close());
  const projector = new ProjectorRunner(pool, store, PROJECTIONS, {
    batchSize: config.PROJECTOR_BATCH_SIZE,
    logger,
  });
  shutdown.add('projector', () => projector.stop());
  await projector.start();
  logger.info({ projections: PROJECTIONS.map((projection) => projection.name) }, 'projector running');
};

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
