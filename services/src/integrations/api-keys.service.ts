import { randomBytes, randomUUID } from 'node:crypto';
import type pg from 'pg';
import {
  API_KEY_PREFIX,
  API_KEY_RANDOM_BYTES,
  API_KEY_SHOWN_PREFIX_LENGTH,
  type ApiKey,
  type ApiKeyScope,
  type CreateApiKeyResponse,
} from '@appointment/contracts/api-keys';
import { MESSAGES } from '@appointment/contracts/messages';
import type { Actor } from '../accounts/accounts-context';
import { commandMetadata, handleCommand } from '../domain/command-handler';
import { ForbiddenError, NotFoundError } from '../domain/errors';
import { apiKeysDecider, apiKeysStream, type ApiKeysCommand } from './api-keys.decider';
import type { EventStore } from '@appointment/contracts/event-store';
import { ReadYourWrites, type WaitFor } from '../read-your-writes';
import { hashOfKey, type ApiKeyAuth } from './api-key-auth';

export interface ApiKeysDependencies {
  store: EventStore;
  pool: pg.Pool;
  waitFor: WaitFor;
  auth: ApiKeyAuth;
  now?: () => Date;
}

interface ApiKeyRow {
  id: string;
  provider_id: string;
  provider_name: string | null;
  name: string;
  prefix: string;
  last4: string;
  scopes: ApiKeyScope[];
  created_at: Date;
  last_used_at: Date | null;
}

const apiKeyOf = (row: ApiKeyRow): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  last4: row.last4,
  scopes: row.scopes,
  createdAt: row.created_at.toISOString(),
  lastUsedAt: row.last_used_at?.toISOString() ?? null,
  providerId: row.provider_id,
  providerName: row.provider_name ?? '',
});

const SELECT_KEYS = `SELECT k.id, k.provider_id, p.name AS provider_name, k.name, k.prefix, k.last4, k.scopes,
       k.created_at, u.last_used_at
  FROM rm_apikeys.api_keys k
  LEFT JOIN integrations.api_key_usage u ON u.key_id = k.id
  LEFT JOIN rm_catalogue.providers p ON p.id = k.provider_id`;

/** A fresh key: `apt_` and 32 random bytes in base64url. */
export const generateApiKey = (): string =>
  API_KEY_PREFIX + randomBytes(API_KEY_RANDOM_BYTES).toString('base64url');

/**
 * A provider's admin generates and revokes its keys (docs/decisions.md D38); a superadmin lists
 * and revokes every provider's; support lists them.
 */
export class ApiKeysService {
  private readonly now: () => Date;
  private readonly reads: ReadYourWrites;

  constructor(private readonly deps: ApiKeysDependencies) {
    this.now = deps.now ?? (() => new Date());
    this.reads = new ReadYourWrites(deps.waitFor);
  }

  private async handle(actor: Actor, providerId: string, command: Omit<ApiKeysCommand, 'metadata'>) {
    const result = await handleCommand(this.deps.store, apiKeysStream(providerId), apiKeysDecider, {
      ...command,
      metadata: commandMetadata(this.now(), actor),
    } as ApiKeysCommand);
    await this.reads.settled(result.position);
  }

  /** Platform staff see every provider's keys; provider staff their own provider's. */
  async list(actor: Actor): Promise<ApiKey[]> {
    const platform = actor.role === 'superadmin' || actor.role === 'support';
    if (!platform && !actor.providerId) throw new ForbiddenError(MESSAGES.needsProvider);
    const { rows } = await this.deps.pool.query<ApiKeyRow>(
      platform
        ? `${SELECT_KEYS} ORDER BY k.created_at DESC, k.id`
        : `${SELECT_KEYS} WHERE k.provider_id = $1 ORDER BY k.created_at DESC, k.id`,
      platform ? [] : [actor.providerId],
    );
    return rows.map(apiKeyOf);
  }

  /** Generate New Key: the full key is in this answer only. */
  async create(
    actor: Actor,
    request: { name: string; scopes: ApiKeyScope[] },
  ): Promise<CreateApiKeyResponse> {
    const providerId = actor.providerId;
    if (actor.role !== 'admin' || !providerId) throw new ForbiddenError(MESSAGES.needsProvider);
    const key = generateApiKey();
    const keyId = randomUUID();
    await this.handle(actor, providerId, {
      type: 'CreateApiKey',
      data: {
        keyId,
        providerId,
        createdBy: actor.userId,
        name: request.name,
        scopes: request.scopes,
        keyHash: hashOfKey(key),
        prefix: key.slice(0, API_KEY_SHOWN_PREFIX_LENGTH),
        last4: key.slice(-4),
      },
    });
    const { rows } = await this.deps.pool.query<ApiKeyRow>(`${SELECT_KEYS} WHERE k.id = $1`, [keyId]);
    return { key, apiKey: apiKeyOf(rows[0]!) };
  }

  /** Revoke: the key stops working in this process before the answer. */
  async revoke(actor: Actor, keyId: string): Promise<void> {
    const { rows } = await this.deps.pool.query<{ provider_id: string }>(
      'SELECT provider_id FROM rm_apikeys.api_keys WHERE id = $1',
      [keyId],
    );
    const providerId = rows[0]?.provider_id;
    // Another provider's key is as unknown as one never issued.
    if (!providerId || (actor.role !== 'superadmin' && providerId !== actor.providerId))
      throw new NotFoundError(MESSAGES.apiKeyNotFound);
    this.deps.auth.forget(keyId);
    await this.handle(actor, providerId, { type: 'RevokeApiKey', data: { providerId, keyId } });
    this.deps.auth.forget(keyId);
  }
}
