import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { Appointment } from '@appointment/contracts/appointments';
import { JobQueues, QUEUE_NAMES } from '../jobs/job-queues';
import { bookAtSunrise, startTestPlatform, type TestPlatform } from '../testing/test-platform';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The worker process of the scale-out profile takes the product's jobs from Redis and runs them. */
describe('the worker process', () => {
  let test: TestPlatform;
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    test = await startTestPlatform({ demoData: true, name: 'worker' });
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await test.stop();
  });

  it('cancels a booking left unpaid when its timeout job comes, then stops cleanly', async () => {
    const user = await test.signedIn('user@example.com');
    const { appointment } = await bookAtSunrise(user, 'General Consultation');
    expect(appointment).toMatchObject({ status: 'pending', paid: false });

    const prefix = `worker_${randomBytes(4).toString('hex')}`;
    const jobs = await JobQueues.create({ backend: { kind: 'redis', url: REDIS_URL }, prefix });
    try {
      await jobs.enqueue(
        QUEUE_NAMES.paymentTimeout,
        'expire-unpaid',
        { appointmentId: appointment._id },
        {
          jobId: `timeout-${appointment._id}`,
        },
      );
      const worker = spawn(process.execPath, ['--import', 'tsx', 'services/src/main/worker.ts'], {
        env: {
          ...process.env,
          DATABASE_URL: test.platform.databaseUrl,
          REDIS_URL,
          JOBS_PREFIX: prefix,
          LOG_LEVEL: 'warn',
          DATABASE_POOL_SIZE: '4',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      child = worker;
      const exited = new Promise<number | null>((resolve) => worker.once('exit', (code) => resolve(code)));

      let status: Appointment['status'] | undefined;
      for (let i = 0; i < 300 && status !== 'cancelled'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        const listed = await user.op('list', {
          body: {
            filters: { status: 'all' },
          },
        });
        status = listed.body.appointments.find((a) => a._id === appointment._id)?.status;
      }
      expect(status).toBe('cancelled');
      // The cancellation is visible once projected; the job is marked completed when its handler returns,
      // which may be a moment later (it waits for the read model to catch up too).
      let counts = await jobs.counts(QUEUE_NAMES.paymentTimeout);
      for (let i = 0; i < 100 && counts.completed === 0 && counts.failed === 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        counts = await jobs.counts(QUEUE_NAMES.paymentTimeout);
      }
      expect(counts).toMatchObject({ completed: 1, failed: 0 });

      worker.kill('SIGTERM');
      expect(await exited).toBe(0);
      child = undefined;
    } finally {
      await jobs.close();
    }
  });
});
