import path from 'node:path';
import type { RequestListener } from 'node:http';
import type { Express } from 'express';
import type { LogPosition } from '@appointment/contracts/events';
import type pg from 'pg';
import { PROJECTIONS } from '@appointment/projections/registry';
import { ProjectorRunner } from '@appointment/projections/runner';
import { AccountsService } from '../accounts/accounts.service';
import { AppointmentsService, type PaymentJob } from '../appointments/appointments.service';
import { NotificationsService } from '../notifications/notifications';
import { notifierReactor } from '../notifications/notifier.reactor';
import { reminderScheduler, runReminder, type ReminderJob } from '../reminders/reminders';
import type { LiveNotification } from '../realtime/socket-server';
import { seedDemoData } from './demo-data';
import { SessionStore } from '../auth/sessions';
import { CatalogueService } from '../catalogue/catalogue.service';
import { ScheduleService } from '../schedule/schedule.service';
import type { Config } from '../config';
import { connectEventStore } from '../eventstore/connect';
import type { EventStore } from '../eventstore/event-store';
import { createPool } from '../eventstore/postgres-event-store';
import { createApp, securityHeaders } from '../http/app';
import { withFastPath } from '../http/fast-path';
import { QUEUE_NAMES, type JobQueues, type JobWorker } from '../jobs/job-queues';
import type { PaymentGateway } from '../payments/payment-gateway';
import { RazorpayGateway } from '../payments/razorpay-gateway';
import { SandboxGateway } from '../payments/sandbox-gateway';
import type { Logger } from '../logger';
import { isGenuineVerification, MailSender, mailOutboxReactor } from '../mail/mail-outbox';

export interface Platform {
  app: Express;
  /** What the HTTP server runs: the app, with the fast path for fetchslot in front. */
  handler: RequestListener;
  store: EventStore;
  pool: pg.Pool;
  projector: ProjectorRunner;
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
}: PlatformOptions): Promise<Platform> => {
  const store = await connectEventStore(config, databaseUrl);
  const pool = createPool(databaseUrl, config.DATABASE_POOL_SIZE);
  const sessions = new SessionStore(pool);
  await sessions.migrate();
  const secret = await sessions.secret('email-verification');

  const projector = new ProjectorRunner(pool, store, PROJECTIONS, {
    batchSize: config.PROJECTOR_BATCH_SIZE,
    logger,
  });
  await projector.start();
  const publicUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  const reactors = new ProjectorRunner(
    pool,
    store,
    [
      mailOutboxReactor({ publicUrl, secret }),
      notifierReactor(store),
      ...(jobs ? [reminderScheduler(store, jobs)] : []),
    ],
    { logger },
  );
  await reactors.start();
  const mail = new MailSender(pool, logger, { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM });
  mail.start();

  const waitFor = (position: LogPosition) => projector.waitFor(position);
  const accounts = new AccountsService({ store, pool, waitFor });
  const catalogue = new CatalogueService({ store, pool, waitFor });
  const payments: PaymentGateway =
    config.RAZORPAY_KEY_ID && config.RAZORPAY_KEY_SECRET
      ? new RazorpayGateway({
          keyId: config.RAZORPAY_KEY_ID,
          keySecret: config.RAZORPAY_KEY_SECRET,
          apiUrl: config.RAZORPAY_API_URL,
        })
      : new SandboxGateway(await sessions.secret('payments-sandbox'));
  const appointments = new AppointmentsService({
    store,
    pool,
    // A booking's answer reads rm_appointments; it need not wait for the other read models.
    waitFor: (position) => projector.waitFor(position, 5_000, ['appointments']),
    payments,
    jobs,
    paymentTimeoutMs: config.PAYMENT_TIMEOUT_MS,
  });
  const workers: JobWorker[] = [];
  if (jobs) {
    workers.push(
      await jobs.work<PaymentJob>(
        QUEUE_NAMES.paymentConfirmation,
        (job) => appointments.confirmPayment(job.data),
        {
          concurrency: 4,
        },
      ),
      await jobs.work<ReminderJob>(
        QUEUE_NAMES.reminders,
        async (job) => {
          await runReminder(store, job.data);
        },
        { concurrency: 2 },
      ),
      await jobs.work<{ appointmentId: string }>(
        QUEUE_NAMES.paymentTimeout,
        (job) => appointments.expireUnpaid(job.data.appointmentId),
        { concurrency: 2 },
      ),
    );
  }
  const schedule = new ScheduleService({
    store,
    pool,
    waitFor,
    logger: { error: (message) => logger.error(message) },
  });
  const notificationListeners = new Set<(notification: LiveNotification) => void>();
  projector.onCommitted((projection, events) => {
    if (projection === 'schedule') schedule.readModelChanged(events);
    if (projection === 'notifications') {
      for (const event of events) {
        if (event.type !== 'NotificationCreated') continue;
        const data = event.data as {
          notificationId: string;
          userId: string;
          audience: 'user' | 'admin';
          message: string;
        };
        const live = {
          userId: data.userId,
          audience: data.audience,
          _id: data.notificationId,
          message: data.message,
        };
        for (const listener of notificationListeners) listener(live);
      }
    }
  });
  const notifications = new NotificationsService({ store, pool, waitFor });
  if (config.DEMO_DATA && (await accounts.isEmpty())) {
    await seedDemoData({ accounts, catalogue, schedule }, logger);
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
    },
    catalogue: { catalogue, uploadsDir },
    appointments: { appointments, catalogue, uploadsDir },
    notifications,
    payments: { appointments, gateway: payments },
    cardCheckout: payments.name === 'razorpay',
    schedule,
    mailbox: config.SMTP_URL || config.NODE_ENV === 'production' ? undefined : pool,
  });

  const handler = withFastPath(app, {
    sessions,
    schedule,
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
      await mail.stop();
      await reactors.stop();
      await projector.stop();
      await store.close();
      await pool.end();
    },
  };
};
