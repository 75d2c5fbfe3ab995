import path from 'node:path';
import type { RequestListener } from 'node:http';
import type { Express } from 'express';
import type { LogPosition } from '@appointment/contracts/events';
import type pg from 'pg';
import { PROJECTIONS } from '@appointment/projections/registry';
import { productProjections } from './projections';
import { waitForCheckpoints } from '@appointment/projections/checkpoints';
import { ProjectorRunner } from '@appointment/projections/runner';
import { accountsContext, loadProvider, loadUser, type AccountsContext } from '../accounts/accounts-context';
import { appointmentsContext, type AppointmentsContext } from '../appointments/appointments-context';
import { NotificationsService } from '../notifications/notifications';
import { ApiKeyAuth } from '../integrations/api-key-auth';
import { ApiKeysService } from '../integrations/api-keys.service';
import type { LiveNotification } from '../realtime/socket-server';
import { seedDemoData } from './demo-data';
import { passwordsAt } from '../auth/passwords';
import { PasswordWork } from '../auth/password-work';
import { SessionStore } from '../auth/sessions';
import { redisSharedState } from '../auth/shared-state';
import { catalogueContext, type CatalogueContext } from '../catalogue/catalogue-context';
import { scheduleContext, type ScheduleContext } from '../schedule/schedule-context';
import { CalendarFeeds } from '../calendar/calendar-feeds';
import { ChatAssistant } from '../chat/chat-assistant';
import { NotFoundError } from '../domain/errors';
import { IntegrationSettingsService } from '../integration-settings/integration-settings.service';
import type { Actor } from '../accounts/accounts-context';
import type { Clock } from '@appointment/contracts/clock';
import { clockOf, publicUrlOf, type Config } from '../config';
import { connectEventStore } from '../eventstore/connect';
import { forgetPerson } from '../privacy/forget';
import { openEvents } from '../privacy/private-event-store';
import type { EventStore } from '@appointment/contracts/event-store';
import { createPool } from '../eventstore/postgres-event-store';
import { createApp, securityHeaders } from '../http/app';
import { withFastPath } from '../http/fast-path';
import { shiftedPerRequest } from '../http/clock-shift';
import { uploadsPerDay } from '../http/image-upload';
import { movePrivatePictures } from '../http/private-uploads';
import type { JobQueues, JobWorker } from '../jobs/job-queues';
import { startProductWorkers } from '../jobs/product-workers';
import { paymentGatewayFor } from '../payments/gateways';
import type { Logger } from '../logger';
import {
  isGenuineEmailChange,
  isGenuinePasswordReset,
  isGenuineVerification,
  MailSender,
  mailHandedOver,
  migrateMailOutbox,
} from '../mail/mail-outbox';
import { IntegrationClient } from '../integrations/client';
import { migrateWebhookLog } from '../integrations/webhooks/webhook-log';
import { migrateIdempotencyKeys } from '../idempotency/idempotency-keys';
import { WebhooksService } from '../integrations/webhooks/webhooks.service';
import { isEmpty } from '../accounts/queries/accounts.queries';
import { providerFor } from '../catalogue/providers/providers';
import { openHours } from '../schedule/queries/schedule.queries';

export interface Platform {
  app: Express;
  /** What the HTTP server runs: the app, with the fast path for fetchslot and JSON bookings in front. */
  handler: RequestListener;
  store: EventStore;
  pool: pg.Pool;
  /** The projector of this process; none in an API process of the scale-out profile. */
  projector?: ProjectorRunner;
  accounts: AccountsContext;
  /** An account as the log holds it (active or not, its role, whether its address is confirmed). */
  loadUser(userId: string): ReturnType<typeof loadUser>;
  /** A provider account as the log holds it (its status and admin). */
  loadProvider(providerId: string): ReturnType<typeof loadProvider>;
  catalogue: CatalogueContext;
  schedule: ScheduleContext;
  appointments: AppointmentsContext;
  sessions: SessionStore;
  notifications: NotificationsService;
  /** A provider's API keys and their bearer check. */
  apiKeys: { service: ApiKeysService; auth: ApiKeyAuth };
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
  /**
   * The product's clock; the config's (TEST_CLOCK, else the machine's) unless given. A scenario
   * in which time passes (an appointment has ended) gives one it moves forward.
   */
  now?: Clock;
}

/**
 * The API side of the product on one database: event store, projector, reactors, accounts and
 * the Express app. The single-node launcher and the end-to-end tests both start it this way.
 */
/** Where uploaded pictures are kept: served at /uploads, deleted when their owner is forgotten. */
const uploadsDirOf = (config: Config): string => path.resolve(config.DATA_DIR, 'uploads');

export const startPlatform = async ({
  config,
  databaseUrl,
  logger,
  jobs,
  frontendDist,
  role = 'all-in-one',
  now: clock = clockOf(config),
}: PlatformOptions): Promise<Platform> => {
  const now = config.TEST_CLOCK_SHIFTS ? shiftedPerRequest(clock) : clock;
  const store = await connectEventStore(config, databaseUrl);
  const pool = createPool(databaseUrl, config.DATABASE_POOL_SIZE);
  const sessions = new SessionStore(pool);
  await sessions.migrate();
  const secret = await sessions.secret('email-verification');
  // The delivery log exists before the dispatcher writes to it.
  await migrateWebhookLog(pool);
  await migrateMailOutbox(pool);
  await migrateIdempotencyKeys(pool);
  const integrations = new IntegrationClient({ allowPrivate: config.WEBHOOK_ALLOW_PRIVATE_URLS });
  // The operator's own endpoints (WHATSAPP_API_URL, CHATBOT_API_URL) may be local: a local model.
  const operatorEndpoints = new IntegrationClient({ allowPrivate: true });
  // Scale-out (docs/architecture.md §4): limits and session endings shared by the API processes.
  const shared = config.REDIS_URL
    ? await redisSharedState(config.REDIS_URL, config.JOBS_PREFIX, sessions, logger)
    : undefined;

  const notificationListeners = new Set<(notification: LiveNotification) => void>();
  const publicUrl = publicUrlOf(config);
  // Read models and reactors follow the log on one subscription: each batch is read once and
  // applied to each of them in its own transaction, which moves its own checkpoint.
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
            push: (notifications) => {
              for (const notification of notifications)
                for (const listener of notificationListeners) listener(notification);
            },
          }),
          { batchSize: config.PROJECTOR_BATCH_SIZE, gatherMs: config.PROJECTOR_GATHER_MS, logger },
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
  const accounts = accountsContext({
    store,
    pool,
    waitFor,
    now,
    passwords: passwordsAt(
      config.PASSWORD_HASH_COST,
      new PasswordWork({ concurrency: config.PASSWORD_CONCURRENCY }),
    ),
    emailKey: await sessions.secret('email-stream-key'),
    forget: (request) =>
      forgetPerson({ store, keys: store.keys, pool, now, uploadsDir: uploadsDirOf(config), jobs }, request),
    mailHandedOver: async (eventId) => {
      const sent = await mailHandedOver(pool, eventId);
      if (!sent) logger.warn({ eventId }, 'a notice was not handed over in time; it goes with the person');
      return sent;
    },
  });
  const catalogue = catalogueContext({ store, pool, waitFor, now });
  const payments = await paymentGatewayFor(config, sessions, pool);
  const appointments = appointmentsContext({
    store,
    pool,
    // A booking's answer reads rm_appointments, and the booker's next slot lists rm_schedule (a
    // waitlist call, rm_waitlist); it need not wait for the other read models.
    waitFor: (position) => readModelsAt(position, ['appointments', 'schedule', 'waitlist']),
    waitForSlots: (position) => readModelsAt(position, ['schedule']),
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
    jobs && role === 'all-in-one'
      ? await startProductWorkers(jobs, {
          appointments,
          store,
          now,
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
        })
      : [];
  const schedule = scheduleContext({
    store,
    pool,
    waitFor,
    now,
    logger: { error: (message) => logger.error(message) },
    ownBookingsSeen: (userId) => appointments.reads.caughtUp(userId),
  });
  projector?.onCommitted((projection, events) => {
    if (projection === 'schedule') {
      schedule.availability.readModelChanged(events);
      appointments.timeOff.changed(events);
    }
    if (projection === 'catalogue') appointments.providers.changed(events);
  });
  const notifications = new NotificationsService({ store, pool, waitFor, now });
  const checkProvider = async (actor: Actor, providerId: string) => {
    await providerFor(catalogue, actor, providerId);
  };
  const calendar = new CalendarFeeds({ store, pool, waitFor, now, publicUrl, checkProvider });
  const integrationSettings = new IntegrationSettingsService({
    store,
    pool,
    waitFor,
    now,
    checkProvider,
    checkOutboundUrl: (url) => integrations.checkUrl(url),
    chatModels: config.CHAT_MODELS,
  });
  const assistant = new ChatAssistant({
    pool,
    now,
    logger,
    modelUrl: config.CHATBOT_API_URL,
    client: operatorEndpoints,
    modelKey: config.CHATBOT_API_KEY,
    providerFacts: async (actor, providerId) => {
      try {
        const provider = await providerFor(catalogue, actor, providerId);
        return { name: provider.name, services: provider.services ?? [] };
      } catch (error) {
        if (error instanceof NotFoundError) return undefined;
        throw error;
      }
    },
  });
  const apiKeyAuth = new ApiKeyAuth(pool, { now });
  await apiKeyAuth.migrate();
  const apiKeys = {
    auth: apiKeyAuth,
    service: new ApiKeysService({ store, pool, waitFor, now, auth: apiKeyAuth }),
  };
  const webhooks = new WebhooksService({ store, pool, waitFor, client: integrations, jobs, now });
  if (config.DEMO_DATA && (await isEmpty(accounts))) {
    await seedDemoData({ accounts, catalogue, schedule }, logger, now);
  }
  const uploadsDir = uploadsDirOf(config);
  // Booking pictures stored while they were public move out of the public directory.
  await movePrivatePictures(uploadsDir, pool).catch((error: unknown) => {
    logger.error({ err: error }, 'booking pictures could not be moved to the private uploads');
  });
  // One count per person across profile, booking and provider pictures.
  const uploadLimit = uploadsPerDay(config.UPLOAD_LIMIT, shared?.limitStore('uploads'));

  const app = createApp({
    clockShifts: config.TEST_CLOCK_SHIFTS,
    pool,
    store,
    openEvents: (events) => openEvents(store.keys, events),
    // The PostgreSQL log is joined in the database; an EventStoreDB log is read stream by stream.
    ...(config.EVENTSTORE_URL
      ? { readStreamAsStored: (name: string) => store.readStreamAsStored(name) }
      : {}),
    jobs,
    projections: PROJECTIONS,
    logger,
    frontendDist,
    accounts: {
      accounts,
      sessions,
      uploadsDir,
      verifyLink: (userId, token) => isGenuineVerification(secret, userId, token),
      verifyEmailChange: (userId, requestId, token) => isGenuineEmailChange(secret, userId, requestId, token),
      verifyResetLink: (userId, requestId, token) => isGenuinePasswordReset(secret, userId, requestId, token),
      registrationLimit: config.REGISTRATION_LIMIT,
      limitKeySecret: secret,
      secureCookies: config.NODE_ENV === 'production',
      accountLoginLimit: config.ACCOUNT_LOGIN_LIMIT,
      addressLoginLimit: config.LOGIN_ADDRESS_LIMIT,
      ...(shared ? { limitStore: (name: string) => shared.limitStore(name) } : {}),
    },
    catalogue: {
      catalogue,
      uploadsDir,
      openHours: (providerId, zone) => openHours(schedule, providerId, zone),
    },
    appointments: { appointments, catalogue, uploadsDir, linkSecret: secret },
    uploadLimit,
    notifications,
    apiKeys,
    payments: { appointments, gateway: payments },
    cardCheckout: payments.name === 'razorpay',
    schedule,
    calendar,
    integrationSettings: { settings: integrationSettings, assistant, chatLimit: config.CHAT_LIMIT },
    webhooks,
    // Only when asked for (DEV_MAILBOX, refused in production), never by peer address.
    mailbox: config.DEV_MAILBOX && !config.SMTP_URL ? pool : undefined,
    trustProxy: config.TRUST_PROXY,
    checkAnswers: config.CHECK_ANSWERS,
    healthDetailsLocal: config.HEALTH_DETAILS_LOCAL,
  });

  const handler = withFastPath(app, {
    sessions,
    schedule,
    appointments,
    logger,
    securityHeaders: securityHeaders(payments.name === 'razorpay'),
    checkAnswers: config.CHECK_ANSWERS,
    serverTiming: config.SERVER_TIMING,
  });

  return {
    app,
    handler,
    store,
    pool,
    projector,
    accounts,
    loadUser: (userId) => loadUser(accounts, userId),
    loadProvider: (providerId) => loadProvider(accounts, providerId),
    catalogue,
    schedule,
    appointments,
    notifications,
    apiKeys,
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
      await shared?.close();
      await pool.end();
      integrations.close();
      operatorEndpoints.close();
    },
  };
};
