import type { ApiKeyScope } from '@appointment/contracts/api-keys';
import type { ApiKeysEvent } from '@appointment/contracts/events/api-keys';
import { MESSAGES } from '@appointment/contracts/messages';
import type { Command, Decider } from '../domain/command-handler';
import { ConflictError, NotFoundError } from '../domain/errors';

/**
 * A provider's API keys (docs/decisions.md D38): one stream per provider holds its whole key
 * set, so listing, creating and revoking are decided on one state. The stream never holds a
 * key itself: only its SHA-256, its shown prefix and its last four characters.
 */
export const apiKeysStream = (providerId: string) => `apikeys-${providerId}`;

export interface IssuedKey {
  keyId: string;
  name: string;
  scopes: ApiKeyScope[];
  /** Hex SHA-256 of the full key. */
  keyHash: string;
  prefix: string;
  last4: string;
}

export type CreateApiKey = Command & {
  type: 'CreateApiKey';
  data: IssuedKey & { providerId: string; createdBy: string };
};
export type RevokeApiKey = Command & { type: 'RevokeApiKey'; data: { providerId: string; keyId: string } };
export type ApiKeysCommand = CreateApiKey | RevokeApiKey;

/** The key set's events, as contracts/src/events/api-keys.ts reads them. */
export type { ApiKeysEvent };

export interface ApiKeySet {
  /** Live keys by id. */
  live: Record<string, { name: string; keyHash: string }>;
  /** Every id ever issued, revoked or not: an id is never reused. */
  issued: string[];
}

/** Generate New Key: a fresh id and a fresh key, recorded once. */
export const createApiKey = (command: CreateApiKey, state: ApiKeySet): ApiKeysEvent[] => {
  const { data, metadata } = command;
  // A repeated command (same key id, same key) is already done.
  if (state.live[data.keyId]?.keyHash === data.keyHash) return [];
  if (state.issued.includes(data.keyId)) throw new ConflictError(MESSAGES.apiKeyIdTaken);
  return [{ type: 'ApiKeyCreated', data: { ...data, at: metadata.now } }];
};

/** Revoke: the key stops working; revoking it again does nothing, an unknown key is not found. */
export const revokeApiKey = (command: RevokeApiKey, state: ApiKeySet): ApiKeysEvent[] => {
  const { data, metadata } = command;
  if (!state.live[data.keyId]) {
    if (state.issued.includes(data.keyId)) return [];
    throw new NotFoundError(MESSAGES.apiKeyNotFound);
  }
  return [
    {
      type: 'ApiKeyRevoked',
      data: {
        providerId: data.providerId,
        keyId: data.keyId,
        ...(metadata.userId ? { revokedBy: metadata.userId } : {}),
        at: metadata.now,
      },
    },
  ];
};

export const evolveApiKeys = (state: ApiKeySet, event: ApiKeysEvent): ApiKeySet => {
  switch (event.type) {
    case 'ApiKeyCreated':
      return {
        live: { ...state.live, [event.data.keyId]: { name: event.data.name, keyHash: event.data.keyHash } },
        issued: [...state.issued, event.data.keyId],
      };
    case 'ApiKeyRevoked': {
      const { [event.data.keyId]: _revoked, ...live } = state.live;
      return { ...state, live };
    }
    default:
      return state;
  }
};

export const apiKeysDecider: Decider<ApiKeysCommand, ApiKeysEvent, ApiKeySet> = {
  initialState: () => ({ live: {}, issued: [] }),
  evolve: evolveApiKeys,
  decide: (command, state) => {
    switch (command.type) {
      case 'CreateApiKey':
        return createApiKey(command, state);
      case 'RevokeApiKey':
        return revokeApiKey(command, state);
    }
  },
};
