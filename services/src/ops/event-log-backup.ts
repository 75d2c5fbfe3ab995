import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import type { Writable } from 'node:stream';
import type pg from 'pg';
import { migrateEventStore } from '../eventstore/postgres-event-store';

/**
 * Issue 12: the event log is the backup. `export` writes it as NDJSON, one event per line in log
 * order, and a closing line with the SHA-256 of every line before it; `import` checks that
 * checksum and loads the events into an empty store, keeping their ids, streams, revisions,
 * positions and times, so read models rebuilt from it are the same.
 */
export interface ExportedEvent {
  position: string;
  stream: string;
  revision: number;
  id: string;
  type: string;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
  createdAt: string;
}

export interface Closing {
  checksum: string;
  events: number;
}

export interface Progress {
  (done: number, total: number): void;
}

export class BackupError extends Error {}

/**
 * COPY's CSV format with a delimiter and a quote character that never occur raw in the lines
 * (PostgreSQL's JSON text escapes every control character): each line travels verbatim.
 */
const VERBATIM = `(FORMAT csv, DELIMITER E'\\x02', QUOTE E'\\x01')`;

const NEWLINE = 0x0a;

const newlinesIn = (chunk: Buffer): number => {
  let count = 0;
  for (let at = chunk.indexOf(NEWLINE); at !== -1; at = chunk.indexOf(NEWLINE, at + 1)) count++;
  return count;
};

/**
 * Writes the events after `from` (a global position; the whole log without it) to `out`. Reads
 * in log order, never past a transaction that may still commit (docs/architecture.md §3). One
 * COPY streams the lines as PostgreSQL writes them: data and metadata as its JSON text, never
 * parsed and printed again in this process.
 */
export const exportEventLog = async (
  pool: pg.Pool,
  out: Writable,
  options: { from?: string; onProgress?: Progress } = {},
): Promise<Closing> => {
  const from = options.from ?? '0';
  if (!/^\d{1,20}$/.test(from)) throw new BackupError(`Not a log position: ${from}`);
  const client = await pool.connect();
  try {
    // One snapshot for the count and the copy: the progress bar's total is the file's.
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const visible = `global_position > ${from}::bigint
        AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())`;
    const { rows: counted } = await client.query<{ count: string }>(
      `SELECT count(*) FROM es.events WHERE ${visible}`,
    );
    const total = Number(counted[0]!.count);
    const hash = createHash('sha256');
    let written = 0;
    options.onProgress?.(0, total);
    const lines = client.query(
      copyTo(
        `COPY (SELECT '{"position":"' || global_position || '","stream":' || to_json(stream_name)::text ||
                 ',"revision":' || stream_revision || ',"id":"' || event_id || '","type":' ||
                 to_json(event_type)::text || ',"data":' || data::text || ',"metadata":' || metadata::text ||
                 ',"createdAt":"' || to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '"}'
                 FROM es.events WHERE ${visible}
                ORDER BY transaction_id, global_position)
         TO STDOUT WITH ${VERBATIM}`,
      ),
    );
    for await (const chunk of lines as AsyncIterable<Buffer>) {
      hash.update(chunk);
      if (!out.write(chunk)) await once(out, 'drain');
      written += newlinesIn(chunk);
      options.onProgress?.(written, Math.max(total, written));
    }
    await client.query('COMMIT');
    const closing = { checksum: `sha256:${hash.digest('hex')}`, events: written };
    out.write(`${JSON.stringify(closing)}\n`);
    return closing;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
};

export const exportEventLogToFile = async (
  pool: pg.Pool,
  file: string,
  options: { from?: string; onProgress?: Progress } = {},
): Promise<Closing> => {
  const out = createWriteStream(file);
  const closing = await exportEventLog(pool, out, options);
  out.end();
  await once(out, 'finish');
  return closing;
};

/** For the index builds after an import (PostgreSQL's default, 64 MB, sorts a large log on disk). */
const IMPORT_MAINTENANCE_WORK_MEM = '256MB';

/** The closing line is short; the bytes after the last event's newline are held back for it. */
const TAIL_BYTES = 4096;

/** Reads the file once: the checksum must match the closing line. Returns the number of events. */
export const verifyBackup = async (file: string): Promise<number> => {
  const hash = createHash('sha256');
  let events = 0;
  let tail = Buffer.alloc(0);
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    // Everything but the last TAIL_BYTES is surely an event line: hash it as it comes.
    const joined = tail.length > 0 ? Buffer.concat([tail, chunk]) : chunk;
    const cut = Math.max(0, joined.length - TAIL_BYTES);
    if (cut > 0) {
      const settled = joined.subarray(0, cut);
      hash.update(settled);
      events += newlinesIn(settled);
    }
    tail = Buffer.from(joined.subarray(cut));
  }
  if (tail.length === 0) throw new BackupError('The file is empty: it holds no closing checksum');
  // The closing line is the last one; a file that ends without a newline is cut short.
  const end = tail[tail.length - 1] === NEWLINE ? tail.length - 1 : tail.length;
  const start = tail.lastIndexOf(NEWLINE, end - 1) + 1;
  const before = tail.subarray(0, start);
  hash.update(before);
  events += newlinesIn(before);
  let closing: Partial<Closing>;
  try {
    closing = JSON.parse(tail.subarray(start, end).toString('utf8')) as Partial<Closing>;
  } catch {
    throw new BackupError('The last line is not the closing checksum: the file is cut short');
  }
  if (typeof closing.checksum !== 'string' || typeof closing.events !== 'number')
    throw new BackupError('The last line is not the closing checksum: the file is cut short');
  if (closing.events !== events)
    throw new BackupError(`The file says ${closing.events} events but holds ${events}`);
  const actual = `sha256:${hash.digest('hex')}`;
  if (actual !== closing.checksum)
    throw new BackupError(
      `Checksum mismatch: the file says ${closing.checksum}, its events hash to ${actual}`,
    );
  return events;
};

/**
 * Loads a checked export into an empty event store, in one transaction: all of it or nothing.
 * Positions are kept (the identity continues after the highest), so checkpoints and history
 * positions mean the same in the restored store.
 */
export const importEventLog = async (
  pool: pg.Pool,
  file: string,
  options: { onProgress?: Progress } = {},
): Promise<{ events: number }> => {
  const total = await verifyBackup(file);
  await migrateEventStore(pool);
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    // The log's indexes are dropped and made again below: nothing else may use it meanwhile.
    await client.query('LOCK TABLE es.events, es.streams IN ACCESS EXCLUSIVE MODE');
    const { rows: existing } = await client.query('SELECT 1 FROM es.events LIMIT 1');
    if (existing.length > 0)
      throw new BackupError('The event store is not empty: import only into an empty store');
    // The index builds sort in memory rather than in many runs on disk.
    await client.query(`SET LOCAL maintenance_work_mem = '${IMPORT_MAINTENANCE_WORK_MEM}'`);
    // The lines go in verbatim through one COPY into a scratch table, then into the log in
    // one statement: PostgreSQL parses the JSON, this process only streams bytes.
    await client.query('CREATE TEMP TABLE import_lines (line text NOT NULL) ON COMMIT DROP');
    options.onProgress?.(0, total);
    let seen = 0;
    const copy = client.query(copyFrom(`COPY import_lines (line) FROM STDIN WITH ${VERBATIM}`));
    const counting = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        seen += newlinesIn(chunk);
        // The closing line is in the file too; it is left out below.
        options.onProgress?.(Math.min(seen, total), total);
        done(null, chunk);
      },
    });
    await pipeline(createReadStream(file), counting, copy);
    // Loaded without its indexes, which are then built once from the sorted rows rather than
    // kept up to date row by row. A duplicate id or revision in the file fails the build, and
    // the transaction with it.
    await client.query(
      `ALTER TABLE es.events DROP CONSTRAINT events_event_id_key, DROP CONSTRAINT events_stream_revision_key;
       DROP INDEX es.events_log_order`,
    );
    // Each line is parsed once: without OFFSET 0 the planner pulls the subquery up and parses the
    // line again for every field taken from it (eight times: the import ran four times slower).
    const { rowCount } = await client.query(
      `INSERT INTO es.events (global_position, stream_name, stream_revision, event_id, event_type, data, metadata, created_at)
       OVERRIDING SYSTEM VALUE
       SELECT (e->>'position')::bigint, e->>'stream', (e->>'revision')::bigint, (e->>'id')::uuid, e->>'type',
              e->'data', e->'metadata', (e->>'createdAt')::timestamptz
         FROM (SELECT line::jsonb AS e FROM import_lines OFFSET 0) lines
        WHERE NOT e ? 'checksum'`,
    );
    const loaded = rowCount ?? 0;
    if (loaded !== total) throw new BackupError(`The file holds ${total} events but ${loaded} were read`);
    options.onProgress?.(loaded, total);
    await client.query(
      `ALTER TABLE es.events ADD CONSTRAINT events_event_id_key UNIQUE (event_id),
         ADD CONSTRAINT events_stream_revision_key UNIQUE (stream_name, stream_revision);
       CREATE INDEX events_log_order ON es.events (transaction_id, global_position)`,
    );
    await client.query(
      `INSERT INTO es.streams (stream_name, revision)
       SELECT stream_name, max(stream_revision) FROM es.events GROUP BY stream_name`,
    );
    await client.query(
      `SELECT setval(pg_get_serial_sequence('es.events', 'global_position'),
                     greatest((SELECT max(global_position) FROM es.events), 1))`,
    );
    await client.query('COMMIT');
    return { events: loaded };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
};
