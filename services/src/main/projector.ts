import { ProjectorRunner } from '@appointment/projections/runner';
import { clockOf, ConfigError, loadConfig, publicUrlOf } from '../config';
import { kafkaRelay } from '../integration-events/kafka-relay';
import { createLogger } from '../logger';
import { redisLive } from '../realtime/socket-server';
import { openProcessParts, openRedisJobs } from './process-parts';
import { productProjections } from './projections';
import { installShutdown } from './shutdown';
import { migrateWebhookLog } from '../integrations/webhooks/webhook-log';
import { migrateMailOutbox } from '../mail/mail-outbox';

/**
 * The projector on its own (scale-out profile): builds every read model from the log and runs
 * the reactors (mail outbox, notifications, and reminder jobs on BullMQ over Redis at REDIS_URL).
 * Notifications it records are pushed live through the Socket.IO Redis emitter to the API
 * processes, which hold the sockets. With KAFKA_BROKERS set, the public events go to Kafka too.
 */
const main = async () => {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL, 'projector');
  const shutdown = installShutdown(logger);
  const { store, pool, sessions } = await openProcessParts(config, logger, shutdown, 10);
  // Reminder jobs go to BullMQ on Redis; without REDIS_URL none are set and nothing is pushed live.
  const jobs = config.REDIS_URL ? await openRedisJobs(config.REDIS_URL, config, logger, shutdown) : undefined;
  if (!jobs) logger.warn('REDIS_URL is not set: no reminder jobs are set, no notification is pushed live');
  // Notifications go live through Redis to whichever API process holds the recipient's sockets.
  const live = config.REDIS_URL ? redisLive(config.REDIS_URL, config.JOBS_PREFIX, logger) : undefined;
  if (live) shutdown.add('live channel', () => live.close());
  // The public events go to Kafka when KAFKA_BROKERS is set, from their own checkpoint.
  const relay = config.KAFKA_BROKERS
    ? await kafkaRelay({ brokers: config.KAFKA_BROKERS, topic: config.KAFKA_TOPIC, logger })
    : undefined;
  // Parts stop in reverse order: the relay closes after the projector's last batch.
  if (relay) shutdown.add('Kafka relay', () => relay.close());
  const projections = productProjections({
    store,
    publicUrl: publicUrlOf(config),
    secret: await sessions.secret('email-verification'),
    jobs,
    now: clockOf(config),
    push: live ? (notifications) => live.publish(notifications) : undefined,
  });
  await migrateWebhookLog(pool);
  await migrateMailOutbox(pool);
  if (relay) projections.push(relay.reactor);
  const projector = new ProjectorRunner(pool, store, projections, {
    batchSize: config.PROJECTOR_BATCH_SIZE,
    gatherMs: config.PROJECTOR_GATHER_MS,
    logger,
  });
  shutdown.add('projector', () => projector.stop());
  await projector.start();
  logger.info({ projections: projections.map((projection) => projection.name) }, 'projector running');
};

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
