import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import pg from 'pg';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { clockFrom } from '@appointment/contracts/clock';
import { PostgresEventStore } from '@appointment/services/eventstore/postgres-event-store';
import { openEvents, PrivateEventStore } from '@appointment/services/privacy/private-event-store';
import { QUEUE_NAMES } from '@appointment/services/jobs/job-queues';
import { MAIL_SCHEMA, verificationToken } from '@appointment/services/mail/mail-outbox';
import { note, withProgress } from '../../bench/harness';
import { createTestDatabase } from '../../testing/postgres';
import { startSmtpSink } from '../../testing/smtp-sink';
import { startWebhookReceiver } from '../../testing/webhook-receiver';
import { INTEGRATION_EVENT_TYPES } from '@appointment/contracts/integration-events';
import {
  checkSideEffects,
  compareReadModels,
  type Finding,
  type SideEffectFigures,
  type TableDiff,
} from './checks';
import { newLedger, prepareWorld, startLoad, type Ledger } from './load';
import { Supervised } from './processes';

export interface KillSoakOptions {
  projectorKills: number;
  workerKills: number;
  /** People booking side by side (newcomers come on top). Default 6. */
  people?: number;
  redisUrl?: string;
}

export interface KillSoakResult {
  projectorKills: number;
  workerKills: number;
  durationS: number;
  loadS: number;
  settleS: number;
  events: number;
  ledger: Ledger;
  readModelDiffs: TableDiff[];
  findings: Finding[];
  figures: SideEffectFigures;
  /** Processes that exited without being killed or stopped (a crash is a finding too). */
  unexpectedExits: string[];
  /**
   * Live pushes of the admin's notifications (informational: a push is a hint, documented as
   * at most once across a projector kill; the notification itself is in the list either way).
   */
  livePush: { expected: number; received: number; missed: number; repeated: number };
  /** Exit codes of the clean stop at the end. */
  stopCodes: Record<string, number | null>;
  /** Where the processes' output is (kept when the run failed). */
  logDir: string;
  passed: boolean;
}

/**
 * The run pretends to start at this instant (TEST_CLOCK): 13:00 at the demo's Sunrise Clinic
 * (Asia/Kolkata), after its 09:00–12:00 time slots, so the soak's own time slots start from 13:40.
 */
const PINNED_START = '2030-06-03T07:30:00Z';
const MAIL_DOMAIN = 'soak.test';
/** A paid booking left unpaid is cancelled this long after it was made. */
const PAYMENT_TIMEOUT_MS = 30_000;
/** A killed worker's job runs again after about this long. */
const JOBS_LOCK_MS = 8_000;
/** What one projector kill cycle takes on this machine, about: to spread the worker's kills. */
const PROJECTOR_CYCLE_MS = 4_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const between = (low: number, high: number) => low + Math.random() * (high - low);

/**
 * The kill soak: a fresh database, the API, projector and worker as processes of their
 * own on Redis under a prefix of their own, a steady booking load, and meanwhile the projector
 * SIGKILLed `projectorKills` times and the worker `workerKills` times at random points, each
 * started again at once or after a short pause. Then the load stops, everything settles and stops
 * cleanly, and the checks run (checks.ts).
 */
export const runKillSoak = async (options: KillSoakOptions): Promise<KillSoakResult> => {
  const started = Date.now();
  const redisUrl = options.redisUrl ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const prefix = `soak_${randomBytes(4).toString('hex')}`;
  const database = await createTestDatabase('soak_kills');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'appointment-soak-data-'));
  const logDir = mkdtempSync(path.join(os.tmpdir(), 'appointment-soak-logs-'));
  const sink = await startSmtpSink();
  // The clinic's own system, hearing every public event through a webhook.
  const receiver = await startWebhookReceiver();
  const anchor = Date.now();
  const clock = clockFrom({ TEST_CLOCK: PINNED_START, TEST_CLOCK_ANCHOR: String(anchor) });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    JOBS_PREFIX: prefix,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    DATABASE_POOL_SIZE: '6',
    // Its load registers a newcomer every few bookings; what it checks is not the password's cost.
    PASSWORD_HASH_COST: 'test',
    DEMO_DATA: 'false',
    TEST_CLOCK: PINNED_START,
    TEST_CLOCK_ANCHOR: String(anchor),
    BOOKING_LIMIT: '0',
    REGISTRATION_LIMIT: '100000',
    // Its sign-ins all come from one address; a kill's failed ones must not add up to a refusal.
    LOGIN_ADDRESS_LIMIT: '100000',
    PAYMENT_TIMEOUT_MS: String(PAYMENT_TIMEOUT_MS),
    JOBS_LOCK_MS: String(JOBS_LOCK_MS),
    SMTP_URL: sink.url,
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    MAIL_FROM: `Appointment <no-reply@${MAIL_DOMAIN}>`,
    PUBLIC_URL: 'http://127.0.0.1:3000',
    HOST: '127.0.0.1',
    PORT: '0',
  };
  const projector = new Supervised('projector', 'projector', env, /"msg":"projector running"/, logDir);
  const worker = new Supervised('worker', 'worker', env, /"msg":"worker running"/, logDir);
  const api = new Supervised(
    'api',
    'api',
    // The API seeds the demo data (the Sunrise Clinic and its admin) on the empty store.
    { ...env, DEMO_DATA: 'true' },
    /Appointment is running on http:\/\/localhost:(\d+)/,
    logDir,
  );
  const all = [projector, worker, api];
  const pool = new pg.Pool({ connectionString: database.url, max: 4 });
  pool.on('error', () => undefined);
  const queues = Object.values(QUEUE_NAMES).map(
    (name) => new Queue(name, { connection: { url: redisUrl }, prefix }),
  );
  for (const queue of queues) queue.on('error', () => undefined);
  let store: PostgresEventStore | undefined;
  let socket: Socket | undefined;
  let passed = false;
  try {
    note(`kills: database ${database.name}, jobs prefix ${prefix}, process logs in ${logDir}`);
    projector.start();
    worker.start();
    api.start();
    await Promise.all(all.map((each) => each.ready(180)));
    const base = `http://127.0.0.1:${api.port}`;

    const ledger = newLedger();
    const expectedMinutes = Math.ceil((options.projectorKills * PROJECTOR_CYCLE_MS) / 60_000) + 10;
    const loadOptions = {
      base,
      clock,
      expectedMinutes,
      people: options.people ?? 6,
      ledger,
      tag: prefix,
      progress: note,
      confirmAddress: (userId: string) => confirmAddressOf(pool, base, userId),
    };
    note('kills: preparing the clinic (services, time slots, people)…');
    const world = await prepareWorld(loadOptions);
    const hooked = await fetch(`${base}/api/integrations/webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${world.adminToken}` },
      body: JSON.stringify({ name: 'Soak receiver', url: receiver.url, eventTypes: INTEGRATION_EVENT_TYPES }),
    });
    if (hooked.status !== 201) throw new Error(`adding the webhook answered ${hooked.status}`);
    note(`kills: ${world.timeSlots.length} time slots, ${world.people.length} people; load and kills start`);
    // The clinic's admin listens live, as the dashboard does.
    const pushes = new Map<string, number>();
    socket = connectSocket(base, { transports: ['websocket'], auth: { token: world.adminToken } });
    socket.on('appointmentCreatedadmin', (payload: { _id: string }) =>
      pushes.set(payload._id, (pushes.get(payload._id) ?? 0) + 1),
    );

    const loadStarted = Date.now();
    const load = startLoad(world, loadOptions);
    let projectorKills = 0;
    let workerKills = 0;
    const total = options.projectorKills + options.workerKills;
    let projectorDone = false;
    await withProgress(
      `kills: ${options.projectorKills} projector kills, ${options.workerKills} worker kills`,
      total,
      async (tick) => {
        const report = () => {
          tick(projectorKills + workerKills);
          const done = projectorKills + workerKills;
          if (!process.stderr.isTTY && (done % 10 === 0 || done === total)) {
            note(
              `    ${projectorKills}/${options.projectorKills} projector, ${workerKills}/${options.workerKills} worker kills; ` +
                `${ledger.bookings.size} bookings, ${((Date.now() - loadStarted) / 1000).toFixed(0)} s`,
            );
          }
        };
        /** Kills `target` at a random point: during its start-up now and then, else while it runs. */
        const killOnce = async (target: Supervised, upFor: () => number) => {
          const duringStartUp = Math.random() < 0.15;
          if (!duringStartUp) await target.ready(180).catch(() => undefined);
          await sleep(duringStartUp ? between(0, 1500) : upFor());
          await target.kill();
          // Started again at once, or after a short pause.
          if (Math.random() < 0.5) await sleep(between(50, 1500));
          target.start();
        };
        const projectorLoop = async () => {
          for (let i = 0; i < options.projectorKills; i++) {
            await killOnce(projector, () => between(200, 3000));
            projectorKills++;
            report();
          }
          projectorDone = true;
        };
        const workerLoop = async () => {
          const gap = Math.max(
            2000,
            (options.projectorKills * PROJECTOR_CYCLE_MS) / Math.max(1, options.workerKills),
          );
          for (let i = 0; i < options.workerKills; i++) {
            await killOnce(worker, () => between(0.3 * gap, (projectorDone ? 0.6 : 1.7) * gap));
            workerKills++;
            report();
          }
        };
        await Promise.all([projectorLoop(), workerLoop()]);
      },
    );
    await load.stop();
    const loadS = (Date.now() - loadStarted) / 1000;
    note(`kills: load stopped after ${loadS.toFixed(0)} s; settling…`);

    // Settle: the projector past every event, no job due soon, the outbox empty, the log still.
    const settleStarted = Date.now();
    await Promise.all([projector, worker].map((each) => each.ready(180)));
    await settle(pool, queues, { projector, worker });
    const stopCodes: Record<string, number | null> = {};
    // The worker first: once it is stopped nothing appends to the log but the projector's
    // reactors, which it then catches up with.
    stopCodes.worker = await worker.stop();
    const stoppedAt = Date.now();
    await caughtUp(pool, 120);
    await sleep(500);
    socket.close();
    stopCodes.api = await api.stop();
    stopCodes.projector = await projector.stop();
    const settleS = (Date.now() - settleStarted) / 1000;

    note('kills: checking the read models against a clean rebuild and every side effect…');
    store = await PostgresEventStore.connect({ connectionString: database.url, poolSize: 4 });
    // Read as the processes read it: personal fields opened.
    const opened = await PrivateEventStore.over(store, store.pool);
    const readModelDiffs = await compareReadModels(pool, opened);
    const { findings, figures } = await checkSideEffects({
      db: pool,
      open: (events) => openEvents(opened.keys, events),
      redisUrl,
      prefix,
      ledger,
      mail: sink.messages,
      webhooks: receiver.heard,
      mailDomain: MAIL_DOMAIN,
      workerKilledAt: worker.killedAt,
      stoppedAt,
    });
    const events = Number(
      (await pool.query<{ n: string }>('SELECT count(*) AS n FROM es.events')).rows[0]!.n,
    );
    const unexpectedExits = all.flatMap((each) => each.unexpectedExits);
    const forAdmin = (
      await pool.query<{ id: string }>(`SELECT id FROM rm_notifications.notifications WHERE user_id = $1`, [
        world.adminId,
      ])
    ).rows.map((row) => row.id);
    const livePush = {
      expected: forAdmin.length,
      received: [...pushes.values()].reduce((a, b) => a + b, 0),
      missed: forAdmin.filter((id) => !pushes.has(id)).length,
      repeated: [...pushes.values()].reduce((a, b) => a + b - 1, 0),
    };
    passed =
      readModelDiffs.length === 0 &&
      findings.every((f) => f.duplicates + f.missing + f.unexpected === 0) &&
      unexpectedExits.length === 0 &&
      Object.values(stopCodes).every((code) => code === 0);
    return {
      projectorKills,
      workerKills,
      durationS: (Date.now() - started) / 1000,
      loadS,
      settleS,
      events,
      ledger,
      readModelDiffs,
      findings,
      figures,
      unexpectedExits,
      livePush,
      stopCodes,
      logDir,
      passed,
    };
  } finally {
    socket?.close();
    await Promise.all(all.map((each) => each.close()));
    await Promise.all(queues.map((queue) => queue.close().catch(() => undefined)));
    await store?.close();
    await pool.end();
    await sink.close();
    await receiver.close();
    await database.drop();
    await dropJobKeys(redisUrl, prefix);
    rmSync(dataDir, { recursive: true, force: true });
    if (passed) rmSync(logDir, { recursive: true, force: true });
  }
};

/** How many projections are behind the log's last event (none stored yet counts as behind). */
const behind = async (pool: pg.Pool): Promise<number> => {
  const { rows } = await pool.query<{ behind: number; stored: number }>(
    `SELECT count(*) FILTER (WHERE EXISTS (
              SELECT 1 FROM es.events e
               WHERE (e.transaction_id, e.global_position) > (c.transaction_id, c.global_position)))::int AS behind,
            count(*)::int AS stored
       FROM projector.checkpoints c`,
  );
  return rows[0]!.stored === 0 ? 1 : rows[0]!.behind;
};

const caughtUp = async (pool: pg.Pool, seconds: number): Promise<void> => {
  const deadline = Date.now() + seconds * 1000;
  while ((await behind(pool)) > 0) {
    if (Date.now() > deadline) throw new Error(`the projector did not catch up within ${seconds} s`);
    await sleep(250);
  }
};

/** Jobs waiting, running, or due within `horizonMs`. */
const jobsBusy = async (queues: Queue[], horizonMs: number): Promise<number> => {
  let busy = 0;
  for (const queue of queues) {
    const counts = await queue.getJobCounts('waiting', 'active', 'prioritized');
    busy += Object.values(counts).reduce((sum, n) => sum + n, 0);
    const delayed = await queue.getDelayed();
    busy += delayed.filter((job) => job.timestamp + (job.opts.delay ?? 0) <= Date.now() + horizonMs).length;
  }
  return busy;
};

/**
 * Until the projector has passed every event, no job is waiting, running or due within 15 s, the
 * outbox holds nothing unsent, and the log has not moved for two looks a second apart. A process
 * that died on its own meanwhile is started again (and stays counted as an unexpected exit).
 */
const settle = async (
  pool: pg.Pool,
  queues: Queue[],
  processes: Record<string, Supervised>,
  seconds = 300,
): Promise<void> => {
  const deadline = Date.now() + seconds * 1000;
  let last = '';
  let still = 0;
  for (;;) {
    for (const each of Object.values(processes)) if (!each.running) each.start();
    const head = (
      await pool.query<{ head: string | null }>('SELECT max(global_position)::text AS head FROM es.events')
    ).rows[0]!.head;
    const unsent = (
      await pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${MAIL_SCHEMA}.messages WHERE sent_at IS NULL`,
      )
    ).rows[0]!.n;
    const quiet = (await behind(pool)) === 0 && unsent === 0 && (await jobsBusy(queues, 15_000)) === 0;
    still = quiet && head === last ? still + 1 : 0;
    last = head ?? '';
    if (still >= 2) return;
    if (Date.now() > deadline) throw new Error(`the run did not settle within ${seconds} s`);
    await sleep(1000);
  }
};

/** Removes this run's keys from Redis (its prefix only; nothing else is touched). */
const dropJobKeys = async (redisUrl: string, prefix: string): Promise<void> => {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } catch {
    // Best effort: a run's keys left behind harm nobody else (they sit under its own prefix).
  } finally {
    redis.disconnect();
  }
};

/**
 * What the owner of a new account's address does, opening the link of the confirmation
 * mail (made with the platform's secret, as the mail outbox makes it, so the load does not wait
 * on the projector the soak keeps killing), then waits until the account may book.
 */
const confirmAddressOf = async (pool: pg.Pool, base: string, userId: string): Promise<void> => {
  const { rows } = await pool.query<{ value: string }>(
    `SELECT value FROM auth.secrets WHERE name = 'email-verification'`,
  );
  const link = `${base}/api/auth/verify?user=${userId}&token=${verificationToken(rows[0]!.value, userId)}`;
  const deadline = Date.now() + 120_000;
  for (let opened = false; Date.now() < deadline; await sleep(100)) {
    if (!opened) opened = (await fetch(link, { redirect: 'manual' }).catch(() => undefined))?.status === 303;
    const verified = await pool.query<{ email_verified: boolean }>(
      'SELECT email_verified FROM rm_accounts.users WHERE id = $1',
      [userId],
    );
    if (opened && verified.rows[0]?.email_verified) return;
  }
  throw new Error(`the address of ${userId} could not be confirmed`);
};
