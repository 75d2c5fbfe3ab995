import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { createLogger } from '../logger';
import { redisRooms } from '../realtime/socket-server';
import { openDatabase } from './database';
import { startPlatform } from './platform';
import { openRedisJobs } from './process-parts';
import { serve } from './serve';
import { installShutdown } from './shutdown';

/**
 * An API process of the scale-out profile (docs/architecture.md §4), one of n behind a load balancer: HTTP,
 * Socket.IO and the built frontend. The projector and the job workers run in their own
 * processes (projector.ts, worker.ts); this one enqueues jobs on Redis, shares its sockets'
 * rooms through the Socket.IO Redis adapter, and waits for read models by their checkpoints.
 */
const main = async () => {
  const config = loadConfig();
  if (!config.REDIS_URL) {
    throw new ConfigError([
      'REDIS_URL must be set: an API process shares jobs and live pushes through Redis',
    ]);
  }
  const logger = createLogger(config.LOG_LEVEL, 'api');
  const shutdown = installShutdown(logger);
  const database = await openDatabase(config, logger);
  shutdown.add('postgres', () => database.stop());
  const jobs = await openRedisJobs(config.REDIS_URL, config, logger, shutdown);
  const frontendDist = config.FRONTEND_DIST ?? path.resolve(__dirname, '../../../frontend/dist');
  const platform = await startPlatform({
    config,
    databaseUrl: database.url,
    logger,
    jobs,
    frontendDist,
    role: 'api',
  });
  shutdown.add('platform', () => platform.stop());
  const rooms = redisRooms(config.REDIS_URL, config.JOBS_PREFIX, logger);
  shutdown.add('live channel', () => rooms.close());
  await serve(platform, config, logger, shutdown, rooms.adapter);
};

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
