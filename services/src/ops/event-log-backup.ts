import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import type { Writable } from 'node:stream';
import type pg from 'pg';
import { migrateEventStore } from '../eventstore/postgres-event-store';
import {
  isSealed,
  migratePersonKeys,
  PII_SCHEMA,
  seal,
  unseal,
  type SealedValue,
} from '../privacy/person-keys';

/**
 * The event log is the backup. `export` writes it as NDJSON, one event per line in log order,
 * and a closing line with the SHA-256 of every line before it; `import` checks that checksum and
 * loads the events into an empty store, keeping their ids, streams, revisions, positions and
 * times, so read models rebuilt from it are the same.
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
  /** Person keys in the file (`--with-keys`), after its events. */
  keys?: number;
}

/**
 * A line of `pii.person_keys` in an export made with `--with-keys`: the key wrapped with
 * BACKUP_KEY (AES-256-GCM, the person's id authenticated with it), or null once forgotten.
 */
export interface ExportedKey {
  personKey: { id: string; key: SealedValue | null; createdAt: string; forgottenAt: string | null };
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
export interface ExportOptions {
  from?: string;
  onProgress?: Progress;
  /** Include `pii.person_keys`, each key wrapped with this (BACKUP_KEY). */
  backupKey?: Buffer;
}

export const exportEventLog = async (
  pool: pg.Pool,
  out: Writable,
  options: ExportOptions = {},
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
    // The keys as they were when the events were read: the same snapshot.
    const keys = options.backupKey ? await exportKeys(client, options.backupKey) : undefined;
    for (const line of keys ?? []) {
      hash.update(line);
      if (!out.write(line)) await once(out, 'drain');
    }
    await client.query('COMMIT');
    const closing: Closing = {
      checksum: `sha256:${hash.digest('hex')}`,
      events: written,
      ...(keys ? { keys: keys.length } : {}),
    };
    out.write(`${JSON.stringify(closing)}\n`);
    return closing;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
};

/** Every person key, wrapped, one NDJSON line each; forgotten people stay forgotten. */
const exportKeys = async (client: pg.PoolClient, backupKey: Buffer): Promise<string[]> => {
  const { rows: present } = await client.query<{ present: string | null }>(
    `SELECT to_regclass('${PII_SCHEMA}.person_keys') AS present`,
  );
  if (!present[0]?.present) return [];
  const { rows } = await client.query<{
    person_id: string;
    key: Buffer | null;
    created_at: Date;
    forgotten_at: Date | null;
  }>(`SELECT person_id, key, created_at, forgotten_at FROM ${PII_SCHEMA}.person_keys ORDER BY person_id`);
  return rows.map((row) => {
    const line: ExportedKey = {
      personKey: {
        id: row.person_id,
        key: row.key ? seal(backupKey, row.person_id, row.key.toString('base64')) : null,
        createdAt: row.created_at.toISOString(),
        forgottenAt: row.forgotten_at?.toISOString() ?? null,
      },
    };
    return `${JSON.stringify(line)}\n`;
  });
};

export const exportEventLogToFile = async (
  pool: pg.Pool,
  file: string,
  options: ExportOptions = {},
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

/** Reads the file once: the checksum must match the closing line, which it returns. */
export const verifyBackup = async (file: string): Promise<Closing> => {
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
  if (
    typeof closing.checksum !== 'string' ||
    typeof closing.events !== 'number' ||
    (closing.keys !== undefined && typeof closing.keys !== 'number')
  )
    throw new BackupError('The last line is not the closing checksum: the file is cut short');
  // `events` counts the lines before the closing one: the events, then the keys if any.
  if (closing.events + (closing.keys ?? 0) !== events)
    throw new BackupError(`The file says ${closing.events} events but holds ${events - (closing.keys ?? 0)}`);
  const actual = `sha256:${hash.digest('hex')}`;
  if (actual !== closing.checksum)
    throw new BackupError(
      `Checksum mismatch: the file says ${closing.checksum}, its events hash to ${actual}`,
    );
  return {
    checksum: closing.checksum,
    events: closing.events,
    ...(closing.keys ? { keys: closing.keys } : {}),
  };
};

/**
 * Loads a checked export into an empty event store, in one transaction: all of it or nothing.
 * Positions are kept (the identity continues after the highest), so checkpoints and history
 * positions mean the same in the restored store.
 */
export const importEventLog = async (
  pool: pg.Pool,
  file: string,
  options: {
    onProgress?: Progress;
    /** Unwraps the file's person keys (BACKUP_KEY of the export). */
    backupKey?: Buffer;
    /** Loads the events only, though the file holds keys: every person then reads as forgotten. */
    withoutKeys?: boolean;
  } = {},
): Promise<{ events: number; keys: number }> => {
  const closing = await verifyBackup(file);
  const total = closing.events;
  const withKeys = (closing.keys ?? 0) > 0 && !options.withoutKeys;
  if (withKeys && !options.backupKey)
    throw new BackupError(
      `The file holds ${closing.keys} person keys, wrapped: set BACKUP_KEY to the key of the export (or import --without-keys, and every person reads as forgotten)`,
    );
  await migrateEventStore(pool);
  if (withKeys) await migratePersonKeys(pool);
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
        WHERE NOT e ? 'checksum' AND NOT e ? 'personKey'`,
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
    const keys = withKeys ? await importKeys(client, options.backupKey!) : 0;
    await client.query('COMMIT');
    return { events: loaded, keys };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
};

/**
 * The file's person keys into `pii.person_keys`, unwrapped with BACKUP_KEY. A person the store
 * already knows keeps what it has (a forget there is not undone by an older backup).
 */
const importKeys = async (client: pg.PoolClient, backupKey: Buffer): Promise<number> => {
  const { rows } = await client.query<{ key: ExportedKey['personKey'] }>(
    `SELECT line::jsonb->'personKey' AS key FROM import_lines WHERE line::jsonb ? 'personKey'`,
  );
  const ids: string[] = [];
  const keys: (Buffer | null)[] = [];
  const created: string[] = [];
  const forgotten: (string | null)[] = [];
  for (const { key } of rows) {
    let clear: Buffer | null = null;
    if (key.key !== null) {
      const opened = isSealed(key.key) && key.key.s === key.id ? unseal(backupKey, key.key) : undefined;
      if (opened === undefined)
        throw new BackupError(
          "BACKUP_KEY does not open the person keys of this file: it is not the export's key",
        );
      clear = Buffer.from(opened, 'base64');
    }
    ids.push(key.id);
    keys.push(clear);
    created.push(key.createdAt);
    forgotten.push(key.forgottenAt);
  }
  const { rowCount } = await client.query(
    `INSERT INTO ${PII_SCHEMA}.person_keys (person_id, key, created_at, forgotten_at)
     SELECT * FROM unnest($1::text[], $2::bytea[], $3::timestamptz[], $4::timestamptz[])
     ON CONFLICT (person_id) DO NOTHING`,
    [ids, keys, created, forgotten],
  );
  return rowCount ?? 0;
};
