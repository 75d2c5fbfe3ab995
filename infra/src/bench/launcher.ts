import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addDays, format } from 'date-fns';
import pg from 'pg';
import { freePort } from '../testing/ports';
import { createTestDatabase } from '../testing/postgres';

/**
 * The product as `npm start` runs it (the single-node launcher with demo data), in its own
 * process on a fresh database, for the HTTP benches: the load generator never shares its event
 * loop with the server.
 */
export interface Launched {
  base: string;
  databaseUrl: string;
  /** The server's process id, for its CPU time. */
  pid: number;
  stop(): Promise<void>;
}

/** Node's flags as `npm start` passes them (package.json), so the bench runs what users run. */
const startFlags = (): string[] => {
  const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } };
  const flags = /node (.*) services\/src\/main\/all-in-one\.ts/.exec(scripts.start)?.[1];
  if (!flags) throw new Error('package.json: the start script no longer runs all-in-one.ts with node');
  return flags.split(' ');
};

export const startLauncher = async (name: string): Promise<Launched> => {
  const database = await createTestDatabase(name);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'appointment-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // BENCH_PROFILE_DIR=/some/dir writes a V8 CPU profile of the server there when it stops.
  const profile = process.env.BENCH_PROFILE_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
    : [];
  const child = spawn(process.execPath, [...profile, ...startFlags(), 'services/src/main/all-in-one.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'true',
      // Not 'production': production refuses demo accounts and the sandbox payments.
      // Express and the app do nothing slower outside production but check their answers
      // against the schemas, which production skips: the bench measures what production runs.
      NODE_ENV: 'test',
      CHECK_ANSWERS: 'false',
      // One bench user books thousands of intervals; the per-account limit would stop it.
      BOOKING_LIMIT: '0',
      // BENCH_SERVER_TIMING=1: the booking's answers say where their time went (harness collectSteps).
      ...(process.env.BENCH_SERVER_TIMING ? { SERVER_TIMING: 'true' } : {}),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    // BENCH_KEEP_DATABASE=1 keeps the run's database and data folder (to rebuild its log again, say).
    if (process.env.BENCH_KEEP_DATABASE) {
      console.log(`kept: DATABASE_URL=${database.url} DATA_DIR=${dataDir}`);
      return;
    }
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the launcher exited with ${child.exitCode}`);
    }
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error('the launcher did not answer within 120 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { base, databaseUrl: database.url, pid: child.pid!, stop };
};

/** One JSON call; a refusal stops the bench with the answer. */
export const call = async (
  base: string,
  token: string | undefined,
  route: string,
  body: unknown,
  method: 'POST' | 'PUT' | 'GET' = 'POST',
): Promise<Record<string, unknown>> => {
  const response = await fetch(`${base}${route}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(method === 'GET' ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${route} answered ${response.status}: ${JSON.stringify(json)}`);
  return json;
};

export const signIn = async (base: string, email: string): Promise<string> =>
  String(
    (await call(base, undefined, '/api/auth/login?token=true', { email, password: 'password123' })).token,
  );

/** The free service the booking benches book. */
export const BENCH_SERVICE = 'Bench Visit';

export interface BenchClinic {
  /** The demo provider's admin's token, and the demo user's. */
  admin: string;
  user: string;
  providerId: string;
  timeSlots: { _id: string; date: string }[];
}

/**
 * The demo clinic (Sunrise) ready for a booking bench: its admin adds `BENCH_SERVICE` (15 minutes,
 * free) and one time slot a day from `firstDay` to `lastDay` days from today, 12:00–23:59 in `parts`
 * intervals, after the demo's daily 09:00–12:00 (a provider's time slots never overlap); the demo
 * user signs in.
 */
export const benchClinic = async (
  base: string,
  {
    firstDay,
    lastDay,
    parts,
    allowRecurring = false,
  }: { firstDay: number; lastDay: number; parts: number; allowRecurring?: boolean },
): Promise<BenchClinic> => {
  const admin = await signIn(base, 'admin@example.com');
  // Four minutes: it fits the finest parts a bench asks for (144 over 12:00–23:59), as the duration
  // rule wants (docs/product.md §4).
  await call(base, admin, '/api/providerservice/addservice', {
    name: BENCH_SERVICE,
    duration: 4,
    price: 0,
    // Issue 31: bookable as a series (the series bench).
    ...(allowRecurring ? { allowRecurring: true } : {}),
  });
  const today = new Date();
  const added = await call(base, admin, '/api/schedulemanage/addtimeslot', {
    date: format(addDays(today, firstDay), 'yyyy-MM-dd'),
    startTime: '12:00',
    endTime: '23:59',
    addAsSlot: true,
    availableSlots: parts,
    repeat: 'daily',
    repeatUntil: format(addDays(today, lastDay), 'yyyy-MM-dd'),
    serviceIds: [BENCH_SERVICE],
  });
  const timeSlots = added.timeslots as { _id: string; date: string }[];
  const user = await signIn(base, 'user@example.com');
  const providerId = (
    (await call(base, user, '/api/providers/fetchprovider', { search: 'Sunrise' })).providers as {
      id: string;
    }[]
  )[0]!.id;
  return { admin, user, providerId, timeSlots };
};

/** What a bench on the bench clinic is handed: the launcher, the clinic, and a client of its database. */
export type BenchRun = Launched & BenchClinic & { db: pg.Client };

/**
 * The launcher on database `name` with the bench clinic of `clinic` (benchClinic) and a client of
 * its database for reading the log; `bench` runs on them, and the client and the launcher are
 * closed after it, whatever happens.
 */
export const withBenchClinic = async (
  name: string,
  clinic: Parameters<typeof benchClinic>[1],
  bench: (run: BenchRun) => Promise<void>,
): Promise<void> => {
  const launched = await startLauncher(name);
  const db = new pg.Client({ connectionString: launched.databaseUrl });
  await db.connect();
  try {
    await bench({ ...launched, ...(await benchClinic(launched.base, clinic)), db });
  } finally {
    await db.end();
    await launched.stop();
  }
};

/** What `withYearOfSlots` hands a bench. */
export type YearOfSlots = BenchRun;

/** The bench clinic's daily time slots for a year from tomorrow, in `parts` intervals each. */
export const withYearOfSlots = (
  name: string,
  parts: number,
  bench: (launched: YearOfSlots) => Promise<void>,
): Promise<void> => withBenchClinic(name, { firstDay: 1, lastDay: 366, parts }, bench);
