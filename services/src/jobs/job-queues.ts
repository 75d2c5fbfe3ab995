import { Queue, Worker, createPostgresBackend, type Job, type JobsOptions } from 'bullmq';
import pg from 'pg';
import { redactSchema, type Redactor } from '../privacy/redact';
import { redactRedisJobs } from './redis-job-data';

/** The queues the product uses (docs/architecture.md §1): reactors enqueue, the worker process drains. */
export const QUEUE_NAMES = {
  paymentConfirmation: 'payment-confirmation',
  paymentTimeout: 'payment-timeout',
  reminders: 'reminders',
  webhookDelivery: 'webhook-delivery',
  whatsapp: 'whatsapp',
  chatApp: 'chat-app',
  refunds: 'refunds',
} as const;
export type ProductQueueName = (typeof QUEUE_NAMES)[keyof typeof QUEUE_NAMES];

/** docs/architecture.md §4: BullMQ on PostgreSQL in the single-node profile, on Redis when scaled out. */
export type JobBackend = { kind: 'postgres'; connectionString: string } | { kind: 'redis'; url: string };

export interface JobQueuesOptions {
  backend: JobBackend;
  /**
   * Namespace for every queue: the key prefix on Redis, the schema on PostgreSQL (there it
   * must be a plain SQL identifier). Defaults to BullMQ's own (`bull` / `bullmq`).
   */
  prefix?: string;
  /**
   * Connection errors and failed job attempts. Defaults to one line on stderr; a job that
   * throws is retried by BullMQ either way.
   */
  onError?: (error: Error, context: JobErrorContext) => void;
  /** How long `create` waits for the backend before failing. Default 10 s. */
  connectTimeoutMs?: number;
  /**
   * How long a worker's hold on a job lasts without renewal; a job whose worker died is taken
   * up again after about this long. Default BullMQ's 30 s.
   */
  lockMs?: number;
}

export interface JobErrorContext {
  queue: string;
  /** Present when a job attempt failed; absent for a connection or worker error. */
  jobId?: string;
  attempt?: number;
}

export interface EnqueueOptions {
  /**
   * Required: callers derive it from the id of the event that caused the job, so a replay
   * of that event enqueues nothing twice. BullMQ refuses ids that are integers or hold `:`.
   */
  jobId: string;
  delayMs?: number;
  /** Total tries, the first included. Default 1. */
  attempts?: number;
  /** Exponential backoff between tries: backoffMs, 2 × backoffMs, 4 × backoffMs … */
  backoffMs?: number;
}

export interface JobContext<D> {
  id: string;
  name: string;
  data: D;
  /** 1 on the first try. */
  attempt: number;
  attempts: number;
}

/** Must be idempotent: a job whose worker died mid-way runs again. */
export type JobHandler<D> = (job: JobContext<D>) => Promise<void>;

export interface JobWorker {
  /** Stops taking jobs, waits for the running ones, releases the connections. */
  close(): Promise<void>;
}

export interface JobCounts {
  waiting: number;
  active: number;
  delayed: number;
  completed: number;
  failed: number;
}

export interface JobQueues {
  enqueue<D>(queue: string, jobName: string, data: D, options: EnqueueOptions): Promise<void>;
  /** Many jobs in one round trip (BullMQ's addBulk); each is deduplicated by its id as `enqueue` is. */
  enqueueMany<D>(
    queue: string,
    jobs: readonly { name: string; data: D; options: EnqueueOptions }[],
  ): Promise<void>;
  work<D>(queue: string, handler: JobHandler<D>, options: { concurrency: number }): Promise<JobWorker>;
  counts(queue: string): Promise<JobCounts>;
  /**
   * Rewrites what the kept jobs hold of a forgotten person (their data, results and failure
   * reasons, finished jobs too: they are kept for days). Returns how many values changed.
   */
  redact(redactor: Redactor): Promise<number>;
  /** Closes every worker (after its running jobs) and every queue. Idempotent. */
  close(): Promise<void>;
}

/**
 * A finished job is kept this long: while it exists, a replayed event with the same job id
 * enqueues nothing. A replay comes from a checkpointed subscription, so it is recent.
 */
const KEEP_COMPLETED_SECONDS = 7 * 24 * 3600;
/** Failed jobs stay longer, for an operator to inspect and retry. */
const KEEP_FAILED_SECONDS = 30 * 24 * 3600;

// Each Queue and Worker owns its own pool on PostgreSQL, plus one LISTEN connection per
// worker; small pools keep the four product queues well inside max_connections.
const QUEUE_POOL_MAX = 2;
const workerPoolMax = (concurrency: number) => Math.min(concurrency, 8) + 1;

/**
 * How often a job may be abandoned by a worker that died (killed, crashed, lost its lock) and be
 * taken up again before it is failed. BullMQ's default, 1, failed a job for good the second time
 * its worker was killed mid-job, and so lost it (the kill soak). Handlers are idempotent, so a
 * rerun is safe; the bound only stops a job that itself kills every worker taking it.
 */
export const MAX_STALLS = 20;

const logToStderr = (error: Error, context: JobErrorContext) => {
  const where = context.jobId ? `job ${context.jobId} attempt ${context.attempt}` : 'connection';
  console.error(`[jobs] ${context.queue} ${where}: ${error.message}`);
};

const withTimeout = async <T>(promise: Promise<T>, ms: number, message: string): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(message)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
};

/** Names the server without its password; keyword-style connection strings name the kind only. */
const describeBackend = (backend: JobBackend): string => {
  const address = backend.kind === 'postgres' ? backend.connectionString : backend.url;
  if (!URL.canParse(address)) return backend.kind;
  const url = new URL(address);
  return `${backend.kind} at ${url.host}${url.pathname.length > 1 ? url.pathname : ''}`;
};

const create = async (options: JobQueuesOptions): Promise<JobQueues> => {
  const { backend, prefix } = options;
  const onError = options.onError ?? logToStderr;
  const queues = new Map<string, Queue>();
  const workers = new Set<Worker>();
  let closing: Promise<void> | undefined;
  let queuesClosed = false;

  // Both constructors take the backend factory as their third argument; on Redis the
  // default factory is used. The casts only bridge BullMQ's per-backend generic types.
  const newQueue = (name: string, poolMax: number, skipMetasUpdate = false): Queue => {
    if (backend.kind === 'redis') {
      return new Queue(name, { connection: { url: backend.url }, prefix, skipMetasUpdate });
    }
    const connection = {
      connectionString: backend.connectionString,
      schema: prefix,
      migrate: true,
      max: poolMax,
    };
    return new Queue(name, { connection, skipMetasUpdate }, createPostgresBackend) as unknown as Queue;
  };
  const newWorker = (name: string, processor: (job: Job) => Promise<void>, concurrency: number): Worker => {
    const lock = {
      maxStalledCount: MAX_STALLS,
      ...(options.lockMs ? { lockDuration: options.lockMs, stalledInterval: options.lockMs } : {}),
    };
    if (backend.kind === 'redis') {
      return new Worker(name, processor, { connection: { url: backend.url }, prefix, concurrency, ...lock });
    }
    const connection = {
      connectionString: backend.connectionString,
      schema: prefix,
      migrate: true,
      max: workerPoolMax(concurrency),
    };
    return new Worker(
      name,
      processor,
      { connection, concurrency, ...lock },
      createPostgresBackend,
    ) as unknown as Worker;
  };

  const queue = (name: string): Queue => {
    if (queuesClosed) throw new Error('JobQueues is closed');
    let found = queues.get(name);
    if (!found) {
      found = newQueue(name, QUEUE_POOL_MAX);
      found.on('error', (error) => {
        if (!queuesClosed) onError(error, { queue: name });
      });
      queues.set(name, found);
    }
    return found;
  };

  // Fail at start, naming the backend, rather than on the first enqueue; on PostgreSQL this
  // also creates the schema. ioredis retries forever, hence the bound.
  const probe = newQueue('job-queues-probe', 1, true);
  probe.on('error', () => undefined);
  try {
    const timeoutMs = options.connectTimeoutMs ?? 10_000;
    await withTimeout(probe.waitUntilReady(), timeoutMs, `no answer within ${timeoutMs} ms`);
  } catch (error) {
    throw new Error(`Job backend ${describeBackend(backend)} is not reachable: ${(error as Error).message}`, {
      cause: error,
    });
  } finally {
    await probe.close().catch(() => undefined);
  }

  const jobOptionsOf = ({ jobId, delayMs, attempts, backoffMs }: EnqueueOptions): JobsOptions => ({
    jobId,
    delay: delayMs,
    attempts: attempts ?? 1,
    backoff: backoffMs === undefined ? undefined : { type: 'exponential', delay: backoffMs },
    removeOnComplete: { age: KEEP_COMPLETED_SECONDS },
    removeOnFail: { age: KEEP_FAILED_SECONDS },
  });

  return {
    enqueue: async (name, jobName, data, options) => {
      await queue(name).add(jobName, data, jobOptionsOf(options));
    },

    enqueueMany: async (name, jobs) => {
      if (jobs.length === 0) return;
      await queue(name).addBulk(
        jobs.map((job) => ({ name: job.name, data: job.data, opts: jobOptionsOf(job.options) })),
      );
    },

    work: async <D>(name: string, handler: JobHandler<D>, { concurrency }: { concurrency: number }) => {
      if (closing) throw new Error('JobQueues is closed');
      const worker = newWorker(
        name,
        (job) =>
          handler({
            id: job.id!,
            name: job.name,
            data: job.data as D,
            attempt: job.attemptsMade + 1,
            attempts: Math.max(job.opts.attempts ?? 1, 1),
          }),
        concurrency,
      );
      // Once it is closing, its connections' errors are the database going away after it (the
      // single-node launcher stops its PostgreSQL last): no job failed.
      let stopping = false;
      worker.on('error', (error) => {
        if (!stopping && !closing) onError(error, { queue: name });
      });
      worker.on('failed', (job, error) => {
        if (job) onError(error, { queue: name, jobId: job.id, attempt: job.attemptsMade });
      });
      workers.add(worker);
      try {
        await worker.waitUntilReady();
      } catch (error) {
        workers.delete(worker);
        await worker.close(true).catch(() => undefined);
        throw error;
      }
      return {
        close: async () => {
          stopping = true;
          await worker.close();
          workers.delete(worker);
        },
      };
    },

    counts: async (name) => {
      const counts = await queue(name).getJobCounts('waiting', 'active', 'delayed', 'completed', 'failed');
      return {
        waiting: counts.waiting ?? 0,
        active: counts.active ?? 0,
        delayed: counts.delayed ?? 0,
        completed: counts.completed ?? 0,
        failed: counts.failed ?? 0,
      };
    },

    redact: async (redactor) => {
      if (backend.kind === 'redis') return redactRedisJobs(backend.url, prefix, redactor);
      const client = new pg.Client({ connectionString: backend.connectionString });
      client.on('error', () => undefined);
      await client.connect();
      try {
        return await redactSchema(client, prefix ?? 'bullmq', redactor);
      } finally {
        await client.end();
      }
    },

    close: () => {
      closing ??= (async () => {
        // Workers first: a job finishing during shutdown may still enqueue a follow-up.
        await Promise.all([...workers].map((worker) => worker.close()));
        queuesClosed = true;
        await Promise.all([...queues.values()].map((each) => each.close()));
      })();
      return closing;
    },
  };
};

export const JobQueues = { create };
