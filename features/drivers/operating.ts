import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { PlatformWorld } from '../support/world';

/*
 * Operating the platform as an operator does: the health check over HTTP and the operator CLI
 * (`npm run ops`) against the platform's database.
 */

const ROOT = path.resolve(__dirname, '../..');
const run = promisify(execFile);

export interface Health {
  status: string;
  postgres: { ok: boolean };
  projections: { name: string; lag: number }[];
}

export const checkHealth = (world: PlatformWorld) => world.get('/api/health');

/** Runs an operator command (services/src/main/ops.ts) on the platform's database. */
const ops = (world: PlatformWorld, ...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'services/src/main/ops.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: world.database!.url },
  });

export const rebuildAll = (world: PlatformWorld) => ops(world, 'rebuild', 'all');

/** The operators' stream catalogue as `ops streams` prints it in its first line. */
export const streamCatalog = async (world: PlatformWorld): Promise<{ streams: number; events: number }> => {
  const { stdout } = await ops(world, 'streams');
  const summary = /^Stream catalogue: (\d+) streams, (\d+) events$/m.exec(stdout);
  if (!summary) throw new Error(`ops streams printed no summary:\n${stdout}`);
  return { streams: Number(summary[1]), events: Number(summary[2]) };
};

/**
 * Records events straight into the event log through the services' EventStore port: an
 * operator's scenario needs a log of a given size, not any particular business behind it.
 */
export const recordEvents = async (world: PlatformWorld, count: number, providers: number, offset = 0) => {
  for (let i = offset; i < offset + count; i++) {
    await world.store.append(`provider-${i % providers}`, [
      { type: i % 2 === 0 ? 'ServiceAdded' : 'TimeSlotAdded', data: { n: i } },
    ]);
  }
};

/** How many events the log holds (the EventStore port; see recordEvents). */
export const eventsRecorded = async (world: PlatformWorld): Promise<number> =>
  (await world.store.readAll({ limit: 1_000_000 })).length;
