import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type pg from 'pg';
import { MESSAGES } from '@appointment/contracts/messages';
import { migrateSchema } from '@appointment/projections/db/transaction';
import { IllegalStateError } from '../domain/errors';

/**
 * Idempotency keys (after Stripe and the IETF draft "The Idempotency-Key HTTP Header Field"): a
 * key belongs to one caller (an account, or an API key) and one operation, and is bound to the
 * first request it came with. The same key with the same request is that request again and answers
 * what it answered; with another request it is refused (422). Ids derived from a key also take the
 * request's fingerprint, so two requests can never share one.
 */
export interface IdempotencyKey {
  /** The header as the caller sent it. */
  key: string;
  /** SHA-256 of the request's parsed fields, in a canonical order. */
  fingerprint: string;
}

/** What a key is scoped to: the API key when one acts, else the account. */
export interface IdempotencyCaller {
  userId: string;
  apiKeyId?: string;
}

export const IDEMPOTENCY_SCHEMA = `
CREATE SCHEMA IF NOT EXISTS idempotency;
CREATE TABLE IF NOT EXISTS idempotency.keys (
  scope text NOT NULL,
  operation text NOT NULL,
  key text NOT NULL,
  fingerprint text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (scope, operation, key)
);
`;

export const migrateIdempotencyKeys = (pool: pg.Pool): Promise<void> =>
  migrateSchema(pool, 'idempotency', IDEMPOTENCY_SCHEMA);

/** JSON with object keys sorted at every depth, so equal requests write equal text. */
const canonical = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
};

const sha256 = (text: string | Buffer): string => createHash('sha256').update(text).digest('hex');

/**
 * The request's Idempotency-Key with the fingerprint of `request` (the parsed fields, plus the
 * bytes of an attached file); undefined when the header is absent, empty or over 200 characters.
 */
export const idempotencyKeyOf = (
  req: IncomingMessage,
  request: unknown,
  file?: Buffer,
): IdempotencyKey | undefined => {
  const header = req.headers['idempotency-key'];
  const key = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!key || key.length > 200) return undefined;
  const fields = JSON.stringify(canonical(request) ?? null);
  return { key, fingerprint: sha256(file ? `${fields}\u0000${sha256(file)}` : fields) };
};

/**
 * Binds the key to its request for this caller and operation, or finds it bound: the scoped
 * key to derive ids and events' `idempotencyKey` from. Refuses a key bound to another request.
 */
export const claimIdempotencyKey = async (
  pool: pg.Pool,
  caller: IdempotencyCaller,
  operation: string,
  { key, fingerprint }: IdempotencyKey,
): Promise<string> => {
  const scope = caller.apiKeyId ? `key:${caller.apiKeyId}` : `account:${caller.userId}`;
  const claim = () =>
    pool.query<{ fingerprint: string }>(
      `WITH claimed AS (
         INSERT INTO idempotency.keys (scope, operation, key, fingerprint) VALUES ($1, $2, $3, $4)
         ON CONFLICT (scope, operation, key) DO NOTHING RETURNING fingerprint
       )
       SELECT fingerprint FROM claimed
       UNION ALL
       SELECT fingerprint FROM idempotency.keys WHERE scope = $1 AND operation = $2 AND key = $3`,
      [scope, operation, key, fingerprint],
    );
  // A claim racing another of the same key waits for it, then sees nothing in its own snapshot.
  const bound = (await claim()).rows[0] ?? (await claim()).rows[0];
  if (bound && bound.fingerprint !== fingerprint) throw new IllegalStateError(MESSAGES.idempotencyKeyReused);
  return `${scope}:${operation}:${sha256(`${key}\u0000${fingerprint}`).slice(0, 32)}`;
};
