import path from 'node:path';
import type { RequestListener } from 'node:http';
import type { Express } from 'express';
import type { LogPosition } from '@appointment/contracts/events';
import type pg from 'pg';
import { PROJECTIONS } from '@appointment/projections/registry';
import { productProjections } from './projections';
import { waitForCheckpoints } from '@appointment/projections/checkpoints';
import { ProjectorRunner } from '@appointment/projections/runner';
import { AccountsService } from '../accounts/accounts.service';
import { AppointmentsService } from '../appointments/appointments.service';
import { NotificationsService } from '../notifications/notifications';
import type { LiveNotification } from '../realtime/socket-server';
import { seedDemoData } from './demo-data';
import { SessionStore } from '../auth/sessions';
import { CatalogueService } from '../catalogue/catalogue.service';
import { ScheduleService } from '../schedule/schedule.service';
import { clockOf, publicUrlOf, type Config } from '../config';
import { connectEventStore } from '../eventstore/connect';
import type { EventStore } from '../eventstore/event-store';
import { createPool } from '../eventstore/postgres-event-store';
import { createApp, securityHeaders } from '../http/app';
import { withFastPath } from '../http/fast-path';
import type { JobQueues, JobWorker } from '../jobs/job-queues';
import { startProductWorkers } from '../jobs/product-workers';
import { paymentGatewayFor } from '../payments/gateways';
import type { Logger } from '../logger';
import { isGenuineVerification, MailSender } from '../mail/mail-outbox';

export interface Platform {
  app: Express;
  /** What the HTTP server runs: the app, with the fast path for fetchslot and JSON bookings in front. */
  handler: RequestListener;
  store: EventStore;
  pool: pg.Pool;
  /** The projector of this process; none in an API process of the scale-out profile. */
  projector?: ProjectorRunner;
  accounts: AccountsService;
  catalogue: CatalogueService;
  schedule: ScheduleService;
  appointments: AppointmentsService;
  sessions: SessionStore;
  notifications: NotificationsService;
  jobs?: JobQueues;
  databaseUrl: string;
  /** Calls back with every notification the projector records, to push it live. */
  onNotification(listener: (notification: LiveNotification) => void): void;
  /** Stops everything this function started, in reverse order. */
  stop(): Promise<void>;
}

export interface PlatformOptions {
  config: Config;
  databaseUrl: string;
  logger: Logger;
  jobs?: JobQueues;
  frontendDist?: string;
  /**
   * 'all-in-one' (the default) runs the projector, the reactors, the mail sender and the job
   * workers here. 'api' (scale-out) runs none of them: they run in the projector and worker
   * processes, and a command's read-your-writes wait polls the stored checkpoints.
   */
  role?: 'all-in-one' | 'api';
}

/**
 * The API side of the product on one database: event store, projector, reactors, accounts and
 * the Express app. The single-node launcher and the end-to-end tests both start it this way.
 */
export const startPlatform = async ({
  config,
  databaseUrl,
  logger,
  jobs,
  frontendDist,
  role = 'all-in-one',
}: PlatformOptions): Promise<Platform> => {
  const now = clockOf(config);
  const store = await connectEventStore(config, databaseUrl);
  const pool = createPool(databaseUrl, config.DATABASE_POOL_SIZE);
  const sessions = new SessionStore(pool);
  await sessions.migrate();
  const secret = await sessions.secret('email-verification');

  const notificationListeners = new Set<(notification: LiveNotification) => void>();
  const publicUrl = publicUrlOf(config);
  // Read models and reactors follow the log on one subscription: each batch is read once and
  // applied to all of them in one transaction.
  const projector =
    role === 'all-in-one'
      ? new ProjectorRunner(
          pool,
          store,
          productProjections({
            store,
            publicUrl,
            secret,
            jobs,
            now,
            push: (notification) => {
              for (const listener of notificationListeners) listener(notification);
            },
          }),
          { batchSize: config.PROJECTOR_BATCH_SIZE, logger },
        )
      : undefined;
  await projector?.start();
  const mail =
    role === 'all-in-one'
      ? new MailSender(pool, logger, { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM })
      : undefined;
  mail?.start();

  const readModels = PROJECTIONS.map((projection) => projection.name);
  /** Resolves once the read models (all, or those named) hold the position. */
  const readModelsAt = (position: LogPosition, only: readonly string[] = readModels) =>
    projector ? projector.waitFor(position, 5_000, only) : waitForCheckpoints(pool, position, only);
  const waitFor = (position: LogPosition) => readModelsAt(position);
  const accounts = new AccountsService({ store, pool, waitFor, now });
  const catalogue = new CatalogueService({ store, pool, waitFor, now });
  const payments = await paymentGatewayFor(config, sessions);
  const appointments = new AppointmentsService({
    store,
    pool,
    // A booking's answer reads rm_appointments; it need not wait for the other read models.
    waitFor: (position) => readModelsAt(position, ['appointments']),
    payments,
    jobs,
    paymentTimeoutMs: config.PAYMENT_TIMEOUT_MS,
    bookingLimit: config.BOOKING_LIMIT,
    now,
    // Only a projector in this process tells when a kept provider changed.
    keepProviders: role === 'all-in-one',
    answerAfterReadModel: role === 'api',
  });
  const workers: JobWorker[] =
    jobs && role === 'all-in-one' ? await startProductWorkers(jobs, { appointments, store, now }) : [];
  const schedule = new ScheduleService({
    store,
    pool,
    waitFor,
    now,
    logger: { error: (message) => logger.error(message) },
  });
  projector?.onCommitted((projection, events) => {
    if (projection === 'schedule') schedule.readModelChanged(events);
    if (projection === 'catalogue') appointments.providersChanged(events);
  });
  const notifications = new NotificationsService({ store, pool, waitFor, now });
  if (config.DEMO_DATA && (await accounts.isEmpty())) {
    await seedDemoData({ accounts, catalogue, schedule }, logger, now);
  }
  const uploadsDir = path.resolve(config.DATA_DIR, 'uploads');

  const app = createApp({
    pool,
    store,
    jobs,
    projections: PROJECTIONS,
    logger,
    frontendDist,
    accounts: {
      accounts,
      sessions,
      uploadsDir,
      verifyLink: (userId, token) => isGenuineVerification(secret, userId, token),
      registrationLimit: config.REGISTRATION_LIMIT,
      secureCookies: config.NODE_ENV === 'production',
      accountLoginLimit: config.ACCOUNT_LOGIN_LIMIT,
    },
    catalogue: {
      catalogue,
      uploadsDir,
      openHours: (providerId, zone) => schedule.openHours(providerId, zone),
    },
    appointments: { appointments, catalogue, uploadsDir },
    notifications,
    payments: { appointments, gateway: payments },
    cardCheckout: payments.name === 'razorpay',
    schedule,
    // Issue 16: only when asked for (DEV_MAILBOX, refused in production), never by peer address.
    mailbox: config.DEV_MAILBOX && !config.SMTP_URL ? pool : undefined,
    trustProxy: config.TRUST_PROXY,
    healthDetailsLocal: config.HEALTH_DETAILS_LOCAL,
  });

  const handler = withFastPath(app, {
    sessions,
    schedule,
    appointments,
    logger,
    securityHeaders: securityHeaders(payments.name === 'razorpay'),
  });

  return {
    app,
    handler,
    store,
    pool,
    projector,
    accounts,
    catalogue,
    schedule,
    appointments,
    notifications,
    jobs,
    databaseUrl,
    onNotification: (listener) => {
      notificationListeners.add(listener);
    },
    sessions,
    stop: async () => {
      for (const worker of workers) await worker.close();
      await mail?.stop();
      await projector?.stop();
      await store.close();
      await pool.end();
    },
  };
};
