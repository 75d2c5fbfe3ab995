import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Person, PlatformWorld } from '../support/world';
import { deleteAccount, profileOf } from './accounts';

/*
 * Forgetting a person: a person deletes their own account through the API, and an
 * operator checks with `npm run ops -- find <text>…` that neither the raw event log nor any read
 * model still holds what was theirs.
 */

const ROOT = path.resolve(__dirname, '../..');
const run = promisify(execFile);

/** The person deletes their own account, as the profile screen does. */
export const deleteOwnAccount = async (world: PlatformWorld, person: Person) => {
  const { id } = await profileOf(world, person);
  return deleteAccount(world, person, { id });
};

/**
 * Where the texts still are, as `ops find` prints it: one line per table and text; empty when
 * nothing holds them.
 */
export const placesHolding = async (world: PlatformWorld, texts: readonly string[]): Promise<string[]> => {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', 'services/src/main/ops.ts', 'find', ...texts],
    { cwd: ROOT, env: { ...process.env, DATABASE_URL: world.database!.url } },
  );
  return stdout
    .split('\n')
    .filter((line) => / row\(s\) hold /.test(line))
    .map((line) => line.trim());
};
