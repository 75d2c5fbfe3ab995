import { createHash } from 'node:crypto';
import type pg from 'pg';
import { API_KEY_PATTERN, type ApiKeyScope } from '@appointment/contracts/api-keys';
import type { Actor } from '../accounts/accounts-context';
import { migrateSchema } from '@appointment/projections/db/transaction';

/** The stored form of a key: its SHA-256, hex. */
export const hashOfKey = (key: string): string => createHash('sha256').update(key).digest('hex');

/** A key found: who it acts as (its provider's admin) and what it may do. */
export interface KeyPrincipal {
  keyId: string;
  providerId: string;
  scopes: readonly ApiKeyScope[];
  actor: Actor;
}

/**
 * Last used is not an event (a key may be used thousands of times a minute): it is a row per
 * key, written at most once a minute, beside the rm_apikeys read model so a rebuild keeps it.
 */
const SCHEMA = `
CREATE SCHEMA IF NOT EXISTS integrations;
CREATE TABLE IF NOT EXISTS integrations.api_key_usage (
  key_id text PRIMARY KEY,
  last_used_at timestamptz NOT NULL
);
`;

export interface ApiKeyAuthOptions {
  now?: () => Date;
  /** How long a found key is believed without asking the database again. */
  cacheMs?: number;
  /** Last used is written at most this often per key. */
  touchEveryMs?: number;
}

/**
 * The bearer check of API keys. A key is found by its hash (a unique index of rm_apikeys) and
 * then kept for `cacheMs`; a revoke in this process forgets it at once, another process
 * believes its copy for at most `cacheMs`.
 */
export class ApiKeyAuth {
  private readonly now: () => Date;
  private readonly cacheMs: number;
  private readonly touchEveryMs: number;
  private readonly found = new Map<string, { principal: KeyPrincipal; until: number }>();
  private readonly touched = new Map<string, number>();

  constructor(
    private readonly pool: pg.Pool,
    options: ApiKeyAuthOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
    this.cacheMs = options.cacheMs ?? 5_000;
    this.touchEveryMs = options.touchEveryMs ?? 60_000;
  }

  migrate(): Promise<void> {
    return migrateSchema(this.pool, 'integrations', SCHEMA);
  }

  /** The key's principal, or undefined for a key that is malformed, unknown or revoked. */
  async resolve(key: string): Promise<KeyPrincipal | undefined> {
    if (!API_KEY_PATTERN.test(key)) return undefined;
    const hash = hashOfKey(key);
    const at = this.now().getTime();
    const cached = this.found.get(hash);
    let principal = cached && cached.until > at ? cached.principal : undefined;
    if (!principal) {
      // The key acts as its provider's admin, the account that created it, while that account
      // is still its provider's.
      const { rows } = await this.pool.query<{
        id: string;
        provider_id: string;
        scopes: ApiKeyScope[];
        user_id: string;
        email: string;
        name: string;
      }>(
        `SELECT k.id, k.provider_id, k.scopes, u.id AS user_id, u.email, u.name
           FROM rm_apikeys.api_keys k
           JOIN rm_accounts.users u ON u.id = k.created_by AND u.provider_id = k.provider_id AND u.role = 'admin'
          WHERE k.key_hash = $1`,
        [hash],
      );
      const row = rows[0];
      if (!row) {
        this.found.delete(hash);
        return undefined;
      }
      principal = {
        keyId: row.id,
        providerId: row.provider_id,
        scopes: row.scopes,
        actor: {
          userId: row.user_id,
          role: 'admin',
          providerId: row.provider_id,
          email: row.email,
          name: row.name,
        },
      };
      if (this.found.size >= 10_000) this.found.clear();
      this.found.set(hash, { principal, until: at + this.cacheMs });
    }
    await this.touch(principal.keyId, at);
    return principal;
  }

  /** A revoked key stops working in this process at once. */
  forget(keyId: string): void {
    for (const [hash, entry] of this.found) if (entry.principal.keyId === keyId) this.found.delete(hash);
    this.touched.delete(keyId);
  }

  /**
   * Records the use, at most once per `touchEveryMs` per key: skipped in memory within the
   * window, and the row is only moved forward by a full window (other processes' writes).
   */
  private async touch(keyId: string, at: number): Promise<void> {
    const last = this.touched.get(keyId);
    if (last !== undefined && at - last < this.touchEveryMs) return;
    if (this.touched.size >= 10_000) this.touched.clear();
    this.touched.set(keyId, at);
    await this.pool.query(
      `INSERT INTO integrations.api_key_usage AS u (key_id, last_used_at) VALUES ($1, $2)
       ON CONFLICT (key_id) DO UPDATE SET last_used_at = excluded.last_used_at
        WHERE u.last_used_at <= excluded.last_used_at - $3 * interval '1 millisecond'`,
      [keyId, new Date(at), this.touchEveryMs],
    );
  }
}
