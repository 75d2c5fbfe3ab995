import { randomUUID } from 'node:crypto';
import {
  JobQueues,
  type JobBackend,
  type JobContext,
  type JobErrorContext,
  type JobQueues as JobQueuesPort,
} from './job-queues';
import { redactorOf } from '../privacy/redact';

export interface JobQueuesSubject {
  backend: JobBackend;
  /** Random per run, so test files running in parallel never share a queue. */
  prefix: string;
  /** The same kind of backend at an address where nothing listens. */
  unreachable: JobBackend;
  /** Everything the backend keeps under the prefix (rows, hashes), as one text. */
  stored(): Promise<string>;
  /** Removes everything the suite stored. */
  teardown(): Promise<void>;
}

/** Generous: the bound only turns a hang into a readable failure, it never measures speed. */
const WAIT_MS = 20_000;

const waitFor = async (
  what: string,
  check: () => boolean | Promise<boolean>,
  ms = WAIT_MS,
): Promise<void> => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

const gate = () => {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves true when `promise` settles within `ms`, false otherwise; leaves no timer behind. */
const settlesWithin = async (promise: Promise<unknown>, ms: number): Promise<boolean> => {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([promise.then(() => true), timedOut]);
  } finally {
    clearTimeout(timer);
  }
};

/** The test runner's own pipes, child processes and file reads come and go. */
const RUNNER_HANDLES = new Set(['PipeWrap', 'ProcessWrap', 'TTYWrap', 'FSReqCallback', 'FSReqPromise']);

const isSocket = (kind: string) => kind.startsWith('TCP') || kind.includes('Connect');

/** Open sockets and timers by kind. */
const openHandles = (): Record<string, number> => {
  const counts: Record<string, number> = {};
  for (const kind of process.getActiveResourcesInfo().sort()) {
    if (!RUNNER_HANDLES.has(kind)) counts[kind] = (counts[kind] ?? 0) + 1;
  }
  return counts;
};

const queueName = (label: string) => `${label}-${randomUUID().slice(0, 8)}`;
const jobId = () => `evt-${randomUUID()}`;

interface Attempt<D = unknown> extends JobContext<D> {
  startedAt: number;
}

export const describeJobQueuesContract = (
  adapter: string,
  connect: () => Promise<JobQueuesSubject>,
): void => {
  describe(`job queues contract: ${adapter}`, () => {
    let subject: JobQueuesSubject;
    let jobs: JobQueuesPort;
    let handlesBefore: Record<string, number>;
    const errors: { error: Error; context: JobErrorContext }[] = [];

    beforeAll(async () => {
      subject = await connect();
      jobs = await JobQueues.create({
        backend: subject.backend,
        prefix: subject.prefix,
        onError: (error, context) => errors.push({ error, context }),
      });
      // Queues open lazily: once the probe's and the setup's sockets finish closing, only
      // the runner's own timers are left.
      await waitFor('the setup connections to close', () => !Object.keys(openHandles()).some(isSocket));
      handlesBefore = openHandles();
    });
    afterAll(async () => {
      await jobs?.close();
      await subject?.teardown();
    });

    const recordingWorker = async <D>(
      queue: string,
      concurrency: number,
      behaviour: (job: JobContext<D>) => Promise<void> = async () => undefined,
    ) => {
      const attempts: Attempt<D>[] = [];
      const worker = await jobs.work<D>(
        queue,
        async (job) => {
          attempts.push({ ...job, startedAt: Date.now() });
          await behaviour(job);
        },
        { concurrency },
      );
      return { attempts, worker };
    };

    it('processes a job once, with its name and data', async () => {
      const queue = queueName('once');
      const { attempts, worker } = await recordingWorker(queue, 1);
      const id = jobId();
      const data = {
        appointmentId: randomUUID(),
        amount: 12.5,
        tags: ['a', 'ü'],
        note: null,
        nested: { ok: true },
      };

      await jobs.enqueue(queue, 'confirm-payment', data, { jobId: id });

      await waitFor('the job to complete', async () => (await jobs.counts(queue)).completed === 1);
      expect(attempts.map(({ startedAt: _, ...job }) => job)).toEqual([
        { id, name: 'confirm-payment', data, attempt: 1, attempts: 1 },
      ]);
      expect(await jobs.counts(queue)).toEqual({
        waiting: 0,
        active: 0,
        delayed: 0,
        completed: 1,
        failed: 0,
      });
      await worker.close();
    });

    it('enqueues a job id once, also when the event is replayed after the job ran', async () => {
      const queue = queueName('dedup');
      const id = jobId();
      await Promise.all(
        [1, 2, 3, 4, 5].map((copy) => jobs.enqueue(queue, 'reminder', { copy }, { jobId: id })),
      );
      expect(await jobs.counts(queue)).toMatchObject({ waiting: 1 });

      const { attempts, worker } = await recordingWorker<{ copy: number }>(queue, 1);
      await waitFor('the job to complete', () => attempts.length === 1);
      await jobs.enqueue(queue, 'reminder', { copy: 6 }, { jobId: id });
      expect(await jobs.counts(queue)).toMatchObject({ waiting: 0, delayed: 0 });

      // Jobs of one queue start in order, so once a later job ran the replay had its chance.
      const sentinel = jobId();
      await jobs.enqueue(queue, 'sentinel', {}, { jobId: sentinel });
      await waitFor('the sentinel to run', () => attempts.some((job) => job.id === sentinel));
      expect(attempts.filter((job) => job.id === id)).toHaveLength(1);
      await waitFor('both jobs to complete', async () => (await jobs.counts(queue)).completed === 2);
      await worker.close();
    });

    it('does not run a delayed job before its delay, and runs it after', async () => {
      const queue = queueName('delay');
      const delayMs = 1500;
      const { attempts, worker } = await recordingWorker(queue, 1);
      const before = Date.now();

      await jobs.enqueue(queue, 'payment-timeout', {}, { jobId: 'delayed-job', delayMs });
      await jobs.enqueue(queue, 'confirm-payment', {}, { jobId: 'immediate-job' });

      await waitFor('both jobs to run', () => attempts.length === 2);
      expect(attempts.map((job) => job.id)).toEqual(['immediate-job', 'delayed-job']);
      expect(attempts[1]!.startedAt - before).toBeGreaterThanOrEqual(delayMs);
      await waitFor('both jobs to complete', async () => (await jobs.counts(queue)).completed === 2);
      await worker.close();
    });

    it('retries a failing job with growing backoff up to its attempts, then counts it failed', async () => {
      const queue = queueName('retry');
      const backoffMs = 200;
      const { attempts, worker } = await recordingWorker(queue, 1, async () => {
        throw new Error('webhook endpoint answered 503');
      });
      const id = jobId();

      await jobs.enqueue(queue, 'deliver-webhook', {}, { jobId: id, attempts: 3, backoffMs });

      await waitFor('the job to fail', async () => (await jobs.counts(queue)).failed === 1);
      // The worker reports a failure just after storing it.
      await waitFor('the last failure to be reported', () =>
        errors.some((e) => e.context.jobId === id && e.context.attempt === 3),
      );
      expect(attempts.map((job) => [job.attempt, job.attempts])).toEqual([
        [1, 3],
        [2, 3],
        [3, 3],
      ]);
      const [first, second, third] = attempts.map((job) => job.startedAt);
      expect(second! - first!).toBeGreaterThanOrEqual(backoffMs);
      expect(third! - second!).toBeGreaterThanOrEqual(2 * backoffMs);
      expect(await jobs.counts(queue)).toEqual({
        waiting: 0,
        active: 0,
        delayed: 0,
        completed: 0,
        failed: 1,
      });
      expect(
        errors.filter((e) => e.context.jobId === id).map((e) => [e.context.attempt, e.error.message]),
      ).toEqual([
        [1, 'webhook endpoint answered 503'],
        [2, 'webhook endpoint answered 503'],
        [3, 'webhook endpoint answered 503'],
      ]);
      await worker.close();
    });

    it('completes a job that succeeds on a retry', async () => {
      const queue = queueName('recover');
      const { attempts, worker } = await recordingWorker(queue, 1, async (job) => {
        if (job.attempt === 1) throw new Error('payment provider timed out');
      });

      await jobs.enqueue(queue, 'confirm-payment', {}, { jobId: jobId(), attempts: 5, backoffMs: 50 });

      await waitFor('the job to complete', async () => (await jobs.counts(queue)).completed === 1);
      expect(attempts.map((job) => job.attempt)).toEqual([1, 2]);
      expect(await jobs.counts(queue)).toMatchObject({ failed: 0, delayed: 0 });
      await worker.close();
    });

    it('runs as many jobs at once as its concurrency', async () => {
      const queue = queueName('parallel');
      const jobCount = 5;
      const allStarted = gate();
      let running = 0;
      let mostAtOnce = 0;
      const { worker } = await recordingWorker(queue, jobCount, async () => {
        running++;
        mostAtOnce = Math.max(mostAtOnce, running);
        if (running === jobCount) allStarted.open();
        // Every job waits for all the others: they can only finish if all run together.
        const waited = await settlesWithin(allStarted.opened, WAIT_MS);
        running--;
        if (!waited) throw new Error('not every job started');
      });

      await Promise.all(
        Array.from({ length: jobCount }, (_, n) =>
          jobs.enqueue(queue, 'send-reminder', { n }, { jobId: jobId() }),
        ),
      );

      await waitFor('every job to finish', async () => {
        const counts = await jobs.counts(queue);
        return counts.completed + counts.failed === jobCount;
      });
      expect(await jobs.counts(queue)).toMatchObject({ completed: jobCount, failed: 0 });
      expect(mostAtOnce).toBe(jobCount);
      await worker.close();
    });

    it('never runs more jobs at once than its concurrency', async () => {
      const queue = queueName('bounded');
      let running = 0;
      let mostAtOnce = 0;
      const { worker } = await recordingWorker(queue, 2, async () => {
        running++;
        mostAtOnce = Math.max(mostAtOnce, running);
        await sleep(30);
        running--;
      });

      await Promise.all(
        Array.from({ length: 8 }, (_, n) => jobs.enqueue(queue, 'send-reminder', { n }, { jobId: jobId() })),
      );

      await waitFor('every job to complete', async () => (await jobs.counts(queue)).completed === 8);
      expect(mostAtOnce).toBe(2);
      await worker.close();
    });

    it('rewrites what kept jobs hold of a forgotten person, finished or still due (issue 26)', async () => {
      const queue = queueName('redact');
      const { worker } = await recordingWorker(queue, 1);
      const customer = { userId: 'person-1', name: 'Ottoline Quackenbush', email: 'ottoline.q@example.org' };
      const note = 'Ottoline says "hi" \\ bye';
      // A webhook delivery's job: the public event as a JSON string inside the job's data.
      await jobs.enqueue(
        queue,
        'deliver',
        { payload: JSON.stringify({ customer, note }) },
        { jobId: jobId() },
      );
      await waitFor('the job to complete', async () => (await jobs.counts(queue)).completed === 1);
      await worker.close();
      await jobs.enqueue(
        queue,
        'deliver',
        { customer: { ...customer, name: 'Otto Q' }, other: 'Kept for Ann Other' },
        { jobId: jobId(), delayMs: 3_600_000 },
      );
      expect((await subject.stored()).toLowerCase()).toContain('quackenbush');

      const changed = await jobs.redact(redactorOf([customer.name, customer.email, note], customer.userId));

      expect(changed).toBeGreaterThanOrEqual(2);
      const stored = (await subject.stored()).toLowerCase();
      for (const trace of ['ottoline', 'quackenbush', 'otto q', 'says'])
        expect({ trace, found: stored.includes(trace) }).toEqual({ trace, found: false });
      expect(stored).toContain('kept for ann other');
      expect(await jobs.counts(queue)).toMatchObject({ completed: 1, delayed: 1 });
    });

    it('fails at start, naming the backend, when it is unreachable', async () => {
      const connecting = JobQueues.create({ backend: subject.unreachable, connectTimeoutMs: 1000 });
      await expect(connecting).rejects.toThrow(`Job backend ${subject.unreachable.kind} at 127.0.0.1:1`);
    });

    // Last: it closes the suite's instance, with every queue and worker opened above.
    it('closes after the running jobs finish, leaving no open connection or timer', async () => {
      const queue = queueName('close');
      const release = gate();
      const started = gate();
      let finished = false;
      await recordingWorker(queue, 1, async () => {
        started.open();
        await release.opened;
        finished = true;
      });
      await jobs.enqueue(queue, 'send-reminder', {}, { jobId: jobId() });
      await started.opened;

      const closing = jobs.close();
      expect(await settlesWithin(closing, 300)).toBe(false);
      release.open();
      await closing;
      expect(finished).toBe(true);
      await expect(jobs.enqueue(queue, 'send-reminder', {}, { jobId: jobId() })).rejects.toThrow('closed');

      // Sockets finish closing on a later tick. Shorter than pg's 10 s idle timeout, which
      // would otherwise hide a pool left open.
      let handlesAfter = openHandles();
      await waitFor(
        'the connections to close',
        () => {
          handlesAfter = openHandles();
          return JSON.stringify(handlesAfter) === JSON.stringify(handlesBefore);
        },
        5000,
      ).catch(() => undefined);
      expect(handlesAfter).toEqual(handlesBefore);
    });
  });
};
