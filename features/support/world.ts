import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { After, Before, setDefaultTimeout, setWorldConstructor, World } from '@cucumber/cucumber';
import { createTestDatabase, type TestDatabase } from '@appointment/infra/testing/postgres';
import { clockOf, loadConfig } from '@appointment/services/config';
import type { CreateApiKeyResponse } from '@appointment/contracts/api-keys';
import type { EventStore } from '@appointment/contracts/event-store';
import type { HistoryEntry, ProviderStateAt } from '@appointment/contracts/history';
import type { PaymentResult } from '@appointment/contracts/payments';
import type { TimeSlot } from '@appointment/contracts/schedule';
import type { WebhookReceiver } from '@appointment/infra/testing/webhook-receiver';
import { JobQueues } from '@appointment/services/jobs/job-queues';
import { createLogger } from '@appointment/services/logger';
import { startPlatform, type Platform } from '@appointment/services/main/platform';
import type { BookingAnswer } from '../drivers/booking';
import type { Notification } from '../drivers/notifications';
import type { WhatsAppScene } from '../drivers/whatsapp';

setDefaultTimeout(60_000);

/** The payment timeout of @jobs scenarios: an unpaid booking is cancelled this soon. */
export const PAYMENT_TIMEOUT_MS = 1500;

export interface ApiResponse {
  status: number;
  body: unknown;
  headers: Headers;
}

/**
 * Someone in a scenario, known by first name. Each person keeps their own cookies, as their
 * own browser would, so two people signed in at once never share a session.
 */
export interface Person {
  name: string;
  email: string;
  password: string;
  phone: string;
  /** The full name they register with. */
  fullName: string;
  cookies: Map<string, string>;
  /** The session id handed out at this person's last successful sign-in. */
  lastSession?: string;
  userId?: string;
  /** The link from their latest confirmation e-mail. */
  confirmationLink?: string;
  lastResponse?: ApiResponse;
}

/** A provider's history as someone read it last, for the steps that look into it. */
export interface HistoryRead {
  providerId: string;
  reader: string;
  entries: HistoryEntry[];
  /** The provider's state, once a step has asked for it. */
  state?: ProviderStateAt;
  entry?: HistoryEntry;
}

/** The calendar feed addresses handed out so far, and the chat assistant's last reply. */
export interface CalendarScene {
  url?: string;
  /** The address before the calendar app was connected again. */
  oldUrl?: string;
  reply?: string;
}

const SESSION_COOKIE = 'sid';

/** Reads Set-Cookie headers into a jar; a cleared or expired cookie leaves the jar. */
const storeCookies = (jar: Map<string, string>, headers: Headers) => {
  for (const header of headers.getSetCookie()) {
    const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
    const equals = pair.indexOf('=');
    if (equals < 1) continue;
    const name = pair.slice(0, equals);
    const value = pair.slice(equals + 1);
    const expires = attributes.find((attribute) => attribute.toLowerCase().startsWith('expires='));
    const maxAge = attributes.find((attribute) => attribute.toLowerCase().startsWith('max-age='));
    const expired =
      (expires !== undefined && Date.parse(expires.slice('expires='.length)) <= Date.now()) ||
      (maxAge !== undefined && Number(maxAge.slice('max-age='.length)) <= 0);
    if (value === '' || expired) jar.delete(name);
    else jar.set(name, value);
  }
};

export interface RequestOptions {
  /** A JSON body, or a multipart form sent as it is. */
  body?: unknown;
  /** More headers, such as an Idempotency-Key. */
  headers?: Record<string, string>;
  /** Send this session id instead of the person's cookies. */
  session?: string;
  redirect?: 'follow' | 'manual';
}

/** One running platform per scenario: its own database, projector, mail outbox and HTTP server. */
export class PlatformWorld extends World {
  database?: TestDatabase;
  platform?: Platform;
  server?: http.Server;
  baseUrl = '';
  private starting?: Promise<void>;
  lastResponse?: ApiResponse;
  /** How many accounts the event log held just before the last registration attempt. */
  accountsBeforeRegistration?: number;
  readonly people = new Map<string, Person>();
  /**
   * Scenarios tagged @jobs run the job queue (BullMQ on the machine's Redis) with a payment
   * timeout of PAYMENT_TIMEOUT_MS below, so background jobs fire within the scenario.
   */
  withJobs = false;
  /** Settings on top of the scenarios' defaults, set by a tag's hook before the platform starts. */
  settings: Record<string, string> = {};
  jobs?: JobQueues;

  // What a scenario remembers between its steps: a fresh World per scenario keeps each its own.

  /** The answer to each person's last successful booking, by name, for paying the order it carries. */
  readonly bookings = new Map<string, BookingAnswer>();
  /** The signed result each person's last sandbox payment returned, by name, to be reported. */
  readonly paymentResults = new Map<string, PaymentResult>();
  /** The answers to the requests last sent together or repeated: a burst of bookings, a retry. */
  answersTogether?: ApiResponse[];
  /** The time zone each person reads days in, by name, once known. */
  readonly zones = new Map<string, string>();
  /** The time slots someone was shown last, for the steps that say "them". */
  shownTimeSlots?: TimeSlot[];
  /** Each person's notifications as last listed, by name, to say what was there when a wait gives up. */
  readonly notificationsSeen = new Map<string, Notification[]>();
  /** The demo support account on a browser of its own, once a step needs what only staff can see. */
  supportStaff?: Person;
  /** The API keys generated in the scenario, by name: the full key is only ever seen once. */
  readonly apiKeys = new Map<string, CreateApiKeyResponse>();
  /** What the last call made with an API key answered. */
  lastKeyAnswer?: ApiResponse;
  /** The HTTP server standing for the provider's system that webhooks call, once started. */
  webhookReceiver?: WebhookReceiver;
  /** The signing secret shown when each webhook was added, by the webhook's name. */
  readonly webhookSecrets = new Map<string, string>();
  readonly calendar: CalendarScene = {};
  /** The stand-in for the WhatsApp messaging API of @whatsapp scenarios. */
  whatsApp?: WhatsAppScene;
  historyRead?: HistoryRead;
  /** The rows per table of the operator's last replay. */
  replayed?: Map<string, number>;
  /**
   * How far the platform's clock runs ahead of the run's (TEST_CLOCK, else the machine's): time
   * a scenario lets pass, so that an appointment has ended. Steps keep naming days from the run's
   * clock, so "tomorrow" stays the day it was.
   */
  private clockShiftMs = 0;

  /** The platform's "now", moved forward by the time the scenario let pass. */
  platformNow(): number {
    return this.runNow() + this.clockShiftMs;
  }

  /** Lets time pass on the platform until `instant` (never backwards). */
  letTimePassUntil(instant: number): void {
    this.clockShiftMs = Math.max(this.clockShiftMs, instant - this.runNow());
  }

  private runNow: () => number = () => Date.now();

  /**
   * The event log, through the services' EventStore port: for the few steps that check the log
   * itself or record events as an operator's scenario needs. Steps never read read-model tables;
   * there is deliberately no database pool here.
   */
  get store(): EventStore {
    if (!this.platform) throw new Error('The platform is not running');
    return this.platform.store;
  }

  /**
   * Listens first, so that the links in e-mails can name the real address, then starts the
   * platform (DEMO_DATA as asked) and hands its requests to the platform's app.
   */
  async startPlatform({ demoData = false }: { demoData?: boolean } = {}): Promise<void> {
    if (this.starting) throw new Error('The platform is already running in this scenario');
    this.starting = this.launch(demoData);
    await this.starting;
  }

  private async launch(demoData: boolean): Promise<void> {
    this.database = await createTestDatabase('feature', { migrated: true });
    const handler: { app?: http.RequestListener } = {};
    this.server = http.createServer((req, res) => {
      if (handler.app) handler.app(req, res);
      else res.writeHead(503).end();
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.baseUrl = `http://127.0.0.1:${port}`;
    if (this.withJobs) {
      this.jobs = await JobQueues.create({
        backend: { kind: 'redis', url: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' },
        prefix: `feature-${this.database.name}`,
        onError: () => undefined,
      });
    }
    const config = loadConfig({
      ...process.env,
      DEMO_DATA: demoData ? 'true' : 'false',
      // The config refuses PORT=0, and the port is already known here.
      PORT: String(port),
      PUBLIC_URL: this.baseUrl,
      LOG_LEVEL: 'silent',
      // Always the local outbox and the Postgres event store, whatever the shell has set.
      NODE_ENV: 'test',
      DEV_MAILBOX: 'true',
      // The operator of the scenarios checks health from this machine.
      HEALTH_DETAILS_LOCAL: 'true',
      // Argon2id at its lowest cost: the same checks, without ~0.45 s of CPU per sign-in.
      PASSWORD_HASH_COST: 'test',
      SMTP_URL: '',
      EVENTSTORE_URL: '',
      ...(this.withJobs ? { PAYMENT_TIMEOUT_MS: String(PAYMENT_TIMEOUT_MS) } : {}),
      ...this.settings,
    });
    const runClock = clockOf(config);
    this.runNow = () => runClock().getTime();
    this.platform = await startPlatform({
      jobs: this.jobs,
      config,
      now: () => new Date(this.platformNow()),
      databaseUrl: this.database.url,
      logger: createLogger('silent'),
    });
    handler.app = this.platform.handler;
  }

  /** Scenarios that never say otherwise run on an empty platform, started at first use. */
  async ensurePlatform(): Promise<void> {
    await (this.starting ?? this.startPlatform());
  }

  person(name: string): Person {
    let person = this.people.get(name);
    if (!person) {
      const key = name.toLowerCase().replace(/\W/g, '');
      person = {
        name,
        fullName: name,
        email: `${key}@example.org`,
        password: `${key}-secret-password`,
        phone: '5550100' + String(this.people.size).padStart(3, '0'),
        cookies: new Map(),
      };
      this.people.set(name, person);
    }
    return person;
  }

  /** A call made by a person (with their cookies) or, without one, by an anonymous visitor. */
  async request(
    who: Person | undefined,
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<ApiResponse> {
    await this.ensurePlatform();
    const multipart = options.body instanceof FormData;
    const headers: Record<string, string> = { ...options.headers };
    if (options.body !== undefined && !multipart) headers['content-type'] = 'application/json';
    const cookies = options.session
      ? new Map([[SESSION_COOKIE, options.session]])
      : (who?.cookies ?? new Map<string, string>());
    if (cookies.size > 0) {
      headers.cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    const response = await fetch(new URL(path, this.baseUrl), {
      method,
      headers,
      body:
        options.body === undefined
          ? undefined
          : multipart
            ? (options.body as FormData)
            : JSON.stringify(options.body),
      redirect: options.redirect ?? 'follow',
    });
    if (who && !options.session) storeCookies(who.cookies, response.headers);
    const text = await response.text();
    let body: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('application/json')) body = JSON.parse(text);
    const result = { status: response.status, body, headers: response.headers };
    this.lastResponse = result;
    if (who) who.lastResponse = result;
    return result;
  }

  async get(path: string): Promise<ApiResponse> {
    return this.request(undefined, 'GET', path);
  }

  async stopPlatform(): Promise<void> {
    const server = this.server;
    if (server) {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    }
    await this.platform?.stop();
    await this.jobs?.close();
    await this.database?.drop();
  }
}

setWorldConstructor(PlatformWorld);

Before({ tags: '@jobs' }, function (this: PlatformWorld) {
  this.withJobs = true;
});

After(async function (this: PlatformWorld) {
  await this.stopPlatform();
});
