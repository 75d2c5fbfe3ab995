import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_PASSWORD } from '@appointment/contracts/accounts';
import {
  API_OPERATIONS,
  pathOf,
  type OperationBodyInput,
  type OperationId,
  type OperationParams,
  type OperationQueryInput,
  type OperationReply,
} from '@appointment/contracts/api';
import type { Appointment } from '@appointment/contracts/appointments';
import type { Provider } from '@appointment/contracts/catalogue';
import { ErrorBody } from '@appointment/contracts/errors';
import type { TimeSlot } from '@appointment/contracts/schedule';
import { testNow } from '@appointment/infra/testing/clock';
import { createTestDatabase, type TestDatabase } from '@appointment/infra/testing/postgres';
import { loadConfig } from '../config';
import { createLogger } from '../logger';
import { JobQueues } from '../jobs/job-queues';
import { readMailbox } from '../mail/mail-outbox';
import { startPlatform, type Platform } from '../main/platform';
import { createSocketServer, pushLive } from '../realtime/socket-server';

export interface Reply<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

type Operations = typeof API_OPERATIONS;

/**
 * What `Caller.op` sends with an operation, typed by its entry in the operations table: the JSON
 * body (or, for an operation that takes a multipart form, a FormData), the query, the path's
 * parameters and extra headers. A part the table declares is required unless it may be empty.
 */
export type OperationRequest<Id extends OperationId> = {
  headers?: Record<string, string>;
} & (Operations[Id] extends { body: unknown } | { form: unknown }
  ? Optional<'body', OperationBodyInput<Id> | (Operations[Id] extends { form: unknown } ? FormData : never)>
  : { body?: undefined }) &
  (Operations[Id] extends { query: unknown }
    ? Optional<'query', OperationQueryInput<Id>>
    : { query?: undefined }) &
  (Operations[Id] extends { params: unknown } ? { params: OperationParams<Id> } : { params?: undefined });

/** An object with nothing in it. */
type Empty = Record<never, never>;

/** `{ [key]?: T }` when T may be empty (`{}` or undefined fits it), `{ [key]: T }` otherwise. */
type Optional<Key extends string, T> = Empty extends Exclude<T, undefined> | undefined
  ? { [K in Key]?: T }
  : { [K in Key]: T };

/** The request may be left out when nothing in it is required. */
type OperationArgs<Id extends OperationId> =
  Empty extends OperationRequest<Id> ? [request?: OperationRequest<Id>] : [request: OperationRequest<Id>];

/** The body of an operation's success answer: its JSON, or the text of a page, feed or export. */
export type OperationAnswerBody<Id extends OperationId> = [OperationReply<Id>] extends [never]
  ? string
  : OperationReply<Id>;

/** What `Caller.opUnchecked` sends: anything, typed or not. */
export interface UncheckedRequest {
  body?: unknown;
  query?: Record<string, unknown>;
  params?: Record<string, string>;
  headers?: Record<string, string>;
}

const queryString = (query: Record<string, unknown> | undefined): string => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    for (const one of Array.isArray(value) ? value : [value]) {
      if (one !== undefined) search.append(name, String(one));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
};

/**
 * The error body of a failed call (4xx, 5xx), checked against its schema: a typed reply's body is
 * its success answer, so the failure's message and field errors are read through this.
 */
export const errorOf = (reply: Reply<unknown>): ErrorBody => ErrorBody.parse(reply.body);

/**
 * A person talking to the API with their own session token.
 *
 * A call that follows the operations table goes through `op`: method and path come from the
 * table, and the body, query and path parameters are typed by the operation's schemas, so a test
 * that sends the wrong shape does not compile. Tests that mean to send what the schemas refuse
 * (hostile or malformed input) use `opUnchecked`, which still takes method and path from the
 * table; tests that are about the path itself (routing, unknown paths, other spellings, query
 * tricks) use the raw `call`, `get` and `post`.
 */
export class Caller {
  token?: string;
  constructor(private readonly base: string) {}

  /** Calls operation `id` of the operations table; its reply's body is typed as the success answer. */
  op<Id extends OperationId>(
    id: Id,
    ...[request]: OperationArgs<Id>
  ): Promise<Reply<OperationAnswerBody<Id>>> {
    return this.opUnchecked(id, request as UncheckedRequest | undefined);
  }

  /**
   * Calls operation `id` with whatever the request holds, unchecked by the compiler: for tests
   * that send what the operation's schemas refuse (hostile or malformed input, fields the schema
   * drops). A JSON body the operation declares defaults to `{}`.
   */
  opUnchecked<Id extends OperationId>(
    id: Id,
    request: UncheckedRequest = {},
  ): Promise<Reply<OperationAnswerBody<Id>>> {
    const operation: { method: string; body?: unknown } = API_OPERATIONS[id];
    const body = request.body ?? (operation.body ? {} : undefined);
    return this.call(
      operation.method.toUpperCase(),
      `${pathOf(id, request.params)}${queryString(request.query)}`,
      body,
      request.headers,
    );
  }

  /** A raw call: for a path that is not the table's, or a request the table does not describe. */
  async call<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<Reply<T>> {
    const isForm = body instanceof FormData;
    const response = await fetch(`${this.base}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        ...extraHeaders,
      },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : {};
    } catch {
      parsed = text;
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  get = <T = Record<string, unknown>>(path: string) => this.call<T>('GET', path);
  post = <T = Record<string, unknown>>(path: string, body: unknown = {}) => this.call<T>('POST', path, body);

  /** Signs in, asking for the session token in the answer (`?token=true`) as an app would. */
  async login(email: string, password = DEMO_PASSWORD): Promise<Reply<OperationAnswerBody<'login'>>> {
    const reply = await this.call<OperationAnswerBody<'login'>>('POST', `${pathOf('login')}?token=true`, {
      email,
      password,
    });
    if (reply.status === 200) this.token = String(reply.body.token);
    return reply;
  }
}

export interface TestPlatform {
  platform: Platform;
  base: string;
  /** The platform's DATA_DIR (uploads live in its uploads/). */
  dataDir: string;
  caller(): Caller;
  /** A caller signed in as one of the demo accounts (`<role>@example.com`). */
  signedIn(email: string): Promise<Caller>;
  /**
   * Follows the confirmation link of the newest mail to `email` (a new account's, or a changed
   * address's), as its owner would, so the account may book.
   */
  confirmAddress(email: string): Promise<void>;
  /**
   * A new user account, registered over the API, its address confirmed as its owner would, and
   * signed in: the one way tests make a person of their own.
   */
  registeredUser(person: NewPerson): Promise<Caller>;
  stop(): Promise<void>;
}

/** A person a test registers: a name, an address, a phone and, unless given, the demo password. */
export interface NewPerson {
  name: string;
  email: string;
  phone: string;
  password?: string;
}

/** The whole API on a fresh database, listening on loopback; demo data on request. */
export const startTestPlatform = async (options: {
  demoData: boolean;
  name: string;
  /** Settings on top of the defaults, as environment variables. */
  env?: Record<string, string>;
  /**
   * BullMQ queues and workers (payments, reminders): on the machine's Redis (`true`), or on
   * PostgreSQL in the test database as the single-node profile has them (`'postgres'`).
   */
  jobs?: boolean | 'postgres';
  /** A built frontend to serve, as the launcher serves frontend/dist. */
  frontendDist?: string;
}): Promise<TestPlatform> => {
  const database: TestDatabase = await createTestDatabase(options.name, { migrated: true });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'appointment-test-'));
  const config = loadConfig({
    DEMO_DATA: String(options.demoData),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    // Two test files run at once on the machine's server (max_connections 100).
    DATABASE_POOL_SIZE: '8',
    // Tests read the verification links from the local outbox.
    DEV_MAILBOX: 'true',
    // Argon2id at its lowest cost: the same checks, without ~0.45 s of CPU per sign-in
    // (production refuses it: a production start sets PASSWORD_HASH_COST=standard in its env).
    PASSWORD_HASH_COST: 'test',
    // The run's pinned clock, when the any-hour step sets one (contracts/src/clock.ts).
    ...(process.env.TEST_CLOCK
      ? { TEST_CLOCK: process.env.TEST_CLOCK, TEST_CLOCK_ANCHOR: process.env.TEST_CLOCK_ANCHOR }
      : {}),
    ...options.env,
  });
  // BullMQ on the machine's Redis, as in the scale-out profile: on PostgreSQL its pools would
  // hold ~35 more connections per test file (the job-queue contract suite covers that backend).
  const jobs =
    options.jobs === 'postgres'
      ? await JobQueues.create({
          backend: { kind: 'postgres', connectionString: database.url },
          prefix: config.JOBS_PREFIX,
          onError: () => undefined,
        })
      : options.jobs
        ? await JobQueues.create({
            backend: { kind: 'redis', url: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' },
            prefix: `test-${database.name}`,
            onError: () => undefined,
          })
        : undefined;
  const platform = await startPlatform({
    config,
    databaseUrl: database.url,
    // TEST_LOG_LEVEL shows the server's log while a test runs (silent otherwise).
    logger: createLogger((process.env.TEST_LOG_LEVEL ?? 'silent') as 'silent'),
    jobs,
    frontendDist: options.frontendDist,
  });
  const server = http.createServer(platform.handler);
  const io = createSocketServer(server, platform.sessions, createLogger('silent'));
  platform.onNotification((notification) => pushLive(io, notification));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const confirmAddress = async (email: string): Promise<void> => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const mails = await readMailbox(platform.pool, email);
      const link = mails
        .map((mail) => /https?:\/\/\S+\/api\/auth\/(verify|email-change)\?\S+/.exec(mail.text)?.[0])
        .find(Boolean);
      if (link) {
        const { pathname, search } = new URL(link);
        const reply = await fetch(`${base}${pathname}${search}`, { redirect: 'manual' });
        if (reply.status !== 303)
          throw new Error(`the confirmation link of ${email} answered ${reply.status}`);
        return;
      }
      if (Date.now() > deadline) throw new Error(`no confirmation mail reached ${email}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  return {
    platform,
    base,
    dataDir,
    caller: () => new Caller(base),
    signedIn: async (email) => {
      const caller = new Caller(base);
      const reply = await caller.login(email);
      if (reply.status !== 200) throw new Error(`could not sign in ${email}: ${JSON.stringify(reply.body)}`);
      return caller;
    },
    registeredUser: async ({ password = DEMO_PASSWORD, ...person }) => {
      const registered = await new Caller(base).op('registerUser', {
        body: { ...person, password, confirmPassword: password },
      });
      if (registered.status !== 201) {
        throw new Error(`could not register ${person.email}: ${JSON.stringify(registered.body)}`);
      }
      await confirmAddress(person.email);
      const caller = new Caller(base);
      const signedIn = await caller.login(person.email, password);
      if (signedIn.status !== 200) throw new Error(`could not sign in ${person.email}`);
      return caller;
    },
    confirmAddress,
    stop: async () => {
      await new Promise<void>((resolve, reject) => {
        io.close(() => resolve()).catch(reject);
      });
      await platform.stop();
      await jobs?.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

/**
 * The demo's Sunrise Clinic and its time slots of `service` that start after `after` (epoch ms;
 * by default an hour from the run's now), as `user` finds them on the booking screen.
 */
export const sunriseTimeSlots = async (
  user: Caller,
  service: string,
  after = testNow() + 3_600_000,
): Promise<{ sunrise: Provider; timeSlots: TimeSlot[] }> => {
  const [sunrise] = (await user.op('fetchProviders', { body: { search: 'Sunrise' } })).body.providers;
  const timeSlots = (
    await user.op('fetchSlot', { body: { providerId: sunrise!.id, serviceId: service } })
  ).body.timeslots.filter((slot) => Date.parse(slot.startDateTime) > after);
  return { sunrise: sunrise!, timeSlots };
};

/** The id of the demo's Sunrise Clinic, from the accounts read model. */
export const sunriseIdOf = async (test: TestPlatform): Promise<string> => {
  const { rows } = await test.platform.pool.query<{ id: string }>(
    `SELECT id FROM rm_accounts.providers WHERE name = 'Sunrise Clinic'`,
  );
  return rows[0]!.id;
};

/**
 * Books part 1 of the first time slot of `service` at the demo's Sunrise Clinic that starts more
 * than a day from now, as `user`: a booking no reminder or timeout is due for yet.
 */
export const bookAtSunrise = async (
  user: Caller,
  service: string,
): Promise<{ appointment: Appointment; timeSlot: TimeSlot }> => {
  const { sunrise, timeSlots } = await sunriseTimeSlots(user, service, testNow() + 86_400_000);
  const timeSlot = timeSlots[0]!;
  const booked = await user.op('book', {
    body: {
      servicename: service,
      providerId: sunrise.id,
      timeslotId: timeSlot._id,
      date: timeSlot.date,
      index: '1',
    },
  });
  return { appointment: booked.body.appointment, timeSlot };
};
