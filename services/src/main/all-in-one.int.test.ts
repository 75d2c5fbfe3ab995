import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PostgresEventStore } from '../eventstore/postgres-event-store';

const ROOT = path.resolve(__dirname, '../../..');

interface Launched {
  child: ChildProcess;
  /** The port the system picked (PORT=0), as the start-up line names it. */
  port: number;
  output: () => string;
  exited: Promise<number | null>;
}

/** `npm start` without DATABASE_URL: the launcher process with its embedded PostgreSQL. */
const launch = async (dataDir: string): Promise<Launched> => {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    // The operator on this machine reads the details of /api/health.
    HEALTH_DETAILS_LOCAL: 'true',
    PASSWORD_HASH_COST: 'test',
  };
  delete env.DATABASE_URL;
  // In a process group of its own, as a terminal runs `npm start`: Ctrl-C signals the whole group.
  const child = spawn(process.execPath, ['--import', 'tsx', 'services/src/main/all-in-one.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 60_000;
  let running: RegExpExecArray | null;
  while (!(running = /running on http:\/\/localhost:(\d+)/.exec(output))) {
    if (Date.now() > deadline || child.exitCode !== null)
      throw new Error(`launcher did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { child, port: Number(running[1]), output: () => output, exited };
};

interface Health {
  status: string;
  postgres: { ok: boolean };
  projections: { name: string; eventsApplied: number; lag: number }[];
  jobs: Record<string, { waiting: number; failed: number }>;
}

/**
 * Ctrl-C in the terminal: SIGINT to every process of the launcher's group, the database's included.
 * Answers what the launcher prints from then on, once it has exited.
 */
const ctrlC = async (launched: Launched): Promise<{ code: number | null; output: string }> => {
  const from = launched.output().length;
  process.kill(-launched.child.pid!, 'SIGINT');
  const code = await launched.exited;
  return { code, output: launched.output().slice(from) };
};

/** What a stop must not print: an error or a warning logged, or a crash. */
const troubleIn = (output: string): string[] =>
  output.split('\n').filter((line) => /"level":(40|50|60)|Unhandled|Error:/.test(line));

const health = async (port: number): Promise<Health> =>
  (await (await fetch(`http://localhost:${port}/api/health`)).json()) as Health;

describe('single-node launcher (npm start)', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'appointment-data-'));
  let running: Launched | undefined;

  beforeAll(() => {
    if (!existsSync(path.join(ROOT, 'frontend/dist/index.html'))) {
      execFileSync('npm', ['run', 'build', '--workspace', 'frontend'], { cwd: ROOT, stdio: 'ignore' });
    }
  });
  afterAll(async () => {
    if (running && running.child.exitCode === null) await ctrlC(running);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts an embedded PostgreSQL, serves the app and the API, stops cleanly, and reuses its data', async () => {
    running = await launch(dataDir);
    const { port } = running;
    expect(running.output()).toContain('embedded server initialised and started');

    const first = await health(port);
    expect(first).toMatchObject({ status: 'ok', postgres: { ok: true } });
    expect(first.projections.map((projection) => projection.name)).toContain('stream_catalog');
    // BullMQ runs on the same PostgreSQL in this profile.
    expect(Object.keys(first.jobs).sort()).toEqual([
      'chat-app',
      'payment-confirmation',
      'payment-timeout',
      'refunds',
      'reminders',
      'webhook-delivery',
      'whatsapp',
    ]);
    expect(first.jobs['reminders']).toMatchObject({ waiting: 0, failed: 0 });

    const shell = await fetch(`http://localhost:${port}/`);
    expect(shell.status).toBe(200);
    const shellHtml = await shell.text();
    expect(shellHtml).toContain('<div id="root">');
    // The app's script, as the build compressed it (brotli), kept by the browser for good.
    const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(shellHtml)![1]!;
    const asset = await fetch(`http://localhost:${port}${script}`, { headers: { 'accept-encoding': 'br' } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-encoding')).toBe('br');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await asset.text()).length).toBeGreaterThan(1000);
    const deepLink = await fetch(`http://localhost:${port}/appointments/book`);
    expect(await deepLink.text()).toContain('<div id="root">');
    const unknownApi = await fetch(`http://localhost:${port}/api/no-such-route`);
    expect(unknownApi.status).toBe(404);
    expect(await unknownApi.json()).toEqual({ message: 'No API route for GET /no-such-route' });

    // Record an event in the embedded database; the projector picks it up live.
    const { port: pgPort } = JSON.parse(readFileSync(path.join(dataDir, 'postgres.json'), 'utf8')) as {
      port: number;
    };
    const store = await PostgresEventStore.connect({
      connectionString: `postgres://postgres:appointment@127.0.0.1:${pgPort}/appointment`,
    });
    await store.append('launcher-check', [{ type: 'LauncherChecked', data: { run: 1 } }]);
    await store.close();
    const caughtUp = async () => {
      const deadline = Date.now() + 20_000;
      for (;;) {
        const catalog = (await health(running!.port)).projections.find(
          (projection) => projection.name === 'stream_catalog',
        )!;
        if ((catalog.lag === 0 && catalog.eventsApplied > 0) || Date.now() > deadline) return catalog;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const before = await caughtUp();
    // The first start of an empty store records the demo accounts through commands.
    expect(running.output()).toContain('Demo data created');
    const login = await fetch(`http://localhost:${port}/api/auth/login?token=true`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: 'password123' }),
    });
    expect(login.status).toBe(200);

    // Ctrl-C stops it as SIGTERM does: every part in order, the database last, nothing failing.
    const stopped = await ctrlC(running);
    expect(stopped.code).toBe(0);
    expect(stopped.output).toContain('"msg":"stopped"');
    expect(troubleIn(stopped.output)).toEqual([]);
    await expect(fetch(`http://localhost:${port}/api/health`)).rejects.toThrow();

    running = await launch(dataDir);
    expect(running.output()).toContain('reusing its data');
    const after = await caughtUp();
    expect(after).toMatchObject({ eventsApplied: before.eventsApplied, lag: 0 });
    expect(running.output()).not.toContain('Demo data created');
    const again = await ctrlC(running);
    expect(again.code).toBe(0);
    expect(troubleIn(again.output)).toEqual([]);
  });
});
