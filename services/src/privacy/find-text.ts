import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type pg from 'pg';
import { findInRedisJobs } from '../jobs/redis-job-data';
import { SNAPSHOTS } from '../history/provider-snapshots';
import { likePatterns } from './redact';

/** A place that holds a text searched for. */
export interface Found {
  /**
   * `<schema>.<table>` (`es.events`, `rm_<name>.<table>`, `webhook_log.deliveries`,
   * `jobs.job`, …), `history_snapshots.provider_states (opened)`, `uploads/<file>` or
   * `redis:<prefix>` (the job queues on Redis).
   */
  table: string;
  text: string;
  rows: number;
}

/** Where else to look than the database. */
export interface FindOptions {
  /** The uploaded files (DATA_DIR/uploads). */
  uploadsDir?: string;
  /** BullMQ on Redis, when the queues are there (REDIS_URL, JOBS_PREFIX). */
  redis?: { url: string; prefix?: string };
}

/** A text as it stands in a JSON string, escaped once and twice (a payload inside job data). */
const formsOf = (text: string): string[] => {
  const once = JSON.stringify(text).slice(1, -1);
  const twice = JSON.stringify(once).slice(1, -1);
  return [...new Set([text, once, twice].map((form) => form.toLowerCase()))];
};

/** Schemas the product never writes: PostgreSQL's own. */
const SYSTEM_SCHEMAS = `table_schema NOT IN ('pg_catalog', 'information_schema')
  AND table_schema NOT LIKE 'pg\\_toast%' AND table_schema NOT LIKE 'pg\\_temp%'`;

/**
 * Where a person's data still is, if anywhere, case-insensitively: every row of every table of
 * every schema of the database (the raw event log, the read models, the webhook delivery log,
 * the job queues on PostgreSQL, the mail outbox, the sessions, the person keys…), the
 * time-travel snapshots opened (they are gzipped), the uploaded files, and the job queues on
 * Redis when they are there. An operator checks a forget with it
 * (`npm run ops -- find <text>…`).
 */
export const findText = async (
  pool: pg.Pool,
  texts: readonly string[],
  options: FindOptions = {},
): Promise<Found[]> => {
  const wanted = [...new Set(texts.map((text) => text.trim()).filter((text) => text.length > 0))];
  if (wanted.length === 0) return [];
  const found: Found[] = [];
  const { rows: tables } = await pool.query<{ schema: string; name: string }>(
    `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
      WHERE ${SYSTEM_SCHEMAS} AND table_type = 'BASE TABLE' ORDER BY 1, 2`,
  );
  for (const { schema, name } of tables) {
    const table = `${schema}.${name}`;
    const quoted = `"${schema.replace(/"/g, '""')}"."${name.replace(/"/g, '""')}"`;
    for (const text of wanted) {
      const { rows } = await pool.query<{ n: string }>(
        `SELECT count(*) AS n FROM ${quoted} t WHERE lower(t::text) LIKE ANY ($1)`,
        [likePatterns(formsOf(text))],
      );
      const n = Number(rows[0]!.n);
      if (n > 0) found.push({ table, text, rows: n });
    }
  }
  found.push(...(await inSnapshots(pool, wanted)));
  if (options.uploadsDir) found.push(...(await inUploads(options.uploadsDir, wanted)));
  if (options.redis) {
    const inRedis = await findInRedisJobs(options.redis.url, options.redis.prefix, wanted);
    for (const [text, rows] of inRedis)
      found.push({ table: `redis:${options.redis.prefix ?? 'bull'}`, text, rows });
  }
  return found;
};

/** The snapshots' states, gunzipped: the table's own text is their compressed bytes. */
const inSnapshots = async (pool: pg.Pool, wanted: readonly string[]): Promise<Found[]> => {
  const { rows: present } = await pool.query<{ present: string | null }>(
    `SELECT to_regclass($1) AS present`,
    [SNAPSHOTS],
  );
  if (!present[0]?.present) return [];
  const counts = new Map<string, number>();
  let after = '';
  for (;;) {
    const { rows } = await pool.query<{ key: string; state: Buffer }>(
      `SELECT provider_id || '/' || global_position AS key, state FROM ${SNAPSHOTS}
        WHERE provider_id || '/' || global_position > $1 ORDER BY 1 LIMIT 50`,
      [after],
    );
    if (rows.length === 0) break;
    for (const row of rows) {
      let text: string;
      try {
        text = gunzipSync(row.state).toString('utf8').toLowerCase();
      } catch {
        text = row.state.toString('utf8').toLowerCase();
      }
      for (const wantedText of wanted)
        if (formsOf(wantedText).some((form) => text.includes(form)))
          counts.set(wantedText, (counts.get(wantedText) ?? 0) + 1);
    }
    after = rows.at(-1)!.key;
  }
  return [...counts].map(([text, rows]) => ({ table: `${SNAPSHOTS} (opened)`, text, rows }));
};

/** Uploaded files whose bytes hold a text (a picture's metadata may name its author). */
const inUploads = async (uploadsDir: string, wanted: readonly string[]): Promise<Found[]> => {
  const names = await readdir(uploadsDir).catch(() => [] as string[]);
  const found: Found[] = [];
  for (const name of names) {
    const bytes = await readFile(path.join(uploadsDir, name)).catch(() => undefined);
    if (!bytes) continue;
    const text = bytes.toString('latin1').toLowerCase();
    const utf8 = bytes.toString('utf8').toLowerCase();
    for (const wantedText of wanted) {
      const lower = wantedText.toLowerCase();
      if (text.includes(lower) || utf8.includes(lower))
        found.push({ table: `uploads/${name}`, text: wantedText, rows: 1 });
    }
  }
  return found;
};
