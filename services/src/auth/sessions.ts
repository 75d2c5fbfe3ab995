import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';
import { migrateSchema } from '@appointment/projections/db/transaction';

/**
 * Server-side sessions (docs/architecture.md §6): a random 256-bit id, stored only as its SHA-256, with an
 * idle and an absolute expiry. The same id works as the `sid` cookie and as a bearer token.
 */
export const SESSION_COOKIE = 'sid';
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
/** last_seen is written at most this often per session. */
const TOUCH_EVERY_MS = 60 * 1000;

const SCHEMA = `
CREATE SCHEMA IF NOT EXISTS auth;
CREATE TABLE IF NOT EXISTS auth.sessions (
  id_hash text PRIMARY KEY,
  user_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS sessions_user ON auth.sessions (user_id);
CREATE TABLE IF NOT EXISTS auth.secrets (name text PRIMARY KEY, value text NOT NULL);
`;

/** A session's stored id: the SHA-256 of its token. Also names its live sockets' room. */
export const sessionIdOf = (token: string) => createHash('sha256').update(token).digest('hex');
const hash = sessionIdOf;

export interface SessionActor {
  userId: string;
  role: string;
  providerId?: string;
  email: string;
  name: string;
  /** Whether the person confirmed their address (an unconfirmed one cannot book). */
  emailVerified: boolean;
}

export interface Session {
  userId: string;
  token: string;
}

/** Sessions that just ended: one (sign-out), or all of a person's but one (password, deletion). */
export type SessionsEnded = { sessionId: string } | { userId: string; except?: string };

/**
 * How long this process trusts a session it has just looked up. Sign-out and deletion in this
 * process drop it at once; with REDIS_URL set, every other API process drops it at once too
 * (`shareEndings`); without it, another process sees them within this time.
 */
export const SESSION_CACHE_MS = 5_000;
const SESSION_CACHE_LIMIT = 10_000;

export class SessionStore {
  private readonly recent = new Map<string, { actor: SessionActor; until: number }>();
  /** Lookups under way, by session: the requests that arrive meanwhile wait for the same one. */
  private readonly looking = new Map<
    string,
    { lookup: Promise<SessionActor | undefined>; endings: number }
  >();
  /** Moves on every sign-out here, so a lookup that raced one is not remembered. */
  private endings = 0;
  private readonly endedListeners = new Set<(ended: SessionsEnded) => void>();
  /** Tells the other API processes that sessions ended (scale-out, through Redis). */
  private share?: (ended: SessionsEnded) => Promise<void>;

  constructor(
    private readonly pool: pg.Pool,
    private readonly cacheMs = SESSION_CACHE_MS,
  ) {}

  migrate(): Promise<void> {
    return migrateSchema(this.pool, 'auth', SCHEMA);
  }

  /** A secret kept in the database, made once: signs e-mail verification links. */
  async secret(name: string): Promise<string> {
    await this.pool.query('INSERT INTO auth.secrets VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
      name,
      randomBytes(32).toString('base64url'),
    ]);
    const { rows } = await this.pool.query<{ value: string }>(
      'SELECT value FROM auth.secrets WHERE name = $1',
      [name],
    );
    return rows[0]!.value;
  }

  async create(userId: string): Promise<Session> {
    const token = randomBytes(32).toString('base64url');
    await this.pool.query(
      `INSERT INTO auth.sessions (id_hash, user_id, expires_at) VALUES ($1, $2, now() + $3 * interval '1 millisecond')`,
      [hash(token), userId, SESSION_ABSOLUTE_MS],
    );
    return { userId, token };
  }

  /** The session's user, or undefined when it is unknown, idle too long or past its end. */
  async resolve(token: string): Promise<string | undefined> {
    return (await this.resolveActor(token))?.userId;
  }

  /**
   * The session's user with their role and provider, in one query: the role and provider come
   * from the accounts read model, which a registration waits for before it answers.
   */
  async resolveActor(token: string): Promise<SessionActor | undefined> {
    if (!token || token.length > 200) return undefined;
    const idHash = hash(token);
    const now = Date.now();
    const cached = this.recent.get(idHash);
    if (cached && cached.until > now) return cached.actor;
    // Requests of one session arriving together (a page's calls, a kept-alive client's) share one
    // lookup when the kept one runs out, rather than all asking the database at once.
    // One that began before a sign-out here is not joined: its answer may be the ended session's.
    const looking = this.looking.get(idHash);
    if (looking && looking.endings === this.endings) return looking.lookup;
    const lookup = this.lookUp(idHash, now).finally(() => {
      if (this.looking.get(idHash)?.lookup === lookup) this.looking.delete(idHash);
    });
    this.looking.set(idHash, { lookup, endings: this.endings });
    return lookup;
  }

  private async lookUp(idHash: string, now: number): Promise<SessionActor | undefined> {
    const endingsBefore = this.endings;
    const { rows } = await this.pool.query<{
      user_id: string;
      role: string;
      provider_id: string | null;
      email: string;
      name: string;
      email_verified: boolean;
      idle_ms: number;
    }>(
      `SELECT s.user_id, u.role, u.provider_id, u.email, u.name, u.email_verified, extract(epoch FROM now() - s.last_seen_at) * 1000 AS idle_ms
         FROM auth.sessions s JOIN rm_accounts.users u ON u.id = s.user_id
        WHERE s.id_hash = $1 AND s.expires_at > now() AND s.last_seen_at > now() - $2 * interval '1 millisecond'`,
      [idHash, SESSION_IDLE_MS],
    );
    const row = rows[0];
    if (!row) return undefined;
    if (row.idle_ms > TOUCH_EVERY_MS) {
      await this.pool.query('UPDATE auth.sessions SET last_seen_at = now() WHERE id_hash = $1', [idHash]);
    }
    const actor = {
      userId: row.user_id,
      role: row.role,
      ...(row.provider_id ? { providerId: row.provider_id } : {}),
      email: row.email,
      name: row.name,
      emailVerified: row.email_verified,
    };
    if (this.cacheMs > 0 && this.endings === endingsBefore) {
      if (this.recent.size >= SESSION_CACHE_LIMIT) this.recent.clear();
      this.recent.set(idHash, { actor, until: now + this.cacheMs });
    }
    return actor;
  }

  /** Calls back whenever sessions end here (the live channel closes their sockets). */
  onEnded(listener: (ended: SessionsEnded) => void): void {
    this.endedListeners.add(listener);
  }

  private ended(ended: SessionsEnded): void {
    for (const listener of this.endedListeners) listener(ended);
  }

  /**
   * Scale-out: `publish` tells every API process of sessions that ended here; each calls
   * `endedElsewhere` with what it heard. A sign-out answers once it is published.
   */
  shareEndings(publish: (ended: SessionsEnded) => Promise<void>): void {
    this.share = publish;
  }

  /** Sessions another process ended: forgotten here, and no lookup in flight is remembered. */
  endedElsewhere(ended: SessionsEnded): void {
    this.endings++;
    this.forget(ended);
  }

  private forget(ended: SessionsEnded): void {
    if ('sessionId' in ended) {
      this.recent.delete(ended.sessionId);
      return;
    }
    for (const [idHash, entry] of this.recent) {
      if (entry.actor.userId === ended.userId && idHash !== ended.except) this.recent.delete(idHash);
    }
  }

  async destroy(token: string): Promise<void> {
    const idHash = hash(token);
    const ended: SessionsEnded = { sessionId: idHash };
    await this.ending(
      () => this.forget(ended),
      () => this.pool.query('DELETE FROM auth.sessions WHERE id_hash = $1', [idHash]),
    );
    this.ended(ended);
    await this.share?.(ended);
  }

  /** Ends every session of a user except, optionally, one. */
  async destroyAllFor(userId: string, except?: string): Promise<void> {
    const kept = except ? hash(except) : undefined;
    const ended: SessionsEnded = { userId, ...(kept ? { except: kept } : {}) };
    await this.ending(
      () => this.forget(ended),
      () =>
        this.pool.query('DELETE FROM auth.sessions WHERE user_id = $1 AND id_hash IS DISTINCT FROM $2', [
          userId,
          kept ?? null,
        ]),
    );
    this.ended(ended);
    await this.share?.(ended);
  }

  /**
   * Forgets sessions here before and after they are deleted, and moves `endings` on both
   * times: no lookup that overlapped the deletion is remembered.
   */
  private async ending(forget: () => void, remove: () => Promise<unknown>): Promise<void> {
    this.endings++;
    forget();
    try {
      await remove();
    } finally {
      this.endings++;
      forget();
    }
  }
}
