import { z } from 'zod';

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

const integer = (variable: string, min: number, max: number, fallback: number) =>
  z.coerce
    .number({ message: `${variable} must be a whole number from ${min} to ${max}` })
    .int({ message: `${variable} must be a whole number from ${min} to ${max}` })
    .min(min, { message: `${variable} must be a whole number from ${min} to ${max}` })
    .max(max, { message: `${variable} must be a whole number from ${min} to ${max}` })
    .default(fallback);

/** Every setting the processes read, validated once at start (DESIGN §4). */
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
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      message: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  PROJECTOR_BATCH_SIZE: integer('PROJECTOR_BATCH_SIZE', 1, 10_000, 2000),
  /** Connections in each of the two pools (event store, read models); requests queue beyond it. */
  DATABASE_POOL_SIZE: integer('DATABASE_POOL_SIZE', 2, 500, 20),
  FRONTEND_DIST: z.string().optional(),
  /** The address links in e-mails point at; defaults to http://localhost:PORT. */
  PUBLIC_URL: optionalUrl('PUBLIC_URL', ['http', 'https'], 'https://appointment.example.com'),
  SMTP_URL: optionalUrl('SMTP_URL', ['smtp', 'smtps'], 'smtp://user:pass@mail.example.com:587'),
  MAIL_FROM: z.string().min(3).default('Appointment <no-reply@appointment.local>'),
  /** Registrations allowed per client address every 15 minutes. */
  REGISTRATION_LIMIT: integer('REGISTRATION_LIMIT', 1, 100_000, 30),
  /** The card-payment provider of SPEC §7.7; without both keys the offline sandbox gateway is used. */
  RAZORPAY_KEY_ID: z.string().min(1).optional(),
  RAZORPAY_KEY_SECRET: z.string().min(1).optional(),
  RAZORPAY_API_URL: optionalUrl('RAZORPAY_API_URL', ['http', 'https'], 'https://api.razorpay.com'),
  /** How long a booking may stay unpaid before it is cancelled and its interval freed. */
  PAYMENT_TIMEOUT_MS: integer('PAYMENT_TIMEOUT_MS', 1000, 24 * 3600 * 1000, 15 * 60 * 1000),
  DEMO_DATA: z
    .enum(['true', 'false'], { message: 'DEMO_DATA must be true or false' })
    .default('true')
    .transform((value) => value === 'true'),
});
export type Config = z.infer<typeof ConfigSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the environment; a wrong setting fails with a message naming the variable. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const result = ConfigSchema.safeParse(env);
  if (result.success) return result.data;
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
