import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { timeSlotStream } from '../appointments/book/time-slot.decider';
import { JobQueues, QUEUE_NAMES } from '../jobs/job-queues';
import { bookAtSunrise, startTestPlatform, type TestPlatform } from '../testing/test-platform';
import { remindersStream, runReminder, type ReminderJob } from './reminders';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * A reminder worker killed mid-job (after its decision, before finishing the job) — BullMQ
 * hands the job to another worker, which runs it again — and the reminder is sent once.
 */
describe('a reminder worker killed mid-job', () => {
  let test: TestPlatform;

  beforeAll(async () => {
    test = await startTestPlatform({ demoData: true, name: 'reminder_kill' });
  });
  afterAll(async () => {
    await test.stop();
  });

  it('still sends the reminder exactly once', async () => {
    const user = await test.signedIn('user@example.com');
    const { appointment, timeSlot } = await bookAtSunrise(user, 'Follow-up Visit');
    const scheduledBy = (await test.platform.store.readStream(timeSlotStream(timeSlot._id))).find(
      (e) => e.type === 'IntervalBooked',
    )!.id;
    const job: ReminderJob = {
      appointmentId: appointment._id,
      timeSlotId: timeSlot._id,
      kind: '1h',
      scheduledBy,
      dueAt: new Date(Date.parse(appointment.startDateTime) - 3_600_000).toISOString(),
    };
    const now = new Date(Date.parse(job.dueAt) + 1000);
    const prefix = `kill-${randomBytes(4).toString('hex')}`;

    // The first worker takes the job, decides, and dies before finishing it.
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'services/src/reminders/reminder-worker.fixture.ts'],
      {
        env: {
          ...process.env,
          DATABASE_URL: test.platform.databaseUrl,
          REDIS_URL,
          JOBS_PREFIX: prefix,
          NOW: now.toISOString(),
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let output = '';
    const said = (word: string) =>
      new Promise<void>((resolve) => {
        const check = () => (output.includes(word) ? resolve() : undefined);
        child.stdout!.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          check();
        });
        check();
      });
    await said('READY');
    const jobs = await JobQueues.create({ backend: { kind: 'redis', url: REDIS_URL }, prefix, lockMs: 1000 });
    try {
      await jobs.enqueue(QUEUE_NAMES.reminders, 'send-reminder', job, {
        jobId: `reminder-${scheduledBy}-1h`,
      });
      await said('DECIDED');
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
      expect((await jobs.counts(QUEUE_NAMES.reminders)).active).toBe(1);

      // Another worker finds the job its owner abandoned and runs it again.
      await jobs.work<ReminderJob>(
        QUEUE_NAMES.reminders,
        async (again) => {
          await runReminder(test.platform.store, again.data, now);
        },
        { concurrency: 1 },
      );
      for (let i = 0; i < 200 && (await jobs.counts(QUEUE_NAMES.reminders)).completed < 1; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await jobs.counts(QUEUE_NAMES.reminders)).toMatchObject({ completed: 1, active: 0, failed: 0 });
    } finally {
      await jobs.close();
    }

    const decisions = await test.platform.store.readStream(remindersStream(appointment._id));
    expect(decisions.map((e) => e.type)).toEqual(['ReminderSent']);
    let reminders: { message: string }[] = [];
    for (let i = 0; i < 50 && reminders.length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      reminders = (await user.op('notifications')).body.notifications.filter((n) =>
        n.message.startsWith('Reminder:'),
      );
    }
    expect(reminders).toHaveLength(1);
  }, 60_000);
});
