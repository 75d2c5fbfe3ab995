import http from 'node:http';
import path from 'node:path';
import { PROJECTIONS } from '@appointment/projections/registry';
import { ProjectorRunner } from '@appointment/projections/runner';
import { ConfigError, loadConfig } from '../config';
import { connectEventStore } from '../eventstore/connect';
import { createPool } from '../eventstore/postgres-event-store';
import { createApp } from '../http/app';
import { JobQueues } from '../jobs/job-queues';
import { createLogger } from '../logger';
import { createSocketServer } from '../realtime/socket-server';
import { openDatabase } from './database';
import { onShutdown } from './shutdown';

/**
 * The single-node profile (DESIGN §4): one process holding the API, Socket.IO, the
 * projector, the job workers and the built frontend.
 */
const main = async () => {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL);
  const database = await openDatabase(config, logger);
  const store = await connectEventStore(config, database.url);
  const pool = createPool(database.url);

  const projector = new ProjectorRunner(pool, store, PROJECTIONS, {
    batchSize: config.PROJECTOR_BATCH_SIZE,
    logger,
  });
  await projector.start();

  // Reactors enqueue payment, reminder and webhook jobs here; their workers join this process.
  const jobs = await JobQueues.create({
    backend: { kind: 'postgres', connectionString: database.url },
    prefix: 'jobs',
    onError: (error, context) => logger.error({ err: error, ...context }, 'job failed'),
  });

  const frontendDist = config.FRONTEND_DIST ?? path.resolve(__dirname, '../../../frontend/dist');
  const app = createApp({ pool, store, jobs, projections: PROJECTIONS, logger, frontendDist });
  const server = http.createServer(app);
  const io = createSocketServer(server, logger);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, resolve);
  });
  logger.info({ port: config.PORT }, `Appointment is running on http://localhost:${config.PORT}`);

  onShutdown(logger, [
    ['http', () => new Promise<void>((resolve) => io.close(() => resolve()))],
    ['jobs', () => jobs.close()],
    ['projector', () => projector.stop()],
    ['event store', () => store.close()],
    ['read models', () => pool.end()],
    ['postgres', () => database.stop()],
  ]);
};

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Appointment failed to start:', error);
  }
  process.exit(1);
});
