import { Redis } from 'ioredis';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { io as connect, type Socket } from 'socket.io-client';
import { DEMO_PASSWORD } from '@appointment/contracts/accounts';
import { MESSAGES } from '@appointment/contracts/messages';
import { createTestDatabase, type TestDatabase } from '@appointment/infra/testing/postgres';
import { bookAtSunrise, Caller } from '../testing/test-platform';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * The scale-out profile (docs/architecture.md §4) as separate processes on one database and one Redis: the
 * projector, a worker and two API processes. A booking made through one API process is pushed
 * live, by the projector, to the provider admin's socket on the other.
 */
describe('the scale-out processes', () => {
  let database: TestDatabase;
  let dataDir: string;
  interface Child {
    name: string;
    process: ChildProcess;
    /** Its exit code, listened for from the spawn on, so an early exit is never missed. */
    exited: Promise<number | null>;
    /** The port it serves on, once its start-up line says so (API processes). */
    port: Promise<number>;
    stderr: string[];
  }
  const children: Child[] = [];
  const sockets: Socket[] = [];
  const prefix = `scale_${randomBytes(4).toString('hex')}`;

  const start = (name: string, entry: string, env: Record<string, string> = {}): Child => {
    const child = spawn(process.execPath, ['--import', 'tsx', `services/src/main/${entry}.ts`], {
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        REDIS_URL,
        JOBS_PREFIX: prefix,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        DATABASE_POOL_SIZE: '4',
        PASSWORD_HASH_COST: 'test',
        DEMO_DATA: 'false',
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
    const stderr: string[] = [];
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      stderr.push(chunk);
      process.stderr.write(`[${name}] ${chunk}`);
    });
    const exited = new Promise<number | null>((resolve) =>
      child.once('exit', (code, signal) => resolve(code ?? (signal ? -1 : null))),
    );
    const started = { name, process: child, exited, port, stderr };
    children.push(started);
    return started;
  };

  /**
   * `promise`, unless a process exits first (while `exitsFail`) or `seconds` pass: then an error
   * that names what was awaited and what each process wrote to stderr.
   */
  const within = async <T>(
    what: string,
    seconds: number,
    promise: Promise<T>,
    exitsFail = true,
  ): Promise<T> => {
    let timer: NodeJS.Timeout | undefined;
    const failure = (why: string) =>
      new Error(
        [
          `${what}: ${why}`,
          ...children.map((c) => `[${c.name}] ${c.stderr.join('').trim() || '(no stderr)'}`),
        ].join('\n'),
      );
    try {
      return await Promise.race([
        promise,
        ...(exitsFail ? children : []).map((c) =>
          c.exited.then((code) => Promise.reject(failure(`${c.name} exited early with ${code}`))),
        ),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(failure(`not within ${seconds} s`)), seconds * 1000);
        }),
      ]);
    } finally {
      clearTimeout(timer);
    }
  };

  beforeAll(async () => {
    database = await createTestDatabase('scale_out');
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'appointment-scale-out-'));
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    for (const child of children) child.process.kill('SIGKILL');
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('books through one API process and pushes live to a socket on another; each stops cleanly', async () => {
    start('projector', 'projector');
    start('worker', 'worker');
    // The demo data is seeded by one API process only; its commands wait for the projector.
    // Each API process takes a port the system picks (PORT=0) and names it in its start-up line,
    // so no other process can take the port between choosing it and listening on it.
    const api = { HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info' };
    const portA = await within(
      'API A listening',
      90,
      start('api A', 'api', { ...api, DEMO_DATA: 'true' }).port,
    );
    const portB = await within('API B listening', 90, start('api B', 'api', api).port);
    const [a, b] = [`http://127.0.0.1:${portA}`, `http://127.0.0.1:${portB}`];

    const user = new Caller(a);
    expect((await within('the user logging in', 20, user.login('user@example.com'))).status).toBe(200);
    const admin = new Caller(b);
    expect((await within('the admin logging in', 20, admin.login('admin@example.com'))).status).toBe(200);

    const socket = connect(b, {
      transports: ['websocket'],
      reconnection: false,
      auth: { token: admin.token },
    });
    sockets.push(socket);
    await within(
      "the admin's socket connecting",
      20,
      new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      }),
    );
    const pushed = new Promise<{ message: string; _id: string }>((resolve) =>
      socket.once('appointmentCreatedadmin', resolve),
    );

    const { appointment } = await within('the booking', 20, bookAtSunrise(user, 'General Consultation'));
    expect(appointment).toMatchObject({ status: 'pending', serviceName: 'General Consultation' });
    const live = await within('the live notification on the other API process', 15, pushed);
    expect(live.message).toContain('General Consultation');

    // Read from the other API process at once: the booking answered once the read model held it.
    const elsewhere = new Caller(b);
    elsewhere.token = user.token;
    const listed = await elsewhere.op('list', {
      body: {
        filters: { status: 'all' },
      },
    });
    expect(listed.body.appointments.map((a) => a._id)).toContain(appointment._id);
    // The notification was recorded too: the admin's list holds it once it is projected.
    let listedIds: string[] = [];
    for (let i = 0; i < 100 && !listedIds.includes(live._id); i++) {
      if (i > 0) await new Promise((resolve) => setTimeout(resolve, 50));
      const notifications = await admin.op('notifications');
      listedIds = notifications.body.notifications.map((n) => n._id);
    }
    expect(listedIds).toContain(live._id);

    for (const child of children) child.process.kill('SIGTERM');
    // Each stops within its own 15 s grace period, or exits 1.
    const codes = await within(
      'every process exiting on SIGTERM',
      30,
      Promise.all(children.map((c) => c.exited)),
      false,
    );
    expect(Object.fromEntries(children.map((c, i) => [c.name, codes[i]]))).toEqual(
      Object.fromEntries(children.map((c) => [c.name, 0])),
    );
    children.length = 0;
  }, 180_000);

  it('shares sign-in and registration limits and ended sessions across API processes through Redis', async () => {
    start('projector', 'projector');
    const api = { HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', REGISTRATION_LIMIT: '2' };
    const portA = await within(
      'API A listening',
      90,
      start('api A', 'api', { ...api, DEMO_DATA: 'true' }).port,
    );
    const portB = await within('API B listening', 90, start('api B', 'api', api).port);
    const [a, b] = [`http://127.0.0.1:${portA}`, `http://127.0.0.1:${portB}`];
    /** The same session token, used through the other API process. */
    const on = (base: string, token?: string) => Object.assign(new Caller(base), { token });

    // Sign-out on A: B, which has just trusted the session (and cached it), refuses it at once.
    const user = new Caller(a);
    expect((await within('the user logging in', 20, user.login('user@example.com'))).status).toBe(200);
    expect((await on(b, user.token).op('me')).status).toBe(200);
    expect((await user.op('logout')).status).toBe(200);
    expect((await on(b, user.token).op('me')).status).toBe(401);

    // A password change on B ends the person's other sessions, cached on A, at once; its own stays.
    const kept = new Caller(b);
    expect((await kept.login('user@example.com')).status).toBe(200);
    const other = new Caller(a);
    expect((await other.login('user@example.com')).status).toBe(200);
    expect((await other.op('me')).status).toBe(200);
    const changed = await kept.op('updatePassword', {
      body: {
        currentPassword: DEMO_PASSWORD,
        newPassword: 'another password 1',
        confirmPassword: 'another password 1',
      },
    });
    expect(changed.status).toBe(200);
    expect((await other.op('me')).status).toBe(401);
    expect((await kept.op('me')).status).toBe(200);

    // A deletion on A ends the person's sessions cached on B at once.
    const doomed = {
      name: 'Doomed Person',
      email: 'doomed@example.org',
      phone: '5551234567',
      password: 'correct horse',
      confirmPassword: 'correct horse',
    };
    expect((await new Caller(a).op('registerUser', { body: doomed })).status).toBe(201);
    const onA = new Caller(a);
    expect((await onA.login(doomed.email, doomed.password)).status).toBe(200);
    const onB = on(b, onA.token);
    const me = await onB.op('me');
    expect(me.status).toBe(200);
    const deleted = await onA.op('deleteAccount', { body: { id: me.body.user.id } });
    expect(deleted.status).toBe(200);
    expect((await onB.op('me')).status).toBe(401);

    // Registrations: the limit is 2 per address, and it counts over both processes (one used above).
    const person = (n: number) => ({ ...doomed, name: `Person ${n}`, email: `person.${n}@example.org` });
    expect((await new Caller(b).op('registerUser', { body: person(1) })).status).toBe(201);
    const third = await new Caller(a).op('registerUser', { body: person(2) });
    expect(third.status).toBe(429);
    expect(third.body.message).toBe(MESSAGES.tooManyRegistrations);

    // Failed sign-ins: 10 a minute for one address and e-mail, counted over both processes.
    const wrong = (base: string) => new Caller(base).login('admin@example.com', 'not the password');
    for (let i = 0; i < 10; i++) expect((await wrong(i % 2 === 0 ? a : b)).status).toBe(401);
    const eleventh = await wrong(a);
    expect(eleventh.status).toBe(429);
    expect((eleventh.body as { message: string }).message).toBe(MESSAGES.tooManyLogins);
    expect((await wrong(b)).status).toBe(429);
    // The counts on Redis name no e-mail address (a keyed hash of it), so a forgotten person's
    // address is not kept there either.
    const redis = new Redis(REDIS_URL);
    try {
      const keys = await redis.keys(`${prefix}:limit:*`);
      expect(keys.some((key) => key.includes(':login:'))).toBe(true);
      expect(keys.filter((key) => key.toLowerCase().includes('admin@example.com'))).toEqual([]);
    } finally {
      redis.disconnect();
    }
  }, 180_000);
});
