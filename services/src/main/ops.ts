import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SingleBar } from 'cli-progress';
import { readCheckpoints } from '@appointment/projections/checkpoints';
import { listParked, parkedCounts, retryParked } from '@appointment/projections/parking';
import { PROJECTIONS, projectionNamed } from '@appointment/projections/registry';
import { rebuildProjections, type RebuildReport } from '@appointment/projections/rebuild';
import { readStreamCatalog } from '@appointment/projections/stream-catalog.projection';
import { backupKeyOf, ConfigError, loadConfig, type Config } from '../config';
import { connectEventStore } from '../eventstore/connect';
import type { EventStore } from '@appointment/contracts/event-store';
import { createPool } from '../eventstore/postgres-event-store';
import { createLogger } from '../logger';
import { allHistory, providerKnown } from '../history/history.queries';
import { pointOf } from '../history/provider-state';
import { BackupError, exportEventLog, exportEventLogToFile, importEventLog } from '../ops/event-log-backup';
import { OpsInputError, replayProjectionTo, verifyProjection } from '../ops/replay';
import { findText } from '../privacy/find-text';
import { openDatabase } from './database';

const USAGE = `Usage: npm run ops -- <command>

  status                      each projection's checkpoint, lag and parked events
  parked [projection]         events a projection could not apply, set aside with the rest of their
                              stream while it goes on with every other stream
  retry-parked [projection|all]
                              apply parked events again (after a fix); those that fail stay parked
  rebuild <projection|all>    rebuild read models from the event log (shadow schema, then swap)
  stream <name>               print a stream's events
  streams                     the operators' stream catalogue: streams and events per category
  export [--from <position>] [--out <file>] [--with-keys]
                              the event log as NDJSON with a closing checksum (stdout without --out);
                              --with-keys adds the person keys, wrapped with BACKUP_KEY
  import <file> [--without-keys]
                              check an export's checksum and load it into an empty event store (its
                              person keys too, unwrapped with BACKUP_KEY, unless --without-keys)
  history provider <id>       a provider's history, newest first, as the History screen shows it
  replay <projection> --to <position|time> --into <schema>
                              a read model as it was at a point, in a schema of its own
  verify [projection|all]     rebuild into a shadow, compare row by row with the live one, swap nothing
  find <text>…                where texts (a forgotten person's e-mails, names, phones, notes) still are:
                              every table of the database (the event log, the read models, the webhook
                              delivery log, the job queues, the mail outbox…), the history snapshots,
                              the uploaded files, and the job queues on Redis when REDIS_URL is set

Projections: ${PROJECTIONS.map((projection) => projection.name).join(', ')}`;

class UsageError extends Error {}

/** Checks a forget. Prints each place holding a text, or that none does. */
const find = async (pool: ReturnType<typeof createPool>, config: Config, texts: string[]) => {
  if (texts.length === 0) throw new UsageError('find needs at least one text');
  const found = await findText(pool, texts, {
    uploadsDir: path.resolve(config.DATA_DIR, 'uploads'),
    redis: config.REDIS_URL ? { url: config.REDIS_URL, prefix: config.JOBS_PREFIX } : undefined,
  });
  for (const place of found) console.log(`${place.table}: ${place.rows} row(s) hold "${place.text}"`);
  if (found.length === 0)
    console.log(
      `Found nowhere: no table of the database, no snapshot, no uploaded file${config.REDIS_URL ? ' and no job on Redis' : ''} holds them.`,
    );
};

/** The events each projection has parked, in log order. */
const parked = async (pool: ReturnType<typeof createPool>, name: string | undefined) => {
  if (name && !projectionNamed(name)) throw new UsageError(`Unknown projection "${name}"`);
  const events = await listParked(pool, name);
  if (events.length === 0) {
    console.log('No parked events: every projection applies every event.');
    return;
  }
  console.table(
    events.map((event) => ({
      projection: event.projection,
      stream: event.streamName,
      position: `${event.position.transactionId}/${event.position.globalPosition}`,
      type: event.eventType,
      error: event.error.slice(0, 120),
      parked: event.parkedAt,
    })),
  );
};

const retry = async (pool: ReturnType<typeof createPool>, store: EventStore, name: string | undefined) => {
  const projections =
    !name || name === 'all' ? PROJECTIONS : [projectionNamed(name)].filter((p) => p !== undefined);
  if (projections.length === 0) throw new UsageError(`Unknown projection "${name ?? ''}"`);
  const counts = await parkedCounts(pool);
  for (const projection of projections) {
    if (!counts.get(projection.name)) continue;
    const report = await retryParked(pool, store, projection);
    console.log(
      `${report.projection}: ${report.applied} event(s) applied, ${report.stillParked} still parked`,
    );
  }
  if (projections.every((projection) => !counts.get(projection.name))) console.log('No parked events.');
};

const status = async (pool: ReturnType<typeof createPool>, store: EventStore) => {
  const checkpoints = await readCheckpoints(pool).catch(() => []);
  const parkedHere = await parkedCounts(pool).catch(() => new Map<string, number>());
  const total = await store.countAfter(undefined, Number.MAX_SAFE_INTEGER);
  console.log(`Event log: ${total} events`);
  const rows = await Promise.all(
    PROJECTIONS.map(async (projection) => {
      const checkpoint = checkpoints.find((entry) => entry.projection === projection.name);
      return {
        projection: projection.name,
        version: checkpoint
          ? `${checkpoint.version}${checkpoint.version === projection.version ? '' : ` (code ${projection.version}: rebuild due)`}`
          : '-',
        checkpoint: checkpoint
          ? `${checkpoint.position.transactionId}/${checkpoint.position.globalPosition}`
          : 'never run',
        applied: checkpoint?.eventsApplied ?? 0,
        lag: await store.countAfter(checkpoint?.position, Number.MAX_SAFE_INTEGER),
        parked: parkedHere.get(projection.name) ?? 0,
        updated: checkpoint?.updatedAt ?? '-',
      };
    }),
  );
  console.table(rows);
};

const rebuild = async (
  pool: ReturnType<typeof createPool>,
  store: EventStore,
  target: string | undefined,
) => {
  if (!target) throw new UsageError('rebuild needs a projection name or "all"');
  const projections =
    target === 'all' ? PROJECTIONS : [projectionNamed(target)].filter((p) => p !== undefined);
  if (projections.length === 0) throw new UsageError(`Unknown projection "${target}"`);
  // `all` reads the log once for every projection; a name rebuilds that one. Without a
  // terminal the line is cut at 200 characters: name the first and count the rest.
  const [first, ...others] = projections.map((projection) => projection.name);
  const label = others.length > 0 ? `${first} and ${others.length} more` : first!;
  const bar = new SingleBar({
    format: `${label.padEnd(20)} {bar} {percentage}% | {value}/{total} events | {speed} events/s | ETA {eta_formatted}`,
    hideCursor: true,
    noTTYOutput: true,
    notTTYSchedule: 1000,
  });
  const started = Date.now();
  bar.start(1, 0, { speed: 0 });
  const reports: RebuildReport[] = await rebuildProjections(pool, store, projections, {
    onProgress: ({ applied, total }) => {
      const seconds = (Date.now() - started) / 1000;
      bar.setTotal(Math.max(total, 1));
      bar.update(applied, { speed: seconds > 0 ? Math.round(applied / seconds) : 0 });
    },
  });
  bar.stop();
  const seconds = (Date.now() - started) / 1000;
  for (const report of reports) {
    const took = report.durationMs / 1000;
    const perSecond = took > 0 ? Math.round(report.applied / took) : report.applied;
    console.log(
      `${report.projection}: ${report.applied} events in ${took.toFixed(1)} s (${perSecond} events/s), swapped in`,
    );
    console.table(
      report.tables.map((table) => ({
        table: table.table,
        'rows before': table.liveRows ?? '-',
        'rows rebuilt': table.rebuiltRows,
      })),
    );
  }
  const events = reports[0]?.applied ?? 0;
  const rate = seconds > 0 ? Math.round(events / seconds) : events;
  console.log(
    `rebuilt ${reports.length} projection(s) from ${events} events in ${seconds.toFixed(1)} s (${rate} events/s)`,
  );
};

const stream = async (store: EventStore, name: string | undefined) => {
  if (!name) throw new UsageError('stream needs a stream name');
  const events = await store.readStream(name);
  if (events.length === 0) {
    console.log(`Stream "${name}" has no events`);
    return;
  }
  for (const event of events) {
    console.log(`#${event.streamRevision} ${event.createdAt} ${event.type} (${event.id})`);
    console.log(`  data:     ${JSON.stringify(event.data)}`);
    console.log(`  metadata: ${JSON.stringify(event.metadata)}`);
  }
  console.log(`${events.length} event${events.length === 1 ? '' : 's'}`);
};

/** The first line is for scripts and scenarios to read: "Stream catalogue: N streams, M events". */
const streams = async (pool: ReturnType<typeof createPool>) => {
  const catalog = await readStreamCatalog(pool);
  console.log(`Stream catalogue: ${catalog.streams} streams, ${catalog.events} events`);
  if (catalog.categories.length > 0) console.table(catalog.categories);
};

/** A progress bar on stderr with events/s, as the rebuild shows. */
const progressBar = (label: string) => {
  const bar = new SingleBar({
    format: `${label.padEnd(20)} {bar} {percentage}% | {value}/{total} events | {speed} events/s | ETA {eta_formatted}`,
    hideCursor: true,
    noTTYOutput: true,
    notTTYSchedule: 1000,
  });
  const started = Date.now();
  bar.start(1, 0, { speed: 0 });
  return {
    update: (done: number, total: number) => {
      const seconds = (Date.now() - started) / 1000;
      bar.setTotal(Math.max(total, 1));
      bar.update(done, { speed: seconds > 0 ? Math.round(done / seconds) : 0 });
    },
    stop: () => {
      bar.stop();
      return (Date.now() - started) / 1000;
    },
  };
};

const rate = (events: number, seconds: number) => (seconds > 0 ? Math.round(events / seconds) : events);

/** `--with-keys` needs the master key that wraps the person keys. */
const backupKeyFrom = (config: Config): Buffer => {
  const key = config.BACKUP_KEY ? backupKeyOf(config.BACKUP_KEY) : undefined;
  if (!key)
    throw new UsageError('--with-keys needs BACKUP_KEY, 32 bytes in base64 or hex (openssl rand -base64 32)');
  return key;
};

const keysNote = (keys: number | undefined) => (keys === undefined ? '' : ` and ${keys} person keys`);

const exportLog = async (
  pool: ReturnType<typeof createPool>,
  options: { from?: string; out?: string; backupKey?: Buffer },
) => {
  if (options.from !== undefined && !/^\d+$/.test(options.from))
    throw new UsageError('--from needs a log position (a whole number)');
  const from = options.from;
  const backupKey = options.backupKey ? { backupKey: options.backupKey } : {};
  if (!options.out) {
    // To stdout, for a pipe: the progress and the summary go to stderr.
    const closing = await exportEventLog(pool, process.stdout, { ...(from ? { from } : {}), ...backupKey });
    console.error(`Exported ${closing.events} events${keysNote(closing.keys)}, ${closing.checksum}`);
    return;
  }
  const bar = progressBar('export');
  const closing = await exportEventLogToFile(pool, options.out, {
    ...(from ? { from } : {}),
    ...backupKey,
    onProgress: bar.update,
  });
  const seconds = bar.stop();
  console.log(
    `Exported ${closing.events} events${keysNote(closing.keys)} to ${options.out} in ${seconds.toFixed(1)} s (${rate(closing.events, seconds)} events/s), ${closing.checksum}`,
  );
};

const importLog = async (
  pool: ReturnType<typeof createPool>,
  file: string | undefined,
  options: { backupKey?: Buffer; withoutKeys: boolean },
) => {
  if (!file) throw new UsageError('import needs the file an export wrote');
  if (!existsSync(file)) throw new UsageError(`No file "${file}"`);
  const bar = progressBar('import');
  const { events, keys } = await importEventLog(pool, file, { ...options, onProgress: bar.update });
  const seconds = bar.stop();
  console.log(
    `Imported ${events} events${keys > 0 ? ` and ${keys} person keys` : ''} from ${file} in ${seconds.toFixed(1)} s (${rate(events, seconds)} events/s); checksum verified. Run "npm run ops -- rebuild all" (or start the product) to build the read models.`,
  );
};

const providerHistory = async (
  pool: ReturnType<typeof createPool>,
  what: string | undefined,
  id: string | undefined,
) => {
  if (what !== 'provider' || !id) throw new UsageError('history needs "provider <id>"');
  if (!(await providerKnown(pool, id))) throw new UsageError(`No history for provider "${id}"`);
  let count = 0;
  for await (const entry of allHistory(pool, id, {})) {
    const who = entry.actor
      ? `${entry.actor.email ?? entry.actor.id} (${entry.actor.role ?? '?'})`
      : 'unknown';
    console.log(`#${entry.position} ${entry.at} ${entry.type} by ${who}: ${entry.summary}`);
    for (const change of entry.changes ?? [])
      console.log(`    ${change.field}: ${JSON.stringify(change.before)} → ${JSON.stringify(change.after)}`);
    count++;
  }
  console.log(`${count} entr${count === 1 ? 'y' : 'ies'}`);
};

const readModelNamed = (name: string | undefined) => {
  const projection = name ? projectionNamed(name) : undefined;
  if (!projection) throw new UsageError(`Unknown projection "${name ?? ''}"`);
  return projection;
};

const replay = async (
  pool: ReturnType<typeof createPool>,
  store: EventStore,
  name: string | undefined,
  options: { to?: string; into?: string },
) => {
  const projection = readModelNamed(name);
  if (!options.to) throw new UsageError('replay needs --to <position|time>');
  if (!options.into) throw new UsageError('replay needs --into <schema>');
  const to = options.to;
  if (!/^\d+$/.test(to) && Number.isNaN(Date.parse(to)))
    throw new UsageError('--to needs a log position (a whole number) or an ISO 8601 time');
  const bar = progressBar(projection.name);
  const report = await replayProjectionTo(pool, store, projection, pointOf(to), options.into, bar.update);
  const seconds = bar.stop();
  console.log(
    `${projection.name}: ${report.applied} events up to ${to} replayed into schema ${report.schema} in ${seconds.toFixed(1)} s; the live read model is untouched`,
  );
  // One line per table, for scripts and scenarios: "  <table>: N rows".
  for (const table of report.tables) console.log(`  ${table.table}: ${table.rows} rows`);
};

const verify = async (pool: ReturnType<typeof createPool>, store: EventStore, target = 'all') => {
  const projections = target === 'all' ? PROJECTIONS : [readModelNamed(target)];
  let differences = 0;
  for (const projection of projections) {
    const bar = progressBar(projection.name);
    const report = await verifyProjection(pool, store, projection, bar.update);
    bar.stop();
    console.log(
      `${projection.name}: ${report.same ? 'same as a rebuild' : 'DIFFERS from a rebuild'} (${report.applied} events)`,
    );
    console.table(
      report.tables.map((table) => ({
        table: table.table,
        'live rows': table.liveRows,
        'rebuilt rows': table.rebuiltRows,
        'only live': table.onlyLive,
        'only rebuilt': table.onlyRebuilt,
      })),
    );
    for (const table of report.tables)
      for (const sample of table.samples)
        console.log(`  ${table.table} only ${sample.side}: ${JSON.stringify(sample.row)}`);
    if (!report.same) differences++;
  }
  if (differences > 0) process.exitCode = 3;
};

const main = async () => {
  const { positionals, values } = parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    options: {
      from: { type: 'string' },
      out: { type: 'string' },
      to: { type: 'string' },
      into: { type: 'string' },
      'with-keys': { type: 'boolean' },
      'without-keys': { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  const [command, argument, third] = positionals;
  if (!command || command === 'help' || values.help) {
    console.log(USAGE);
    return;
  }
  if (
    ![
      'status',
      'parked',
      'retry-parked',
      'rebuild',
      'stream',
      'streams',
      'export',
      'import',
      'history',
      'replay',
      'verify',
      'find',
    ].includes(command)
  )
    throw new UsageError(`Unknown command "${command}"`);
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL, 'ops');
  const database = await openDatabase(config, logger);
  const store = await connectEventStore(config, database.url);
  const pool = createPool(database.url, 4);
  try {
    if (command === 'status') await status(pool, store);
    else if (command === 'parked') await parked(pool, argument);
    else if (command === 'retry-parked') await retry(pool, store, argument);
    else if (command === 'rebuild') await rebuild(pool, store, argument);
    else if (command === 'streams') await streams(pool);
    else if (command === 'export')
      await exportLog(pool, {
        ...values,
        backupKey: values['with-keys'] ? backupKeyFrom(config) : undefined,
      });
    else if (command === 'import')
      await importLog(pool, argument, {
        withoutKeys: values['without-keys'] ?? false,
        backupKey: config.BACKUP_KEY ? backupKeyOf(config.BACKUP_KEY) : undefined,
      });
    else if (command === 'history') await providerHistory(pool, argument, third);
    else if (command === 'replay') await replay(pool, store, argument, values);
    else if (command === 'verify') await verify(pool, store, argument);
    else if (command === 'find') await find(pool, config, positionals.slice(1));
    else await stream(store, argument);
  } finally {
    await store.close();
    await pool.end();
    await database.stop();
  }
};

main().catch((error: unknown) => {
  if (error instanceof BackupError || error instanceof OpsInputError) {
    console.error((error as Error).message);
    process.exit(1);
  }
  if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
  console.error(error instanceof ConfigError ? error.message : `ops failed: ${(error as Error).message}`);
  process.exit(1);
});
