/**
 * A job worker that takes one job of QUEUE, says TAKEN, and hangs until the test kills it with
 * SIGKILL, for job-kills.int.test.ts: the worker process killed mid-job.
 */
import { JobQueues } from './job-queues';

const main = async () => {
  const jobs = await JobQueues.create({
    backend: { kind: 'redis', url: process.env.REDIS_URL! },
    prefix: process.env.JOBS_PREFIX!,
    lockMs: 1000,
  });
  await jobs.work(
    process.env.QUEUE!,
    async () => {
      process.stdout.write('TAKEN\n');
      await new Promise(() => undefined);
    },
    { concurrency: 1 },
  );
  process.stdout.write('READY\n');
};

void main();
