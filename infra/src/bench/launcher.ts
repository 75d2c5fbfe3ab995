import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase } from '../testing/postgres';

/**
 * The product as `npm start` runs it (the single-node launcher with demo data), in its own
 * process on a fresh database, for the HTTP benches: the load generator never shares its event
 * loop with the server.
 */
export interface Launched {
  base: string;
  databaseUrl: string;
  stop(): Promise<void>;
}

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

export const startLauncher = async (name: string): Promise<Launched> => {
  const database = await createTestDatabase(name);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'appointment-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'services/src/main/all-in-one.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'true',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
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
  return { base, databaseUrl: database.url, stop };
};

/** One JSON call; a refusal stops the bench with the answer. */
export const call = async (
  base: string,
  token: string | undefined,
  route: string,
  body: unknown,
): Promise<Record<string, unknown>> => {
  const response = await fetch(`${base}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${route} answered ${response.status}: ${JSON.stringify(json)}`);
  return json;
};

export const signIn = async (base: string, email: string): Promise<string> =>
  String((await call(base, undefined, '/api/auth/login', { email, password: 'password123' })).token);
