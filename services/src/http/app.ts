import { clockShiftFromHeader } from './clock-shift';
import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type Express } from 'express';
import expressStaticGzip from 'express-static-gzip';
import helmet from 'helmet';
import type pg from 'pg';
import type { RecordedEvent } from '@appointment/contracts/events';
import { readMailbox } from '../mail/mail-outbox';
import { accountsHandlers, type AccountsHandlerDependencies } from '../accounts/accounts.handlers';
import {
  appointmentsHandlers,
  notificationsHandlers,
  paymentsHandlers,
  type AppointmentsHandlerDependencies,
} from '../appointments/appointments.handlers';
import { authenticate } from './authenticate';
import { apiKeysHandlers } from '../integrations/api-keys.handlers';
import type { ApiKeyAuth } from '../integrations/api-key-auth';
import type { ApiKeysService } from '../integrations/api-keys.service';
import type { AppointmentsContext } from '../appointments/appointments-context';
import type { PaymentGateway } from '../payments/payment-gateway';
import type { NotificationsService } from '../notifications/notifications';
import { catalogueHandlers, type CatalogueHandlerDependencies } from '../catalogue/catalogue.handlers';
import { scheduleHandlers } from '../schedule/schedule.handlers';
import { calendarHandlers } from '../calendar/calendar.handlers';
import type { CalendarFeeds } from '../calendar/calendar-feeds';
import {
  integrationSettingsHandlers,
  type IntegrationSettingsHandlerDependencies,
} from '../integration-settings/integration-settings.handlers';
import { webhooksHandlers } from '../integrations/webhooks/webhooks.handlers';
import type { WebhooksService } from '../integrations/webhooks/webhooks.service';
import { jsonBody } from './json-body';
import { refuseUnstorableText } from './storable-text';
import type { ScheduleContext } from '../schedule/schedule-context';
import { apiDocsFiles, apiDocsHandlers } from './api-docs.handlers';
import { checkAnswers } from './answer-check';
import { apiNotFound, errorHandler } from './error-handler';
import { healthHandlers, type HealthDependencies } from './health.handlers';
import { historyHandlers } from '../history/history.handlers';
import { handlers, mountOperations, type OperationHandlers } from './mount-operations';
import { PRIVATE_UPLOADS } from './image-upload';
import { outsidePrivateUploads, privateUploadsRouter } from './private-uploads';
import type { Logger } from '../logger';

export interface AppDependencies extends HealthDependencies {
  logger: Logger;
  /** The built frontend (frontend/dist); served with a single-page-app fallback. */
  frontendDist?: string;
  accounts?: AccountsHandlerDependencies;
  catalogue?: CatalogueHandlerDependencies;
  appointments?: AppointmentsHandlerDependencies;
  notifications?: NotificationsService;
  /** A provider's API keys, and the bearer check of `apt_…` keys. */
  apiKeys?: { service: ApiKeysService; auth: ApiKeyAuth };
  payments?: { appointments: AppointmentsContext; gateway: PaymentGateway };
  /** The card provider's checkout runs in the browser: its hosts are allowed by the CSP. */
  cardCheckout?: boolean;
  schedule?: ScheduleContext;
  /** Calendar feeds and .ics downloads. */
  calendar?: CalendarFeeds;
  /** Integration settings, the chat app and the chat assistant. */
  integrationSettings?: IntegrationSettingsHandlerDependencies;
  /** A provider's webhooks and their delivery log. */
  webhooks?: WebhooksService;
  /** The local outbox, readable at /api/dev/mailbox when DEV_MAILBOX asks for it. */
  mailbox?: pg.Pool;
  /** Opens the personal fields the log holds sealed, for time travel's raw reads. */
  openEvents?: (events: RecordedEvent[]) => Promise<RecordedEvent[]>;
  /** Where the log is not in this database (EventStoreDB): a stream as the log holds it, for time travel. */
  readStreamAsStored?: (streamName: string) => Promise<RecordedEvent[]>;
  /** CHECK_ANSWERS: every JSON answer is checked against its schema in the operations table. */
  checkAnswers?: boolean;
  /** Counts a person's uploads against their daily cap (uploadsPerDay), before a form is read. */
  uploadLimit?: express.RequestHandler;
  /** Express's `trust proxy` (TRUST_PROXY): whose X-Forwarded-* headers are believed. */
  trustProxy?: boolean | number | string[];
  /** TEST_CLOCK_SHIFTS: a request's X-Test-Clock-Shift moves its clock (tests only). */
  clockShifts?: boolean;
}

/**
 * The security headers of every answer (helmet's defaults); the fast path sends the same. With
 * the card provider of docs/product.md §7.7 enabled, its checkout script, frames and API are allowed.
 */
export const securityHeaders = (cardCheckout = false) =>
  helmet(
    cardCheckout
      ? {
          contentSecurityPolicy: {
            directives: {
              'script-src': ["'self'", 'https://checkout.razorpay.com'],
              'frame-src': ["'self'", 'https://api.razorpay.com', 'https://checkout.razorpay.com'],
              'connect-src': ["'self'", 'https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
              'img-src': ["'self'", 'data:', 'blob:', 'https://cdn.razorpay.com'],
            },
          },
        }
      : // The previews of a chosen picture are blob: URLs (images only).
        { contentSecurityPolicy: { directives: { 'img-src': ["'self'", 'data:', 'blob:'] } } },
  );

/**
 * An API answer is never kept by a browser or a shared cache; it may hold personal data or a
 * credential. Set before anything else, so refusals and errors carry it too; the fast path sends
 * the same.
 */
const API_NO_STORE = { 'Cache-Control': 'no-store' } as const;
const noStore: express.RequestHandler = (_req, res, next) => {
  res.set(API_NO_STORE);
  next();
};

/** The Express app: every API area under /api, then the built frontend. */
export const createApp = (deps: AppDependencies): Express => {
  const app = express();
  app.disable('x-powered-by');
  // API answers are never cached by validators; hashing every body (up to 100s of KB) costs CPU.
  app.set('etag', false);
  app.set('trust proxy', deps.trustProxy ?? 'loopback');
  app.use(securityHeaders(deps.cardCheckout));

  const api = express.Router();
  if (deps.clockShifts) api.use(clockShiftFromHeader);
  // First, so that refusals of the body parser and the error handler's answers are checked too.
  if (deps.checkAnswers) api.use(checkAnswers(deps.logger));
  api.use(noStore);
  api.use(jsonBody());
  api.use(refuseUnstorableText);
  if (deps.accounts) api.use(authenticate(deps.accounts.sessions, deps.apiKeys?.auth));
  // The operations of contracts' table that this process serves, each mounted from its entry.
  // The booking screen's reads come first: the busiest routes match without walking the rest.
  const modules: OperationHandlers[] = [healthHandlers(deps), apiDocsHandlers()];
  if (deps.accounts) {
    if (deps.schedule) modules.push(scheduleHandlers(deps.schedule));
    if (deps.catalogue) modules.push(catalogueHandlers(deps.catalogue));
    if (deps.appointments) modules.push(appointmentsHandlers(deps.appointments));
    if (deps.notifications) modules.push(notificationsHandlers(deps.notifications));
    if (deps.payments) modules.push(paymentsHandlers(deps.payments.appointments, deps.payments.gateway));
    if (deps.calendar) modules.push(calendarHandlers(deps.calendar));
    if (deps.integrationSettings) modules.push(integrationSettingsHandlers(deps.integrationSettings));
    if (deps.webhooks) modules.push(webhooksHandlers(deps.webhooks));
    modules.push(
      historyHandlers({ pool: deps.pool, open: deps.openEvents, readStream: deps.readStreamAsStored }),
    );
    modules.push(accountsHandlers(deps.accounts));
    if (deps.apiKeys) modules.push(apiKeysHandlers(deps.apiKeys.service));
  }
  const mailbox = deps.mailbox;
  if (mailbox) {
    // A development aid that shows verification links, mounted only when DEV_MAILBOX=true.
    modules.push(
      handlers({
        mailbox: async ({ query }) => ({ messages: await readMailbox(mailbox, query.to) }),
      }),
    );
  }
  api.use(mountOperations(modules, { uploadLimit: deps.uploadLimit }));
  api.use(apiDocsFiles());
  api.use(apiNotFound);
  app.use('/api', api);

  if (deps.accounts) {
    // Booking pictures are private (their booker and the provider's staff); profile and provider
    // pictures stay public, cached for a week.
    const { uploadsDir, sessions } = deps.accounts;
    const privateUploads = privateUploadsRouter(uploadsDir, sessions, deps.pool);
    app.use(`/uploads/${PRIVATE_UPLOADS}`, privateUploads.router);
    app.use(
      '/uploads',
      outsidePrivateUploads,
      express.static(uploadsDir, { index: false, fallthrough: true, maxAge: '7d' }),
      privateUploads.legacy,
    );
  }

  const dist = deps.frontendDist;
  if (dist && existsSync(path.join(dist, 'index.html'))) {
    // The build writes brotli and gzip copies beside each file; a browser gets the smallest it
    // accepts. Files under assets/ carry a content hash in their names, so they never change.
    app.use(
      expressStaticGzip(dist, {
        enableBrotli: true,
        orderPreference: ['br', 'gzip'],
        index: false,
        serveStatic: {
          index: false,
          maxAge: '1h',
          setHeaders: (res, file) => {
            if (path.relative(dist, file).startsWith(`assets${path.sep}`)) {
              res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
            }
          },
        },
      }),
    );
    // Every other path is a screen of the app, but for assets/: a file missing there (a tab
    // from before a release asking for an old chunk) is a 404, not the page shell as script.
    app.get(/^(?!\/api\/|\/socket\.io\/|\/assets\/).*/, (_req, res) => {
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(path.join(dist, 'index.html'));
    });
  }

  app.use(errorHandler(deps.logger));
  return app;
};
