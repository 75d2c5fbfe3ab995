import type pg from 'pg';

/** A place that holds a text searched for. */
export interface Found {
  /** `es.events` or `rm_<name>.<table>`. */
  table: string;
  text: string;
  rows: number;
}

/**
 * Issue 12: where a person's data still is, if anywhere: the raw event log (every event's data
 * and metadata as text) and every row of every read model (`rm_*` schemas, each row as text),
 * case-insensitively. An operator checks a forget with it (`npm run ops -- find <text>…`).
 */
export const findText = async (pool: pg.Pool, texts: readonly string[]): Promise<Found[]> => {
  const wanted = texts.map((text) => text.trim()).filter((text) => text.length > 0);
  if (wanted.length === 0) return [];
  const patterns = wanted.map((text) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const found: Found[] = [];
  const count = async (table: string, sql: string) => {
    for (const [i, pattern] of patterns.entries()) {
      const { rows } = await pool.query<{ n: string }>(sql, [pattern]);
      const n = Number(rows[0]!.n);
      if (n > 0) found.push({ table, text: wanted[i]!, rows: n });
    }
  };
  await count(
    'es.events',
    `SELECT count(*) AS n FROM es.events WHERE lower(data::text) LIKE $1 OR lower(metadata::text) LIKE $1`,
  );
  const { rows: tables } = await pool.query<{ schema: string; name: string }>(
    `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
      WHERE table_schema LIKE 'rm\\_%' AND table_type = 'BASE TABLE' ORDER BY 1, 2`,
  );
  for (const { schema, name } of tables) {
    const table = `${schema}.${name}`;
    await count(table, `SELECT count(*) AS n FROM "${schema}"."${name}" t WHERE lower(t::text) LIKE $1`);
  }
  return found;
};
