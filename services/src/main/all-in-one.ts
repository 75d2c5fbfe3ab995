import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { JobQueues } from '../jobs/job-queues';
import { createLogger } from '../logger';
import { openDatabase } from './database';
import { startPlatform } from './platform';
import { serve } from './serve';
import { installShutdown } from './shutdown';

/**
 * The single-node profile (docs/architecture.md §4): one process holding the API, Socket.IO, the
 * projector, the job workers and the built frontend.
 */
const main = async () => {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL);
  const shutdown = installShutdown(logger);
  const database = await openDatabase(config, logger);
  shutdown.add('postgres', () => database.stop());

  // Reactors enqueue payment, reminder and webhook jobs here; their workers join this process.
  const jobs = await JobQueues.create({
    backend: { kind: 'postgres', connectionString: database.url },
    prefix: config.JOBS_PREFIX,
    lockMs: config.JOBS_LOCK_MS,
    onError: (error, context) => logger.error({ err: error, ...context }, 'job failed'),
  });
  shutdown.add('jobs', () => jobs.close());
  const frontendDist = config.FRONTEND_DIST ?? path.resolve(__dirname, '../../../frontend/dist');
  const platform = await startPlatform({ config, databaseUrl: database.url, logger, jobs, frontendDist });
  shutdown.add('platform', () => platform.stop());

  await serve(platform, config, logger, shutdown);
};

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Appointment failed to start:', error);
  }
  process.exit(1);
});
