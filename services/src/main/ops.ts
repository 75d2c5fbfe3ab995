import { SingleBar } from 'cli-progress';
import { readCheckpoints } from '@appointment/projections/checkpoints';
import { PROJECTIONS, projectionNamed } from '@appointment/projections/registry';
import { rebuildProjection, type RebuildReport } from '@appointment/projections/rebuild';
import { readStreamCatalog } from '@appointment/projections/stream-catalog.projection';
import { ConfigError, loadConfig } from '../config';
import { connectEventStore } from '../eventstore/connect';
import type { EventStore } from '../eventstore/event-store';
import { createPool } from '../eventstore/postgres-event-store';
import { createLogger } from '../logger';
import { openDatabase } from './database';

const USAGE = `Usage: npm run ops -- <command>

  status                      each projection's checkpoint and lag
  rebuild <projection|all>    rebuild read models from the event log (shadow schema, then swap)
  stream <name>               print a stream's events
  streams                     the operators' stream catalogue: streams and events per category

Projections: ${PROJECTIONS.map((projection) => projection.name).join(', ')}`;

class UsageError extends Error {}

const status = async (pool: ReturnType<typeof createPool>, store: EventStore) => {
  const checkpoints = await readCheckpoints(pool).catch(() => []);
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
  const reports: RebuildReport[] = [];
  for (const projection of projections) {
    const bar = new SingleBar({
      format: `${projection.name.padEnd(20)} {bar} {percentage}% | {value}/{total} events | {speed} events/s | ETA {eta_formatted}`,
      hideCursor: true,
      noTTYOutput: true,
      notTTYSchedule: 1000,
    });
    const started = Date.now();
    bar.start(1, 0, { speed: 0 });
    const report = await rebuildProjection(pool, store, projection, {
      onProgress: ({ applied, total }) => {
        const seconds = (Date.now() - started) / 1000;
        bar.setTotal(Math.max(total, 1));
        bar.update(applied, { speed: seconds > 0 ? Math.round(applied / seconds) : 0 });
      },
    });
    bar.stop();
    reports.push(report);
    const seconds = report.durationMs / 1000;
    const rate = seconds > 0 ? Math.round(report.applied / seconds) : report.applied;
    console.log(
      `${projection.name}: ${report.applied} events in ${seconds.toFixed(1)} s (${rate} events/s), swapped in`,
    );
    console.table(
      report.tables.map((table) => ({
        table: table.table,
        'rows before': table.liveRows ?? '-',
        'rows rebuilt': table.rebuiltRows,
      })),
    );
  }
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

const main = async () => {
  const [command, argument] = process.argv.slice(2);
  if (!command || command === 'help' || command === '--help') {
    console.log(USAGE);
    return;
  }
  if (!['status', 'rebuild', 'stream', 'streams'].includes(command))
    throw new UsageError(`Unknown command "${command}"`);
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL, 'ops');
  const database = await openDatabase(config, logger);
  const store = await connectEventStore(config, database.url);
  const pool = createPool(database.url, 4);
  try {
    if (command === 'status') await status(pool, store);
    else if (command === 'rebuild') await rebuild(pool, store, argument);
    else if (command === 'streams') await streams(pool);
    else await stream(store, argument);
  } finally {
    await store.close();
    await pool.end();
    await database.stop();
  }
};

main().catch((error: unknown) => {
  if (error instanceof UsageError) {
    console.error(`${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  console.error(error instanceof ConfigError ? error.message : `ops failed: ${(error as Error).message}`);
  process.exit(1);
});
