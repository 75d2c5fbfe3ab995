import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { JobQueues } from './job-queues';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * The kill soak's finding: a job whose worker process is killed while it runs is "stalled" and
 * taken up again, but BullMQ's default let a job stall only once: killed a second time mid-job
 * it was failed for good ("job stalled more than allowable limit") and never ran again, so its
 * reminder (or payment confirmation) was lost. Kills must not use up a job.
 */
describe('a job whose worker is killed mid-job, again and again', () => {
  it('still runs to completion on the next worker', async () => {
    const prefix = `jobkill_${randomBytes(4).toString('hex')}`;
    const queue = 'kill-test';
    const jobs = await JobQueues.create({ backend: { kind: 'redis', url: REDIS_URL }, prefix, lockMs: 1000 });
    try {
      await jobs.enqueue(queue, 'work', { n: 1 }, { jobId: 'the-job' });
      // Killed mid-job three times; a worker that is never handed the job (it was failed) stops
      // the killing.
      for (let kill = 1; kill <= 3; kill++) {
        const child = spawn(
          process.execPath,
          ['--import', 'tsx', 'services/src/jobs/hanging-worker.fixture.ts'],
          {
            env: { ...process.env, REDIS_URL, JOBS_PREFIX: prefix, QUEUE: queue },
            stdio: ['ignore', 'pipe', 'inherit'],
          },
        );
        const exited = new Promise((resolve) => child.once('exit', resolve));
        let output = '';
        const taken = await new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => resolve(false), 20_000);
          child.stdout!.on('data', (chunk: Buffer) => {
            output += chunk.toString();
            if (output.includes('TAKEN')) {
              clearTimeout(timer);
              resolve(true);
            }
          });
        });
        child.kill('SIGKILL');
        await exited;
        if (!taken) break;
      }
      const ran: number[] = [];
      await jobs.work<{ n: number }>(queue, async (job) => void ran.push(job.data.n), { concurrency: 1 });
      for (
        let i = 0;
        i < 300 && (await jobs.counts(queue)).completed + (await jobs.counts(queue)).failed < 1;
        i++
      ) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await jobs.counts(queue)).toMatchObject({ completed: 1, failed: 0 });
      expect(ran).toEqual([1]);
    } finally {
      await jobs.close();
    }
  }, 90_000);
});
