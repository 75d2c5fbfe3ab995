import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../testing/ports';

/** One violation as Prism reports it in the `sl-violations` header. */
export interface PrismViolation {
  /** `request…` or `response…`, then the path inside it. */
  location: string[];
  severity: string;
  code?: string | number;
  message: string;
}

export interface PrismProxy {
  base: string;
  /** What Prism printed, for a failure's message. */
  log(): string;
  stop(): Promise<void>;
}

const PRISM_CLI = require.resolve('@stoplight/prism-cli/dist/index.js');

/**
 * Stoplight Prism in proxy mode on a loopback port, in front of `upstream`, validating every
 * request and answer against `document`. Without `--errors` every request reaches the app, even
 * one Prism finds wrong (a signed-out call to a closed operation), so the app's own answer to it
 * is checked too; each violation comes back in the `sl-violations` header either way.
 */
export const startPrismProxy = async (document: unknown, upstream: string): Promise<PrismProxy> => {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'prism-'));
  const file = path.join(folder, 'openapi.json');
  writeFileSync(file, JSON.stringify(document));
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [PRISM_CLI, 'proxy', file, upstream, '--host', '127.0.0.1', '--port', String(port), '-v', 'warn'],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' } },
  );
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  child.stderr!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(folder, { recursive: true, force: true });
  };
  // Listening: its port answers (any status).
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`Prism exited (${child.exitCode}): ${output}`);
    }
    try {
      await fetch(`${base}/api/health`);
      break;
    } catch {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`Prism did not listen within 30 s: ${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return { base, log: () => output, stop };
};

/** The violations of one answer through the proxy (none: no header). */
export const violationsOf = (headers: Headers): PrismViolation[] => {
  const header = headers.get('sl-violations');
  if (!header) return [];
  // Prism cuts a long list at about 8 KB and says so: at least one violation, unreadable.
  if (header.startsWith('Too many violations!'))
    return [{ location: ['response'], severity: 'Error', message: header.slice(0, 300) }];
  return JSON.parse(header) as PrismViolation[];
};
