import type pg from 'pg';
import { FORGOTTEN_USER } from '@appointment/contracts/events/privacy';

/**
 * What a forget scrubs from the stores that copy a person's values outside the log and the read
 * models (the webhook delivery log, the job queues' data, the mail outbox). Those stores hold the
 * values as text, as JSON, or as JSON inside a JSON string (a webhook's payload inside its job's
 * data), each with its own escaping: a `Redactor` reads a stored text, walks it as JSON when it
 * is JSON, and replaces every value the person ever held in each string.
 */
export interface Redactor {
  /** Lower-cased substrings that a stored text holding one of the values contains: a prefilter. */
  readonly needles: readonly string[];
  /** The text with every value replaced; the same string when nothing was. */
  redact(text: string): string;
  /** Whether a text still holds one of the values (case-insensitively). */
  holds(text: string): boolean;
}

/** Values shorter than this are not scrubbed as text: they would hit other people's words. */
const SHORTEST = 3;

/** Fields of an object that names the person by id (`userId`) and are theirs: a booking's customer. */
const PERSON_FIELDS: Readonly<Record<string, string>> = {
  name: FORGOTTEN_USER,
  username: FORGOTTEN_USER,
  email: FORGOTTEN_USER,
  phone: '',
  note: '',
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A value as a JSON string holds it, escaped `depth` times (without the quotes). */
const escapedForm = (value: string, depth: number): string => {
  let form = value;
  for (let i = 0; i < depth; i++) form = JSON.stringify(form).slice(1, -1);
  return form;
};

/**
 * A redactor of `values` (names, e-mail addresses, phone numbers, notes), case-insensitive.
 * A value is replaced only where it stands alone (no letter or digit either side), so it never
 * changes the middle of another word, token or id. With `personId`, an object whose `userId` is
 * theirs also loses its name, e-mail, phone and note fields, whatever they hold.
 */
export const redactorOf = (
  values: Iterable<string>,
  personId?: string,
  placeholder: string = FORGOTTEN_USER,
): Redactor => {
  const wanted = [
    ...new Set([...values].map((value) => value.trim()).filter((value) => value.length >= SHORTEST)),
  ]
    .filter((value) => value !== placeholder)
    // Longest first: a full name goes before a part of it.
    .sort((a, b) => b.length - a.length);
  const pattern =
    wanted.length > 0
      ? new RegExp(`(?<![\\p{L}\\p{N}])(?:${wanted.map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}])`, 'giu')
      : undefined;
  const needles = [
    ...new Set([
      ...wanted.flatMap((value) => [0, 1, 2].map((depth) => escapedForm(value, depth).toLowerCase())),
      ...(personId ? [personId.toLowerCase()] : []),
    ]),
  ];
  const inString = (text: string): string => (pattern ? text.replace(pattern, placeholder) : text);

  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return redact(value);
    if (Array.isArray(value)) return value.map(walk);
    if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      const theirs = personId !== undefined && record.userId === personId;
      return Object.fromEntries(
        Object.entries(record).map(([key, inner]) => [
          key,
          theirs && typeof inner === 'string' && key in PERSON_FIELDS && inner !== ''
            ? PERSON_FIELDS[key]
            : walk(inner),
        ]),
      );
    }
    return value;
  };

  const redact = (text: string): string => {
    const trimmed = text.trimStart();
    if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
      try {
        const parsed: unknown = JSON.parse(text);
        const walked = JSON.stringify(walk(parsed));
        return walked === JSON.stringify(parsed) ? text : walked;
      } catch {
        // Not JSON after all: scrubbed as text.
      }
    }
    return inString(text);
  };

  const holds = (text: string): boolean => {
    const lower = text.toLowerCase();
    return wanted.some((value) => lower.includes(value.toLowerCase()));
  };

  return { needles, redact, holds };
};

/** `LIKE` patterns for the needles, `%`, `_` and `\` escaped. */
export const likePatterns = (needles: readonly string[]): string[] =>
  needles.map((needle) => `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);

const quoted = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

/**
 * Scrubs every table of `schema`: each text or JSON column that is not part of a key, in the
 * rows whose text holds a needle. Returns how many values changed. A missing schema is no error.
 */
export const redactSchema = async (
  db: Pick<pg.Pool, 'query'>,
  schema: string,
  redactor: Redactor,
  only?: (table: string, column: string) => boolean,
): Promise<number> => {
  if (redactor.needles.length === 0) return 0;
  const { rows: columns } = await db.query<{ table: string; column: string; type: string }>(
    `SELECT c.table_name AS table, c.column_name AS column, c.data_type AS type
       FROM information_schema.columns c
       JOIN information_schema.tables t
         ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
      WHERE c.table_schema = $1
        AND c.data_type IN ('text', 'character varying', 'json', 'jsonb')
        AND NOT EXISTS (
          SELECT 1 FROM information_schema.key_column_usage k
           WHERE k.table_schema = c.table_schema AND k.table_name = c.table_name
             AND k.column_name = c.column_name)
      ORDER BY 1, 2`,
    [schema],
  );
  const patterns = likePatterns(redactor.needles);
  let changed = 0;
  for (const { table, column, type } of columns) {
    if (only && !only(table, column)) continue;
    const target = `${quoted(schema)}.${quoted(table)}`;
    const { rows } = await db.query<{ row: string; value: string }>(
      `SELECT ctid::text AS row, ${quoted(column)}::text AS value FROM ${target}
        WHERE lower(${quoted(column)}::text) LIKE ANY ($1)`,
      [patterns],
    );
    for (const { row, value } of rows) {
      const redacted = redactor.redact(value);
      if (redacted === value) continue;
      const cast = type === 'json' || type === 'jsonb' ? `::${type}` : '';
      // The row as read: a row changed meanwhile is read again by the next forget or find.
      const { rowCount } = await db.query(
        `UPDATE ${target} SET ${quoted(column)} = $1${cast}
          WHERE ctid = $2::tid AND ${quoted(column)}::text = $3`,
        [redacted, row, value],
      );
      changed += rowCount ?? 0;
    }
  }
  return changed;
};
