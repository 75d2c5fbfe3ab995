/**
 * A webhook delivery worker for webhooks.kill.int.test.ts: it takes delivery jobs and sends them
 * with the real deliverer; the test kills it with SIGKILL while the receiver holds its request.
 */
import { PostgresEventStore, createPool } from '../../eventstore/postgres-event-store';
import { PrivateEventStore } from '../../privacy/private-event-store';
import { JobQueues, QUEUE_NAMES } from '../../jobs/job-queues';
import { IntegrationClient } from '../client';
import { WebhookDeliverer, type WebhookBatchJob, type WebhookJob } from './webhook-delivery';

const main = async () => {
  // Behind the sealing of personal data, as a worker process opens its store.
  const raw = await PostgresEventStore.connect({ connectionString: process.env.DATABASE_URL! });
  const store = await PrivateEventStore.over(raw, raw.pool);
  const pool = createPool(process.env.DATABASE_URL!, 2);
  const jobs = await JobQueues.create({
    backend: { kind: 'redis', url: process.env.REDIS_URL! },
    prefix: process.env.JOBS_PREFIX!,
    lockMs: 1000,
  });
  const deliverer = new WebhookDeliverer({
    pool,
    store,
    jobs,
    client: new IntegrationClient({ allowPrivate: true }),
    retryScheduleMs: [1000],
  });
  await jobs.work<WebhookJob | WebhookBatchJob>(QUEUE_NAMES.webhookDelivery, (job) => deliverer.run(job), {
    // Two: a second job runs while the receiver holds the first's request.
    concurrency: 2,
  });
  process.stdout.write('READY\n');
};

void main();
