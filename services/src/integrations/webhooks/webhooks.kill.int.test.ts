import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { toIntegrationEvents } from '@appointment/contracts/integration-events';
import { startWebhookReceiver, type WebhookReceiver } from '@appointment/infra/testing/webhook-receiver';
import { timeSlotStream } from '../../appointments/book/time-slot.decider';
import { JobQueues, QUEUE_NAMES } from '../../jobs/job-queues';
import { bookAtSunrise, startTestPlatform, type TestPlatform } from '../../testing/test-platform';
import { IntegrationClient } from '../client';
import {
  WEBHOOK_BATCH_JOB,
  WebhookDeliverer,
  webhookJobId,
  type WebhookBatchJob,
  type WebhookJob,
} from './webhook-delivery';
import { webhookBatchJobId } from './webhook-dispatch';
import { deliveryIdOf } from './webhook-log';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const completed = async (jobs: JobQueues, count: number) => {
  for (let i = 0; i < 300 && (await jobs.counts(QUEUE_NAMES.webhookDelivery)).completed < count; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

/**
 * A delivery worker SIGKILLed while the receiver holds its request. BullMQ hands the job to
 * another worker, which sends it again: the receiver hears the same webhook-id and the same
 * event twice (and can drop the repeat), and nothing else.
 * A job of first attempts claims its deliveries; its rerun takes the claim back, and another
 * job holding the same delivery (a replay split otherwise) sends nothing.
 */
describe('a webhook worker killed mid-delivery', () => {
  let test: TestPlatform;

  beforeAll(async () => {
    test = await startTestPlatform({
      demoData: true,
      name: 'webhook_kill',
      env: { WEBHOOK_ALLOW_PRIVATE_URLS: 'true' },
    });
  });
  afterAll(async () => {
    await test.stop();
  });

  /**
   * Books once, starts a worker process, `send`s the delivery through the queue, kills the worker
   * while the receiver holds the request, and lets another worker take the job up.
   */
  const killMidDelivery = async (
    send: (jobs: JobQueues, job: WebhookJob, receiver: WebhookReceiver) => Promise<void>,
    completedJobs = 1,
  ) => {
    let holding = true;
    const receiver = await startWebhookReceiver({ hold: () => holding });
    const admin = await test.signedIn('admin@example.com');
    const user = await test.signedIn('user@example.com');
    const created = await admin.op('createWebhook', {
      body: {
        name: 'CRM',
        url: receiver.url,
        eventTypes: ['appointment.booked'],
      },
    });
    const webhook = created.body.webhook;
    const { timeSlot } = await bookAtSunrise(user, 'General Consultation');
    const booked = (await test.platform.store.readStream(timeSlotStream(timeSlot._id))).find(
      (event) => event.type === 'IntervalBooked',
    )!;
    const [publicEvent] = toIntegrationEvents(booked);
    const job: WebhookJob = {
      deliveryId: deliveryIdOf(webhook.id, publicEvent!.id),
      webhookId: webhook.id,
      providerId: webhook.providerId,
      eventId: publicEvent!.id,
      eventType: publicEvent!.type,
      payload: JSON.stringify(publicEvent),
      committedAt: booked.createdAt,
      attempt: 1,
    };
    const prefix = `whkill-${randomBytes(4).toString('hex')}`;

    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'services/src/integrations/webhooks/webhook-worker.fixture.ts'],
      {
        env: { ...process.env, DATABASE_URL: test.platform.databaseUrl, REDIS_URL, JOBS_PREFIX: prefix },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    await new Promise<void>((resolve) => {
      let output = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('READY')) resolve();
      });
    });
    const jobs = await JobQueues.create({ backend: { kind: 'redis', url: REDIS_URL }, prefix, lockMs: 1000 });
    const client = new IntegrationClient({ allowPrivate: true });
    try {
      await send(jobs, job, receiver);
      await receiver.until((heard) => heard.length === 1);
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
      holding = false;

      // Another worker finds the abandoned job and sends it again.
      const deliverer = new WebhookDeliverer({
        pool: test.platform.pool,
        store: test.platform.store,
        jobs,
        client,
        retryScheduleMs: [1000],
      });
      await jobs.work<WebhookJob | WebhookBatchJob>(
        QUEUE_NAMES.webhookDelivery,
        (again) => deliverer.run(again),
        {
          concurrency: 1,
        },
      );
      await completed(jobs, completedJobs);
      expect(await jobs.counts(QUEUE_NAMES.webhookDelivery)).toMatchObject({
        active: 0,
        waiting: 0,
        delayed: 0,
        completed: completedJobs,
        failed: 0,
      });
      expect(receiver.heard).toHaveLength(2);
      expect(receiver.heard.map((heard) => heard.webhookId)).toEqual([job.deliveryId, job.deliveryId]);
      expect(receiver.heard.map((heard) => JSON.parse(heard.body).id)).toEqual([
        publicEvent!.id,
        publicEvent!.id,
      ]);
      const log = await admin.op('webhookDeliveries', { params: { id: webhook.id } });
      expect(log.body.deliveries).toEqual([
        expect.objectContaining({ id: job.deliveryId, status: 'succeeded', lastStatusCode: 200 }),
      ]);
    } finally {
      child.kill('SIGKILL');
      client.close();
      await jobs.close();
      await receiver.close();
    }
  };

  it(
    'sends the same webhook-id again and no second event',
    () =>
      killMidDelivery(async (jobs, job) => {
        await jobs.enqueue(QUEUE_NAMES.webhookDelivery, 'deliver', job, { jobId: webhookJobId(job) });
        // A replay of the same event enqueues nothing new.
        await jobs.enqueue(QUEUE_NAMES.webhookDelivery, 'deliver', job, { jobId: webhookJobId(job) });
      }),
    60_000,
  );

  it('a job of first attempts, killed mid-send, takes its claim back; another job of the same delivery sends nothing', () => {
    const batch = (jobs: JobQueues, job: WebhookJob, jobId: string) =>
      jobs.enqueue<WebhookBatchJob>(
        QUEUE_NAMES.webhookDelivery,
        WEBHOOK_BATCH_JOB,
        { deliveries: [job] },
        { jobId },
      );
    return killMidDelivery(async (jobs, job, receiver) => {
      await batch(jobs, job, webhookBatchJobId([job.deliveryId]));
      await receiver.until((heard) => heard.length === 1);
      // While the first job's request is held, a replay that split the events otherwise makes
      // another job with the same delivery: the worker's second slot runs it, and it sends nothing.
      await batch(jobs, job, webhookBatchJobId(['another split', job.deliveryId]));
      await completed(jobs, 1);
      expect(receiver.heard).toHaveLength(1);
    }, 2);
  }, 60_000);
});
