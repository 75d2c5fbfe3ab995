import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  HISTORY_PATHS,
  historyPath,
  type HistoryEntry,
  type HistoryPage,
  type ProviderStateAt,
} from '@appointment/contracts/history';
import type { Person, PlatformWorld } from '../support/world';
import { providerList } from './catalogue';

/*
 * A provider's history as platform staff read it (through the HTTP API), and the operator's
 * replay (`npm run ops -- replay`), whose result an operator inspects with SQL.
 */

const ROOT = path.resolve(__dirname, '../..');
const run = promisify(execFile);

/** The id of a provider by its name, as the platform's provider list gives it. */
export const providerIdOf = async (world: PlatformWorld, staff: Person, name: string): Promise<string> => {
  const provider = (await providerList(world, staff)).find((candidate) => candidate.name === name);
  if (!provider) throw new Error(`no provider named ${name}`);
  return provider.id;
};

/** Every entry of a provider's history, newest first, page by page. */
export const readHistory = async (world: PlatformWorld, reader: Person, providerId: string) => {
  const entries: HistoryEntry[] = [];
  let cursor: string | null = '';
  while (cursor !== null) {
    const response = await world.request(
      reader,
      'GET',
      `${historyPath(HISTORY_PATHS.history, providerId)}?limit=200${cursor ? `&cursor=${cursor}` : ''}`,
    );
    if (response.status !== 200) return { response, entries };
    const page = response.body as HistoryPage;
    entries.push(...page.entries);
    cursor = page.nextCursor;
  }
  return { response: world.lastResponse!, entries };
};

export const stateAt = async (
  world: PlatformWorld,
  reader: Person,
  providerId: string,
  at: string,
): Promise<ProviderStateAt> => {
  const response = await world.request(
    reader,
    'GET',
    `${historyPath(HISTORY_PATHS.state, providerId)}?at=${encodeURIComponent(at)}`,
  );
  if (response.status !== 200)
    throw new Error(`state at ${at}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as ProviderStateAt;
};

/**
 * `npm run ops -- replay appointments --to <point> --into <schema>` on the platform's database;
 * the rows of each table the replay left in the schema, as it prints them.
 */
export const replayAppointments = async (
  world: PlatformWorld,
  to: string,
  schema: string,
): Promise<Map<string, number>> => {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', 'services/src/main/ops.ts', 'replay', 'appointments', '--to', to, '--into', schema],
    { cwd: ROOT, env: { ...process.env, DATABASE_URL: world.database!.url } },
  );
  return new Map(
    [...stdout.matchAll(/^ {2}(\w+): (\d+) rows$/gm)].map((match) => [match[1]!, Number(match[2])]),
  );
};
