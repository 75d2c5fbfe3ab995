/**
 * A reminder worker that dies mid-job, for reminders.kill.int.test.ts: it takes a job, makes its
 * decision (the reminder event is appended), says so, and hangs without finishing the job until
 * the test kills it with SIGKILL.
 */
import { QUEUE_NAMES, JobQueues } from '../jobs/job-queues';
import { PostgresEventStore } from '../eventstore/postgres-event-store';
import { PrivateEventStore } from '../privacy/private-event-store';
import { runReminder, type ReminderJob } from './reminders';

const main = async () => {
  // Behind the sealing of personal data, as a worker process opens its store.
  const raw = await PostgresEventStore.connect({ connectionString: process.env.DATABASE_URL! });
  const store = await PrivateEventStore.over(raw, raw.pool);
  const jobs = await JobQueues.create({
    backend: { kind: 'redis', url: process.env.REDIS_URL! },
    prefix: process.env.JOBS_PREFIX!,
    lockMs: 1000,
  });
  await jobs.work<ReminderJob>(
    QUEUE_NAMES.reminders,
    async (job) => {
      await runReminder(store, job.data, new Date(process.env.NOW!));
      process.stdout.write('DECIDED\n');
      await new Promise(() => undefined);
    },
    { concurrency: 1 },
  );
  process.stdout.write('READY\n');
};

void main();
