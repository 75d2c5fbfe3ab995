import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type pg from 'pg';
import { migrateSchema } from '@appointment/projections/db/transaction';

/**
 * One AES-256 key per data subject (docs/decisions.md D40), in `pii.person_keys`, outside the
 * log. Forgetting a subject deletes its key and keeps the row, so a reader knows that the
 * subject's old clear events must be hidden too.
 */
export const PII_SCHEMA = 'pii';

export const migratePersonKeys = (pool: pg.Pool): Promise<void> =>
  migrateSchema(
    pool,
    PII_SCHEMA,
    `
    CREATE SCHEMA IF NOT EXISTS ${PII_SCHEMA};
    CREATE TABLE IF NOT EXISTS ${PII_SCHEMA}.person_keys (
      person_id text PRIMARY KEY,
      key bytea,
      created_at timestamptz NOT NULL DEFAULT now(),
      forgotten_at timestamptz,
      CHECK ((key IS NULL) = (forgotten_at IS NOT NULL))
    );
  `,
  );

/** A subject's key, or `forgotten`, or `none` (never had one: only clear events name them). */
export type KeyState = { kind: 'key'; key: Buffer } | { kind: 'forgotten' } | { kind: 'none' };

/** How long a process trusts what it read of a key (another process may forget it). */
const CACHE_MS = 30_000;

/**
 * The keys, cached per process so projections do not ask the database per event. A forget in
 * this process evicts at once; other processes evict when they read the `PersonForgotten` event
 * (the encrypting store does) and at the latest after `CACHE_MS`.
 */
export class PersonKeys {
  private readonly cache = new Map<string, { state: KeyState; until: number }>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly now: () => number = Date.now,
  ) {}

  private cached(personId: string): KeyState | undefined {
    const hit = this.cache.get(personId);
    if (!hit) return undefined;
    if (hit.until < this.now()) {
      this.cache.delete(personId);
      return undefined;
    }
    return hit.state;
  }

  private remember(personId: string, state: KeyState): KeyState {
    if (this.cache.size > 100_000) this.cache.clear();
    // What is forgotten stays forgotten: no need to ask again.
    this.cache.set(personId, { state, until: state.kind === 'forgotten' ? Infinity : this.now() + CACHE_MS });
    return state;
  }

  /** The states of several subjects, asking the database once for those not cached. */
  async lookup(personIds: Iterable<string>): Promise<Map<string, KeyState>> {
    const found = new Map<string, KeyState>();
    const missing: string[] = [];
    for (const id of new Set(personIds)) {
      const hit = this.cached(id);
      if (hit) found.set(id, hit);
      else missing.push(id);
    }
    if (missing.length > 0) {
      const { rows } = await this.pool.query<{ person_id: string; key: Buffer | null }>(
        `SELECT person_id, key FROM ${PII_SCHEMA}.person_keys WHERE person_id = ANY ($1)`,
        [missing],
      );
      const byId = new Map(rows.map((row) => [row.person_id, row.key]));
      for (const id of missing) {
        const key = byId.get(id);
        const state: KeyState =
          key === undefined ? { kind: 'none' } : key === null ? { kind: 'forgotten' } : { kind: 'key', key };
        found.set(id, this.remember(id, state));
      }
    }
    return found;
  }

  /** Keys for writing: made for subjects that have none; `forgotten` stays so. */
  async keysForWriting(personIds: Iterable<string>): Promise<Map<string, KeyState>> {
    const states = await this.lookup(personIds);
    const missing = [...states].filter(([, state]) => state.kind === 'none').map(([id]) => id);
    if (missing.length > 0) {
      await this.pool.query(
        `INSERT INTO ${PII_SCHEMA}.person_keys (person_id, key)
         SELECT id, key FROM unnest($1::text[], $2::bytea[]) AS x(id, key)
         ON CONFLICT (person_id) DO NOTHING`,
        [missing, missing.map(() => randomBytes(32))],
      );
      // Another process may have made one first: read back what won.
      for (const id of missing) this.cache.delete(id);
      for (const [id, state] of await this.lookup(missing)) states.set(id, state);
    }
    return states;
  }

  /** Deletes the subject's key for good (and remembers that they are forgotten). */
  async forget(personId: string): Promise<void> {
    await this.pool.query(
      `INSERT INTO ${PII_SCHEMA}.person_keys (person_id, key, forgotten_at) VALUES ($1, NULL, now())
       ON CONFLICT (person_id) DO UPDATE SET key = NULL, forgotten_at = coalesce(${PII_SCHEMA}.person_keys.forgotten_at, now())`,
      [personId],
    );
    this.remember(personId, { kind: 'forgotten' });
  }

  /** Forgets what this process cached of a subject (they were forgotten elsewhere). */
  evict(personId: string): void {
    this.cache.delete(personId);
  }
}

/** An encrypted field as the log stores it, in place of the clear string. */
export interface SealedValue {
  /** The format: AES-256-GCM, 12-byte IV, 16-byte tag, then the ciphertext, in base64. */
  $pii: 'v1';
  /** The subject whose key sealed it. */
  s: string;
  c: string;
}

export const isSealed = (value: unknown): value is SealedValue =>
  typeof value === 'object' &&
  value !== null &&
  (value as { $pii?: unknown }).$pii === 'v1' &&
  typeof (value as { s?: unknown }).s === 'string' &&
  typeof (value as { c?: unknown }).c === 'string';

/**
 * Values this process sealed or opened lately, by ciphertext (unique: each has its own IV): the
 * projector reads back what the API just sealed, and a stream read again opens the same values.
 * A hit counts only for the same key and subject, and it is asked only with the subject's key in
 * hand, so a forgotten subject's values never come from it. Two generations of at most
 * `OPENED_GENERATION` values each: when the newer fills, the older is dropped whole.
 */
const OPENED_GENERATION = 25_000;
interface Opened {
  key: Buffer;
  subject: string;
  clear: string;
}
let newer = new Map<string, Opened>();
let older = new Map<string, Opened>();
const rememberOpened = (key: Buffer, sealed: Pick<SealedValue, 's' | 'c'>, clear: string) => {
  if (newer.size >= OPENED_GENERATION) {
    older = newer;
    newer = new Map();
  }
  newer.set(sealed.c, { key, subject: sealed.s, clear });
};
const openedBefore = (key: Buffer, sealed: Pick<SealedValue, 's' | 'c'>): string | undefined => {
  const hit = newer.get(sealed.c) ?? older.get(sealed.c);
  return hit && hit.subject === sealed.s && (hit.key === key || hit.key.equals(key)) ? hit.clear : undefined;
};

/** Random IVs drawn in blocks: one call to the system's generator per 4,096 values. */
const IV_BYTES = 12;
let ivPool = Buffer.alloc(0);
let ivNext = 0;
const freshIv = (): Buffer => {
  if (ivNext + IV_BYTES > ivPool.length) {
    ivPool = randomBytes(IV_BYTES * 4096);
    ivNext = 0;
  }
  ivNext += IV_BYTES;
  return ivPool.subarray(ivNext - IV_BYTES, ivNext);
};

export const seal = (key: Buffer, subject: string, clear: string): SealedValue => {
  const iv = freshIv();
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  // The subject is authenticated with the value: a sealed field cannot be moved to another one.
  cipher.setAAD(Buffer.from(subject));
  const body = Buffer.concat([cipher.update(clear, 'utf8'), cipher.final()]);
  const sealed: SealedValue = {
    $pii: 'v1',
    s: subject,
    c: Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64'),
  };
  rememberOpened(key, sealed, clear);
  return sealed;
};

/** The clear string, or undefined when the key does not open it. */
export const unseal = (key: Buffer, sealed: SealedValue): string | undefined => {
  const known = openedBefore(key, sealed);
  if (known !== undefined) return known;
  const clear = decrypt(key, sealed);
  if (clear !== undefined) rememberOpened(key, sealed, clear);
  return clear;
};

const decrypt = (key: Buffer, sealed: SealedValue): string | undefined => {
  try {
    const raw = Buffer.from(sealed.c, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(sealed.s));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
};
