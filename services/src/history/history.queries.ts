import { FORGOTTEN_USER } from '@appointment/contracts/events/privacy';
import { PII_SCHEMA } from '../privacy/person-keys';
import type pg from 'pg';
import { liveSchema } from '@appointment/projections/projection';
import { historyProjection, type Change } from '@appointment/projections/history.projection';
import type { HistoryEntry, HistoryQuery } from '@appointment/contracts/history';

const HISTORY = liveSchema(historyProjection);

interface EntryRow {
  transaction_id: string;
  global_position: string;
  at: string;
  type: string;
  actor_id: string | null;
  actor_role: string | null;
  api_key_id: string | null;
  email: string | null;
  summary: string;
  changes: Change[] | null;
}

/** The cursor is the log position of the last entry shown: "<transaction id>.<global position>". */
const encodeCursor = (row: Pick<EntryRow, 'transaction_id' | 'global_position'>) =>
  `${row.transaction_id}.${row.global_position}`;
const decodeCursor = (cursor: string): [string, string] | undefined => {
  const match = /^(\d{1,20})\.(\d{1,20})$/.exec(cursor);
  return match ? [match[1]!, match[2]!] : undefined;
};

export const isCursor = (cursor: string): boolean => decodeCursor(cursor) !== undefined;

const toEntry = (row: EntryRow): HistoryEntry => ({
  position: row.global_position,
  at: new Date(row.at).toISOString(),
  type: row.type,
  actor:
    row.actor_id === null
      ? null
      : {
          id: row.actor_id,
          email: row.actor_id === 'system' ? null : row.email,
          role: row.actor_role,
          ...(row.api_key_id ? { apiKeyId: row.api_key_id } : {}),
        },
  summary: row.summary,
  ...(row.changes ? { changes: row.changes } : {}),
});

/** The WHERE clause and values of a provider's entries under the query's filters. */
const filtersOf = (providerId: string, query: HistoryQuery, values: unknown[] = []) => {
  values.push(providerId);
  const where = [`h.provider_id = $${values.length}`];
  if (query.types && query.types.length > 0) {
    values.push(query.types);
    where.push(`h.type = ANY ($${values.length})`);
  }
  if (query.actor) {
    if (query.actor === 'unknown') where.push('h.actor_id IS NULL');
    else {
      values.push(query.actor.toLowerCase());
      where.push(`(h.actor_id = $${values.length} OR lower(u.email) = $${values.length})`);
    }
  }
  if (query.from) {
    values.push(query.from);
    where.push(`h.at >= $${values.length}`);
  }
  if (query.to) {
    values.push(query.to);
    where.push(`h.at <= $${values.length}`);
  }
  return { where: where.join(' AND '), values };
};

/** A forgotten actor's address reads as "Forgotten user" (their key is gone). */
const SELECT = `SELECT h.transaction_id, h.global_position, h.at, h.type, h.actor_id, h.actor_role, h.api_key_id,
       CASE WHEN k.forgotten_at IS NOT NULL THEN '${FORGOTTEN_USER}' ELSE u.email END AS email,
       h.summary, h.changes
  FROM ${HISTORY}.entries h
  LEFT JOIN rm_accounts.users u ON u.id = h.actor_id
  LEFT JOIN ${PII_SCHEMA}.person_keys k ON k.person_id = h.actor_id`;

/** A page of a provider's history, newest first, and the cursor of the next page (null at the end). */
export const historyPage = async (
  pool: pg.Pool,
  providerId: string,
  query: HistoryQuery,
): Promise<{ entries: HistoryEntry[]; nextCursor: string | null }> => {
  const limit = query.limit ?? 50;
  const { where, values } = filtersOf(providerId, query);
  const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
  let after = '';
  if (cursor) {
    values.push(cursor[0], cursor[1]);
    after = ` AND (h.transaction_id, h.global_position) < ($${values.length - 1}::bigint, $${values.length}::bigint)`;
  }
  values.push(limit + 1);
  const { rows } = await pool.query<EntryRow>(
    `${SELECT} WHERE ${where}${after}
      ORDER BY h.transaction_id DESC, h.global_position DESC LIMIT $${values.length}`,
    values,
  );
  const page = rows.slice(0, limit);
  return {
    entries: page.map(toEntry),
    nextCursor: rows.length > limit ? encodeCursor(page[page.length - 1]!) : null,
  };
};

/** Every entry under the filters, newest first, a page at a time: exports and the ops CLI. */
export async function* allHistory(
  pool: pg.Pool,
  providerId: string,
  query: HistoryQuery,
): AsyncGenerator<HistoryEntry> {
  let cursor: string | undefined = query.cursor;
  for (;;) {
    const page = await historyPage(pool, providerId, {
      ...query,
      limit: 1000,
      ...(cursor ? { cursor } : {}),
    });
    yield* page.entries;
    if (!page.nextCursor) return;
    cursor = page.nextCursor;
  }
}

const CSV_COLUMNS = ['position', 'at', 'type', 'actor_id', 'actor_email', 'actor_role', 'summary', 'changes'];
const csvCell = (value: unknown): string => {
  const raw = value === null || value === undefined ? '' : String(value);
  // A cell a spreadsheet would run as a formula is kept as text.
  const text = /^[=+\-@\t\r]/.test(raw) ? `'${raw}` : raw;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

export const csvHeader = (): string => `${CSV_COLUMNS.join(',')}\r\n`;

/** One CSV line (RFC 4180). */
export const csvLine = (entry: HistoryEntry): string =>
  `${[
    entry.position,
    entry.at,
    entry.type,
    entry.actor?.id ?? 'unknown',
    entry.actor?.email ?? '',
    entry.actor?.role ?? '',
    entry.summary,
    entry.changes ? JSON.stringify(entry.changes) : '',
  ]
    .map(csvCell)
    .join(',')}\r\n`;

/** Does the provider have any history (or exist at all)? */
export const providerKnown = async (pool: pg.Pool, providerId: string): Promise<boolean> => {
  const { rows } = await pool.query(`SELECT 1 FROM ${HISTORY}.entries WHERE provider_id = $1 LIMIT 1`, [
    providerId,
  ]);
  return rows.length > 0;
};
