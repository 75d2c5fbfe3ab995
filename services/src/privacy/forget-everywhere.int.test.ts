import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { rebuildProjections } from '@appointment/projections/rebuild';
import { PROJECTIONS } from '@appointment/projections/registry';
import {
  startTestPlatform,
  sunriseTimeSlots,
  type Caller,
  type TestPlatform,
} from '../testing/test-platform';
import { Redis } from 'ioredis';
import { JobQueues } from '../jobs/job-queues';
import { findText } from './find-text';
import { redactorOf } from './redact';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const run = promisify(execFile);

/** Polls until `check` holds: deliveries and mail happen in the background. */
const eventually = async <T>(read: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 30_000) => {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > until) throw new Error(`still not so after ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

/** A provider's system that answers each delivery with the body it got, as some CRMs do. */
const startEchoReceiver = async () => {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

/**
 * A forgotten person leaves nothing, anywhere. The whole test database, as `pg_dump` writes
 * it, is searched for every value the person ever held, after they changed their profile,
 * booked with a note, had the booking delivered to a webhook, were mailed and had jobs run
 * for them (BullMQ on PostgreSQL, as the single-node profile runs it).
 */
describe('forgetting a person everywhere (issue 26)', () => {
  let test: TestPlatform;
  let receiver: Awaited<ReturnType<typeof startEchoReceiver>>;
  let admin: Caller;

  beforeAll(async () => {
    test = await startTestPlatform({
      demoData: true,
      name: 'forget_everywhere',
      jobs: 'postgres',
      env: {
        REGISTRATION_LIMIT: '1000',
        WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
        // Fewer job connections on the shared server.
        WEBHOOK_CONCURRENCY: '2',
      },
    });
    receiver = await startEchoReceiver();
    admin = await test.signedIn('admin@example.com');
  });
  afterAll(async () => {
    await receiver?.close();
    await test?.stop();
  });

  /** The whole database as text, lower-cased: what a backup of it holds. */
  const dump = async (): Promise<string> => {
    const { stdout } = await run('pg_dump', ['--no-owner', '--dbname', test.platform.databaseUrl], {
      maxBuffer: 512 * 1024 * 1024,
    });
    return stdout.toLowerCase();
  };
  const tracesIn = (text: string, values: readonly string[]) =>
    values.filter((value) => text.includes(value.toLowerCase()));

  it('leaves no trace of any value the person ever held in the whole database, and closes their feed', async () => {
    const first = {
      name: 'Quillonia Farthingale',
      email: 'quillonia.farthingale@example.org',
      phone: '5550162719',
      password: 'correct horse',
      confirmPassword: 'correct horse',
    };
    const second = {
      name: 'Quilla Brackenbury',
      email: 'quilla.brackenbury@example.net',
      phone: '5550183342',
    };
    const note = 'Sprained ankle at Zyxwvuton ski camp';
    const traces = [
      first.name,
      ...first.name.split(' '),
      first.email,
      first.phone,
      second.name,
      ...second.name.split(' '),
      second.email,
      second.phone,
      note,
      'Zyxwvuton',
    ];

    expect((await test.caller().op('registerUser', { body: first })).status).toBe(201);
    const user = test.caller();
    expect((await user.login(first.email, first.password)).status).toBe(200);
    const me = (await user.op('getProfile')).body.data;
    const updated = await user.op('updateProfile', {
      body: {
        name: second.name,
        email: second.email,
        phone: second.phone,
        timezone: 'America/Chicago',
        language: 'en',
        currentPassword: first.password,
        notificationPreferences: { email: true, sms: false, whatsapp: false },
      },
    });
    expect(updated.status).toBe(200);
    // The new address is the account's once its owner opens the link sent to it.
    await test.confirmAddress(second.email);
    const feed = await user.op('connectMyCalendar');
    expect(feed.body.url).toBeDefined();
    const feedPath = new URL(feed.body.url!).pathname;

    const hook = await admin.op('createWebhook', {
      body: {
        name: 'CRM',
        url: receiver.url,
        eventTypes: ['appointment.booked'],
      },
    });
    expect(hook.status).toBe(201);
    const { sunrise, timeSlots } = await sunriseTimeSlots(user, 'General Consultation');
    const slot = timeSlots.at(-1)!;
    const booked = await user.op('book', {
      body: {
        servicename: 'General Consultation',
        providerId: sunrise.id,
        timeslotId: slot._id,
        date: slot.date,
        index: '1',
        note,
      },
    });
    expect(booked.status).toBe(201);
    const deliveries = async () =>
      (await admin.op('webhookDeliveries', { params: { id: hook.body.webhook.id } })).body.deliveries;
    const [delivery] = await eventually(deliveries, (list) => list[0]?.status === 'succeeded');
    expect(delivery!.lastResponse).toContain(note);
    const icsBefore = await fetch(`${test.base}${feedPath}`);
    expect(icsBefore.status).toBe(200);
    expect(await icsBefore.text()).toContain('General Consultation');

    // Before: the person is in the webhook log, the job data, the mail outbox and the read models.
    const before = await dump();
    expect(tracesIn(before, traces)).toEqual(
      expect.arrayContaining([first.name, first.email, second.name, second.email, second.phone, note]),
    );
    const { rows: jobRows } = await test.platform.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM jobs.job WHERE data::text ILIKE $1`,
      [`%${note}%`],
    );
    expect(jobRows[0]!.n).toBeGreaterThan(0);

    expect((await user.op('deleteAccount', { body: { id: me.id } })).status).toBe(200);

    const after = await dump();
    expect(tracesIn(after, traces)).toEqual([]);
    expect(await findText(test.platform.pool, traces)).toEqual([]);
    expect((await fetch(`${test.base}${feedPath}`)).status).toBe(404);
    // The delivery log keeps the delivery, without the person.
    const [kept] = await deliveries();
    expect(kept).toMatchObject({ id: delivery!.id, status: 'succeeded' });
    expect(JSON.stringify(kept)).not.toContain(second.email);

    // A rebuild of every read model brings nothing of them back.
    await rebuildProjections(test.platform.pool, test.platform.store, PROJECTIONS);
    expect(tracesIn(await dump(), traces)).toEqual([]);
    expect((await fetch(`${test.base}${feedPath}`)).status).toBe(404);
  });

  it('ops find searches the uploaded files and the jobs on Redis too', async () => {
    const uploadsDir = mkdtempSync(path.join(os.tmpdir(), 'find-uploads-'));
    const prefix = `test-find-${randomBytes(4).toString('hex')}`;
    const jobs = await JobQueues.create({ backend: { kind: 'redis', url: REDIS_URL }, prefix });
    try {
      writeFileSync(path.join(uploadsDir, 'a.png'), Buffer.from('\x89PNG tEXtAuthor Wendeline Oxbridge'));
      await jobs.enqueue(
        'webhook-delivery',
        'deliver',
        { payload: JSON.stringify({ customer: { userId: 'u-9', name: 'Wendeline Oxbridge' } }) },
        { jobId: 'find-1', delayMs: 3_600_000 },
      );
      const where = { uploadsDir, redis: { url: REDIS_URL, prefix } };
      expect(await findText(test.platform.pool, ['wendeline oxbridge'], where)).toEqual([
        { table: 'uploads/a.png', text: 'wendeline oxbridge', rows: 1 },
        { table: `redis:${prefix}`, text: 'wendeline oxbridge', rows: 1 },
      ]);
      await jobs.redact(redactorOf(['Wendeline Oxbridge'], 'u-9'));
      expect(await findText(test.platform.pool, ['Wendeline'], { redis: where.redis })).toEqual([]);
    } finally {
      await jobs.close();
      rmSync(uploadsDir, { recursive: true, force: true });
      const redis = new Redis(REDIS_URL);
      for await (const keys of redis.scanStream({ match: `${prefix}:*`, count: 500 }))
        if ((keys as string[]).length > 0) await redis.unlink(...(keys as string[]));
      redis.disconnect();
    }
  });
});
