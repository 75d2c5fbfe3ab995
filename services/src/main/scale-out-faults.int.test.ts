import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { io as connect, type Socket } from 'socket.io-client';
import { v5 as uuidv5 } from 'uuid';
import { waitForCheckpoints } from '@appointment/projections/checkpoints';
import { PROJECTIONS } from '@appointment/projections/registry';
import { dayKeyFromToday } from '@appointment/infra/testing/clock';
import { createTestDatabase, type TestDatabase } from '@appointment/infra/testing/postgres';
import { compareReadModels } from '@appointment/infra/soak/kills/checks';
import { PostgresEventStore } from '../eventstore/postgres-event-store';
import { PrivateEventStore } from '../privacy/private-event-store';
import { NOTIFICATION_NAMESPACE } from '@appointment/projections/notifications.projection';
import { Caller } from '../testing/test-platform';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Booking attempts: 10,000 in `npm run soak -- faults`; fewer on CI, for its time. */
const ATTEMPTS = Number(process.env.FAULT_ATTEMPTS ?? 500);
const CONCURRENCY = 16;
const PARTS = 144;
const SERVICE = 'Fault Visit';
const ZONE = 'Asia/Kolkata';

interface Child {
  name: string;
  process: ChildProcess;
  exited: Promise<number | null>;
  port: Promise<number>;
}

/**
 * The scale-out profile under faults, on this machine's PostgreSQL and Redis: three API
 * processes, a projector and a worker. Booking attempts are spread over the API processes, one
 * in ten racing the attempt before it for the same interval. One API process is killed during
 * the run: its callers retry on another with their Idempotency-Key. The projector is killed
 * and started again. The admin's socket, on the killed process, reconnects to another.
 */
describe('the scale-out processes under faults', () => {
  let database: TestDatabase;
  let dataDir: string;
  let store: PostgresEventStore;
  const children: Child[] = [];
  const sockets: Socket[] = [];
  const prefix = `faults_${randomBytes(4).toString('hex')}`;

  const start = (name: string, entry: string, env: Record<string, string> = {}): Child => {
    const child = spawn(process.execPath, ['--import', 'tsx', `services/src/main/${entry}.ts`], {
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        REDIS_URL,
        JOBS_PREFIX: prefix,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        DATABASE_POOL_SIZE: '8',
        PASSWORD_HASH_COST: 'test',
        DEMO_DATA: 'false',
        BOOKING_LIMIT: '0',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const port = new Promise<number>((resolve) => {
      let seen = '';
      child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
        seen = (seen + chunk).slice(-4096);
        const running = /Appointment is running on http:\/\/localhost:(\d+)/.exec(seen);
        if (running) resolve(Number(running[1]));
      });
    });
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      if (/error/i.test(chunk)) process.stderr.write(`[${name}] ${chunk}`);
    });
    const exited = new Promise<number | null>((resolve) =>
      child.once('exit', (code, signal) => resolve(code ?? (signal ? -1 : null))),
    );
    const started = { name, process: child, exited, port };
    children.push(started);
    return started;
  };
  const listening = async (child: Child) => {
    const port = await Promise.race([
      child.port,
      child.exited.then((code) => Promise.reject(new Error(`${child.name} exited with ${code}`))),
    ]);
    return `http://127.0.0.1:${port}`;
  };

  beforeAll(async () => {
    database = await createTestDatabase('scale_faults');
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'appointment-faults-'));
    store = await PostgresEventStore.connect({ connectionString: database.url });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    for (const child of children) child.process.kill('SIGKILL');
    await store?.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('books without doubles or losses while an API process and the projector are killed', async () => {
    start('projector', 'projector');
    start('worker', 'worker');
    const api = { HOST: '127.0.0.1', PORT: '0' };
    const a = await listening(start('api A', 'api', { ...api, DEMO_DATA: 'true' }));
    const [b, c] = await Promise.all([
      listening(start('api B', 'api', api)),
      listening(start('api C', 'api', api)),
    ]);
    const apiC = children.find((child) => child.name === 'api C')!;
    const apis = [a, b, c];

    // Enough intervals for every attempt that does not race: PARTS a day, one time slot a day.
    const admin = new Caller(a);
    expect((await admin.login('admin@example.com')).status).toBe(200);
    expect(
      // Four minutes: it fits the time slot's five-minute parts (docs/product.md §4 duration rule).
      (await admin.op('addService', { body: { name: SERVICE, duration: 4, price: 0 } })).status,
    ).toBeLessThan(300);
    const days = Math.ceil((ATTEMPTS * 0.9) / PARTS) + 1;
    const added = await admin.op('addTimeSlot', {
      body: {
        date: dayKeyFromToday(ZONE, 2),
        startTime: '12:00',
        endTime: '23:59',
        addAsSlot: true,
        availableSlots: PARTS,
        repeat: 'daily',
        repeatUntil: dayKeyFromToday(ZONE, 1 + days),
        serviceIds: [SERVICE],
      },
    });
    expect(added.status).toBe(201);
    const timeSlots = added.body.timeslots;
    const me = await admin.op('me');
    const adminId = me.body.user.id;
    const providerId = me.body.user.providerId;
    const user = new Caller(a);
    expect((await user.login('user@example.com')).status).toBe(200);

    // The admin listens on the process that will be killed, and moves to another when it goes.
    const received = new Set<string>();
    let reconnectedAt = Infinity;
    const listen = (base: string) => {
      const socket = connect(base, {
        transports: ['websocket'],
        reconnection: false,
        auth: { token: admin.token },
      });
      sockets.push(socket);
      socket.on('appointmentCreatedadmin', (payload: { _id: string }) => received.add(payload._id));
      return socket;
    };
    const first = listen(c);
    await new Promise<void>((resolve, reject) => {
      first.once('connect', () => resolve());
      first.once('connect_error', reject);
    });
    first.once('disconnect', () => {
      const next = listen(a);
      next.once('connect', () => {
        reconnectedAt = Date.now();
      });
    });

    // The attempts: one in ten goes for the interval of the attempt before it.
    const targets: { timeSlot: { _id: string; date: string }; index: number }[] = [];
    for (let i = 0, fresh = 0; i < ATTEMPTS; i++) {
      if (i % 10 === 9) targets.push(targets[i - 1]!);
      else {
        targets.push({
          timeSlot: timeSlots[fresh % timeSlots.length]!,
          index: Math.floor(fresh / timeSlots.length) + 1,
        });
        fresh++;
      }
    }
    interface Outcome {
      status: number;
      appointmentId?: string;
      answeredAt: number;
      tries: number;
    }
    const outcomes: Outcome[] = new Array(ATTEMPTS);
    const attempt = async (i: number): Promise<Outcome> => {
      const key = randomUUID();
      const { timeSlot, index } = targets[i]!;
      for (let tries = 1; tries <= 6; tries++) {
        const base = apis[(i + tries - 1) % apis.length]!;
        try {
          const response = await fetch(`${base}/api/appointments/bookappointment`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${user.token}`,
              'idempotency-key': key,
            },
            body: JSON.stringify({
              servicename: SERVICE,
              providerId,
              timeslotId: timeSlot._id,
              date: timeSlot.date,
              index: String(index),
            }),
          });
          const body = (await response.json()) as { appointment?: { _id: string } };
          if (response.status >= 500) continue;
          return {
            status: response.status,
            appointmentId: body.appointment?._id,
            answeredAt: Date.now(),
            tries,
          };
        } catch {
          // The process went away mid-call: the same key, on the next process.
        }
      }
      return { status: 0, answeredAt: Date.now(), tries: 6 };
    };
    let next = 0;
    let projectorRestarted: Promise<unknown> | undefined;
    const worker = async () => {
      for (let i = next++; i < ATTEMPTS; i = next++) {
        if (i === Math.floor(ATTEMPTS / 3)) apiC.process.kill('SIGKILL');
        if (i === Math.floor(ATTEMPTS / 2)) {
          const projector = children.find((child) => child.name === 'projector')!;
          projector.process.kill('SIGKILL');
          projectorRestarted = projector.exited.then(() => start('projector again', 'projector'));
        }
        outcomes[i] = await attempt(i);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    await projectorRestarted;

    // Every attempt was answered: booked, or refused because the racer before it won.
    const statuses = new Map<number, number>();
    for (const outcome of outcomes) statuses.set(outcome.status, (statuses.get(outcome.status) ?? 0) + 1);
    expect([...statuses.keys()].sort()).toEqual(statuses.has(409) ? [201, 409] : [201]);
    expect(outcomes.some((outcome) => outcome.tries > 1)).toBe(true);
    const booked = outcomes.filter((outcome) => outcome.status === 201);
    // An interval is taken at most once; every attempt that did not race got its own.
    const byInterval = new Map<string, number>();
    outcomes.forEach((outcome, i) => {
      if (outcome.status !== 201) return;
      const key = `${targets[i]!.timeSlot._id}/${targets[i]!.index}`;
      byInterval.set(key, (byInterval.get(key) ?? 0) + 1);
    });
    expect([...byInterval.values()].filter((n) => n > 1)).toEqual([]);
    expect(booked.length).toBe(byInterval.size);
    expect(booked.length).toBeGreaterThanOrEqual(ATTEMPTS - Math.floor(ATTEMPTS / 10));

    // The log holds exactly the bookings answered, once each, and the read models catch up.
    const { rows: events } = await store.pool.query<{ event_id: string; appointment_id: string }>(
      `SELECT event_id, data->>'appointmentId' AS appointment_id FROM es.events WHERE event_type = 'IntervalBooked'
         AND data->>'serviceName' = $1`,
      [SERVICE],
    );
    const answered = booked.map((outcome) => outcome.appointmentId!).sort();
    expect(new Set(answered).size).toBe(answered.length);
    expect(events.map((row) => row.appointment_id).sort()).toEqual(answered);
    const head = (await store.readAll({ after: undefined, limit: 1_000_000 })).at(-1)!.position;
    expect(
      await waitForCheckpoints(
        store.pool,
        head,
        PROJECTIONS.map((projection) => projection.name),
        120_000,
      ),
    ).toBe(true);
    const { rows: doubles } = await store.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (
         SELECT timeslot_id, interval_number FROM rm_appointments.appointments WHERE status <> 'cancelled'
          GROUP BY timeslot_id, interval_number HAVING count(*) > 1) d`,
    );
    expect(doubles[0]!.n).toBe(0);

    // Live notifications kept arriving on the socket that moved: each booking answered after it
    // reconnected reaches it (the restarted projector pushes what it records).
    expect(reconnectedAt).toBeLessThan(Infinity);
    const notificationOf = new Map(
      events.map((row) => [
        row.appointment_id,
        uuidv5(`${row.event_id}\u0001${adminId}`, NOTIFICATION_NAMESPACE),
      ]),
    );
    const due = booked
      .filter((outcome) => outcome.answeredAt > reconnectedAt + 1_000)
      .map((outcome) => notificationOf.get(outcome.appointmentId!)!);
    expect(due.length).toBeGreaterThan(0);
    for (let i = 0; i < 600 && due.some((id) => !received.has(id)); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(due.filter((id) => !received.has(id))).toEqual([]);

    // The projector killed mid-batch and started again: every read model equals a clean rebuild.
    // Read as the processes read it: personal fields opened.
    const diffs = await compareReadModels(store.pool, await PrivateEventStore.over(store, store.pool));
    expect(diffs.filter((diff) => diff.onlyLive > 0 || diff.onlyRebuilt > 0)).toEqual([]);
  }, 900_000);
});
