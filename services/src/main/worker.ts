import { waitForCheckpoints } from '@appointment/projections/checkpoints';
import { appointmentsContext } from '../appointments/appointments-context';
import { clockOf, ConfigError, loadConfig } from '../config';
import { startProductWorkers } from '../jobs/product-workers';
import { createLogger } from '../logger';
import { MailSender, migrateMailOutbox } from '../mail/mail-outbox';
import { paymentGatewayFor } from '../payments/gateways';
import { IntegrationClient } from '../integrations/client';
import { migrateWebhookLog } from '../integrations/webhooks/webhook-log';
import { openProcessParts, openRedisJobs } from './process-parts';
import { installShutdown } from './shutdown';

/**
 * The job workers on their own (scale-out profile): payment confirmation, the unpaid-booking
 * timeout and reminders, taken from BullMQ on Redis (REDIS_URL, JOBS_PREFIX), and the mail
 * outbox's sender. It runs no
 * projector: a command's read-your-writes wait polls the stored checkpoints.
 */
const main = async () => {
  const config = loadConfig();
  if (!config.REDIS_URL)
    throw new ConfigError(['REDIS_URL must be set: the worker takes its jobs from Redis']);
  const logger = createLogger(config.LOG_LEVEL, 'worker');
  const shutdown = installShutdown(logger);
  const { store, pool, sessions } = await openProcessParts(
    config,
    logger,
    shutdown,
    config.DATABASE_POOL_SIZE,
  );
  const jobs = await openRedisJobs(config.REDIS_URL, config, logger, shutdown);
  const appointments = appointmentsContext({
    store,
    pool,
    waitFor: (position) => waitForCheckpoints(pool, position, ['appointments']),
    payments: await paymentGatewayFor(config, sessions, pool),
    jobs,
    paymentTimeoutMs: config.PAYMENT_TIMEOUT_MS,
    now: clockOf(config),
  });
  await migrateWebhookLog(pool);
  await migrateMailOutbox(pool);
  const integrations = new IntegrationClient({ allowPrivate: config.WEBHOOK_ALLOW_PRIVATE_URLS });
  shutdown.add('integrations', async () => integrations.close());
  // The operator's own endpoints (WHATSAPP_API_URL) may be local.
  const operatorEndpoints = new IntegrationClient({ allowPrivate: true });
  shutdown.add('operator endpoints', async () => operatorEndpoints.close());
  const workers = await startProductWorkers(jobs, {
    appointments,
    store,
    now: clockOf(config),
    logger,
    messaging: {
      pool,
      whatsappApiUrl: config.WHATSAPP_API_URL,
      logger,
      operatorClient: operatorEndpoints,
      client: integrations,
    },
    webhooks: {
      pool,
      client: integrations,
      retryScheduleMs: config.WEBHOOK_RETRY_SCHEDULE,
      concurrency: config.WEBHOOK_CONCURRENCY,
    },
  });
  shutdown.add('workers', async () => {
    for (const worker of workers) await worker.close();
  });
  // E-mails the projector put in the outbox (several senders never send one twice).
  const mail = new MailSender(pool, logger, { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM });
  mail.start();
  shutdown.add('mail', () => mail.stop());
  logger.info({ prefix: config.JOBS_PREFIX }, 'worker running');
};

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
