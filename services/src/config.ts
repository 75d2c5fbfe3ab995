import os from 'node:os';
import { z } from 'zod';
import { clockFrom, parsePinnedInstant, type Clock } from '@appointment/contracts/clock';
import { DEFAULT_CHAT_MODELS } from '@appointment/contracts/integration-settings';

const optionalUrl = (variable: string, protocols: string[], example: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .refine(
      (value) => {
        if (value === undefined) return true;
        try {
          return protocols.includes(new URL(value).protocol.replace(/:$/, ''));
        } catch {
          return false;
        }
      },
      { message: `${variable} must be a URL like ${example}` },
    );

/** A 32-byte key written in hex (64 digits) or base64; undefined for anything else. */
export const backupKeyOf = (text: string): Buffer | undefined => {
  const key = /^[0-9a-fA-F]{64}$/.test(text)
    ? Buffer.from(text, 'hex')
    : /^[A-Za-z0-9+/]{43}=?$/.test(text)
      ? Buffer.from(text, 'base64')
      : undefined;
  return key?.length === 32 ? key : undefined;
};

const integer = (variable: string, min: number, max: number, fallback: number) =>
  z.coerce
    .number({ message: `${variable} must be a whole number from ${min} to ${max}` })
    .int({ message: `${variable} must be a whole number from ${min} to ${max}` })
    .min(min, { message: `${variable} must be a whole number from ${min} to ${max}` })
    .max(max, { message: `${variable} must be a whole number from ${min} to ${max}` })
    .default(fallback);

const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 } as const;
/** `5s`, `30m`, `2h`, `250ms` in milliseconds. */
export const durationMs = (text: string): number => {
  const [, amount, unit] = /^(\d+)(ms|s|m|h)$/.exec(text) ?? [];
  return Number(amount) * UNIT_MS[unit as keyof typeof UNIT_MS];
};

/** Every setting the processes read, validated once at start (docs/architecture.md §4). */
export const ConfigSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], {
      message: 'NODE_ENV must be development, production or test',
    })
    .default('development'),
  /** 0 lets the system pick a free port; the start-up line names the one it picked. */
  PORT: integer('PORT', 0, 65535, 3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: optionalUrl('DATABASE_URL', ['postgres', 'postgresql'], 'postgres://user@host:5432/db'),
  DATA_DIR: z.string().min(1).default('.data'),
  REDIS_URL: optionalUrl('REDIS_URL', ['redis', 'rediss'], 'redis://127.0.0.1:6379'),
  /**
   * The job queues' namespace: their key prefix on Redis, their schema on PostgreSQL (so a plain
   * SQL identifier). It also names the live channel on Redis (scale-out). Processes that share
   * jobs and sockets share it.
   */
  JOBS_PREFIX: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_]{0,39}$/, { message: 'JOBS_PREFIX must be lower-case letters, digits or _' })
    .default('jobs'),
  EVENTSTORE_URL: optionalUrl(
    'EVENTSTORE_URL',
    ['esdb', 'esdb+discover', 'kurrentdb'],
    'esdb://localhost:2113?tls=false',
  ),
  KAFKA_BROKERS: z
    .string()
    .optional()
    .transform((value) =>
      value
        ? value
            .split(',')
            .map((broker) => broker.trim())
            .filter(Boolean)
        : undefined,
    )
    .refine((brokers) => brokers === undefined || brokers.every((broker) => /^[\w.-]+:\d+$/.test(broker)), {
      message: 'KAFKA_BROKERS must be a comma-separated list of host:port',
    }),
  /** The topic the Kafka relay publishes the public events to (with KAFKA_BROKERS). */
  KAFKA_TOPIC: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._-]{1,249}$/, { message: 'KAFKA_TOPIC must be letters, digits, ., _ or -' })
    .default('appointment.integration-events'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      message: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  PROJECTOR_BATCH_SIZE: integer('PROJECTOR_BATCH_SIZE', 1, 10_000, 2000),
  /** After a small batch, how long the projector gathers events before reading more (runner.ts). */
  PROJECTOR_GATHER_MS: integer('PROJECTOR_GATHER_MS', 0, 1_000, 20),
  /** Connections in each of the two pools (event store, read models); requests queue beyond it. */
  DATABASE_POOL_SIZE: integer('DATABASE_POOL_SIZE', 2, 500, 20),
  FRONTEND_DIST: z.string().optional(),
  /** The address links in e-mails point at; defaults to http://localhost:PORT. */
  PUBLIC_URL: optionalUrl('PUBLIC_URL', ['http', 'https'], 'https://appointment.example.com'),
  SMTP_URL: optionalUrl('SMTP_URL', ['smtp', 'smtps'], 'smtp://user:pass@mail.example.com:587'),
  MAIL_FROM: z.string().min(3).default('Appointment <no-reply@appointment.local>'),
  /** Registrations allowed per client address every 15 minutes. */
  REGISTRATION_LIMIT: integer('REGISTRATION_LIMIT', 1, 100_000, 30),
  /** Upcoming active (pending or scheduled) appointments one account may hold; 0: no limit. */
  BOOKING_LIMIT: integer('BOOKING_LIMIT', 0, 1_000_000, 20),
  /** Failed sign-ins of one account, from any address, every 15 minutes. */
  ACCOUNT_LOGIN_LIMIT: integer('ACCOUNT_LOGIN_LIMIT', 1, 100_000, 20),
  /** Failed sign-ins from one client address, over any accounts, every 15 minutes. */
  LOGIN_ADDRESS_LIMIT: integer('LOGIN_ADDRESS_LIMIT', 1, 100_000, 30),
  /** Password hashes and checks at once (Argon2id keeps a core busy); one per CPU by default. */
  PASSWORD_CONCURRENCY: integer('PASSWORD_CONCURRENCY', 1, 1024, os.availableParallelism()),
  /** Pictures one person may upload a day (profile, booking and provider pictures together). */
  UPLOAD_LIMIT: integer('UPLOAD_LIMIT', 1, 100_000, 50),
  /** The card-payment provider of docs/product.md §7.7; without both keys the offline sandbox gateway is used. */
  RAZORPAY_KEY_ID: z.string().min(1).optional(),
  RAZORPAY_KEY_SECRET: z.string().min(1).optional(),
  RAZORPAY_API_URL: optionalUrl('RAZORPAY_API_URL', ['http', 'https'], 'https://api.razorpay.com'),
  /**
   * An OpenAI-compatible chat-completions endpoint (a local Ollama or vLLM:
   * http://127.0.0.1:11434/v1/chat/completions) the chat assistant asks when no response
   * template matches; without it the assistant hands over to an agent.
   */
  CHATBOT_API_URL: optionalUrl(
    'CHATBOT_API_URL',
    ['http', 'https'],
    'http://127.0.0.1:11434/v1/chat/completions',
  ),
  /** Bearer token for CHATBOT_API_URL, if it needs one. */
  CHATBOT_API_KEY: z.string().min(1).optional(),
  /**
   * The master key that wraps the person keys (pii.person_keys) in an export made with
   * `ops export --with-keys`, and unwraps them on `ops import`: 32 bytes, in base64 or hex.
   */
  BACKUP_KEY: z
    .string()
    .trim()
    .refine((value) => backupKeyOf(value) !== undefined, {
      message: 'BACKUP_KEY must be 32 bytes in base64 or hex (openssl rand -base64 32)',
    })
    .optional(),
  /**
   * The business messaging API's base, with its version; messages go to
   * {base}/{phone number id}/messages.
   */
  WHATSAPP_API_URL: z
    .url({
      protocol: /^https?$/,
      error: 'WHATSAPP_API_URL must be an http or https URL, like https://graph.facebook.com/v18.0',
    })
    .default('https://graph.facebook.com/v18.0'),
  /**
   * The chat models a provider may choose for its assistant, comma-separated; any other is
   * refused with a 400.
   */
  CHAT_MODELS: z
    .string()
    .default(DEFAULT_CHAT_MODELS.join(','))
    .transform((value) => [...new Set(value.split(',').map((model) => model.trim()))].filter(Boolean))
    .refine((models) => models.length > 0 && models.every((model) => model.length <= 100), {
      message: 'CHAT_MODELS must be a comma-separated list of model names, like gpt-4o-mini,llama3.2',
    }),
  /** Chat messages one person may send a minute. */
  CHAT_LIMIT: integer('CHAT_LIMIT', 1, 10_000, 20),
  /**
   * How long a job worker's hold on a running job lasts without renewal: a job whose worker was
   * killed runs again after about this long (BullMQ's lock and stalled-check interval).
   */
  JOBS_LOCK_MS: integer('JOBS_LOCK_MS', 1000, 600_000, 30_000),
  /** How long a booking may stay unpaid before it is cancelled and its interval freed. */
  PAYMENT_TIMEOUT_MS: integer('PAYMENT_TIMEOUT_MS', 1000, 24 * 3600 * 1000, 15 * 60 * 1000),
  /**
   * Test-only: pins the product's clock (contracts/src/clock.ts), so that a run can pretend to
   * be at any hour. Refused in production.
   */
  TEST_CLOCK: z
    .string()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .refine((value) => value === undefined || typeof parsePinnedInstant(value) === 'number', {
      message: 'TEST_CLOCK must be an ISO 8601 instant with its offset, like 2026-11-24T00:30:00Z',
    }),
  TEST_CLOCK_ANCHOR: z
    .string()
    .regex(/^\d+$/, { message: 'TEST_CLOCK_ANCHOR must be epoch milliseconds' })
    .optional(),
  /**
   * Test-only: a request may carry X-Test-Clock-Shift (milliseconds) to be answered as if that much
   * later (http/clock-shift.ts), so that a browser test sees its own appointment ended. Refused in
   * production.
   */
  TEST_CLOCK_SHIFTS: z
    .enum(['true', 'false'], { message: 'TEST_CLOCK_SHIFTS must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
  /**
   * Test-only: `test` hashes new passwords with Argon2id at the lowest cost (1 MiB, one pass)
   * instead of the production cost (64 MiB, t=3, p=4: ~0.45 s of CPU each on a 2-core machine,
   * paid at every registration and sign-in of every suite). The algorithm, the stored format and
   * every check are the same; only the work differs. Refused in production.
   */
  PASSWORD_HASH_COST: z
    .enum(['standard', 'test'], { message: 'PASSWORD_HASH_COST must be standard or test' })
    .default('standard'),
  /** The demo accounts and providers on an empty store; on by default outside production only. */
  DEMO_DATA: z
    .enum(['true', 'false'], { message: 'DEMO_DATA must be true or false' })
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true')),
  /**
   * Every JSON answer of the API is checked against the schema its operation declares
   * (contracts/src/api.ts); a mismatch answers 500 naming the operation, so the test that made the
   * request fails. On by default outside production; refused in production (it costs a parse of
   * every answer).
   */
  CHECK_ANSWERS: z
    .enum(['true', 'false'], { message: 'CHECK_ANSWERS must be true or false' })
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true')),
  /**
   * The booking's answers carry a `Server-Timing` header: where the request's time went, step by
   * step (services/src/server-timing.ts). For the benches' per-step figures; off by default.
   */
  SERVER_TIMING: z
    .enum(['true', 'false'], { message: 'SERVER_TIMING must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
  /** The local outbox at /api/dev/mailbox: only when asked for, and never in production. */
  DEV_MAILBOX: z
    .enum(['true', 'false'], { message: 'DEV_MAILBOX must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
  /**
   * Which proxies in front of the API are trusted for the client's address and protocol
   * (Express's `trust proxy`): false, a number of hops, or a comma-separated list of addresses,
   * subnets or loopback / linklocal / uniquelocal.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .default('loopback')
    .transform((value): boolean | number | string[] =>
      value === 'false'
        ? false
        : value === 'true'
          ? true
          : /^\d+$/.test(value)
            ? Number(value)
            : value.split(',').map((part) => part.trim()),
    ),
  /**
   * Lets webhooks and other outbound calls reach loopback, private and link-local addresses
   * (the integration client's guard, docs/architecture.md §8). Tests and local development only.
   */
  WEBHOOK_ALLOW_PRIVATE_URLS: z
    .enum(['true', 'false'], { message: 'WEBHOOK_ALLOW_PRIVATE_URLS must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
  /**
   * The waits before each retry of a failed webhook delivery, like 5s,5m,30m,2h (units s, m, h);
   * after the last retry the delivery is failed.
   */
  WEBHOOK_RETRY_SCHEDULE: z
    .string()
    .trim()
    .default('5s,5m,30m,2h,5h,10h,10h')
    .refine((value) => value.split(',').every((part) => /^\d+(ms|s|m|h)$/.test(part.trim())), {
      message: 'WEBHOOK_RETRY_SCHEDULE must be a comma-separated list of waits like 5s,5m,2h',
    })
    .transform((value) => value.split(',').map((part) => durationMs(part.trim()))),
  /** Webhook deliveries one worker process sends at once. */
  WEBHOOK_CONCURRENCY: integer('WEBHOOK_CONCURRENCY', 1, 1000, 64),
  /** Lets /api/health show its details to callers on this machine (superadmin always sees them). */
  HEALTH_DETAILS_LOCAL: z
    .enum(['true', 'false'], { message: 'HEALTH_DETAILS_LOCAL must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
});
export type Config = Omit<z.infer<typeof ConfigSchema>, 'DEMO_DATA' | 'CHECK_ANSWERS'> & {
  DEMO_DATA: boolean;
  CHECK_ANSWERS: boolean;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the environment; a wrong setting fails with a message naming the variable. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const result = ConfigSchema.safeParse(env);
  if (result.success) {
    const config = result.data;
    const production = config.NODE_ENV === 'production';
    // What is safe on a developer's machine is refused in production, with a reason.
    const refused = [
      production &&
        config.DEMO_DATA === true &&
        'DEMO_DATA: demo accounts share one known password; they are never created in production',
      production &&
        config.CHECK_ANSWERS === true &&
        'CHECK_ANSWERS: checking every answer against its schema is for tests and development; never in production',
      production &&
        config.DEV_MAILBOX &&
        "DEV_MAILBOX: the local outbox shows everyone's mail; never in production",
      production &&
        config.TEST_CLOCK &&
        'TEST_CLOCK: a pinned clock is for tests only; unset it in production',
      production &&
        config.TEST_CLOCK_SHIFTS &&
        'TEST_CLOCK_SHIFTS: moving the clock per request is for tests only; never in production',
      production &&
        config.PASSWORD_HASH_COST === 'test' &&
        'PASSWORD_HASH_COST: the test cost makes stolen password hashes cheap to crack; never in production',
      production &&
        config.WEBHOOK_ALLOW_PRIVATE_URLS &&
        'WEBHOOK_ALLOW_PRIVATE_URLS: webhooks could reach this network’s own servers; never in production',
    ].filter((problem): problem is string => Boolean(problem));
    if (refused.length > 0) throw new ConfigError(refused);
    return {
      ...config,
      DEMO_DATA: config.DEMO_DATA ?? !production,
      CHECK_ANSWERS: config.CHECK_ANSWERS ?? !production,
    };
  }
  throw new ConfigError(
    result.error.issues.map((issue) => {
      const variable = String(issue.path[0] ?? 'environment');
      return issue.message.startsWith(variable) ? issue.message : `${variable}: ${issue.message}`;
    }),
  );
};

/**
 * Where links in e-mails point: PUBLIC_URL, else this machine at PORT. With PORT=0 (a port the
 * system picks, as tests start processes) the default names no reachable port; set PUBLIC_URL.
 */
export const publicUrlOf = (config: Pick<Config, 'PUBLIC_URL' | 'PORT'>): string =>
  config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;

/** The product's clock: the machine's, or the pinned one of a test run (TEST_CLOCK). */
export const clockOf = (config: Pick<Config, 'TEST_CLOCK' | 'TEST_CLOCK_ANCHOR'>): Clock => clockFrom(config);
