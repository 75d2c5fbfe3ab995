import { NotFoundError, ConflictError } from '../domain/errors';
import type { Command } from '../domain/command-handler';
import { specFor } from '../domain/decider-spec';
import { apiKeysDecider, type ApiKeysEvent, type CreateApiKey, type RevokeApiKey } from './api-keys.decider';

const now = '2026-11-24T10:00:00.000Z';
const metadata: Command['metadata'] = { now, userId: 'admin-1' };
const P = 'provider-1';

const issued = {
  keyId: 'k1',
  name: 'Website',
  scopes: ['appointments:read' as const],
  keyHash: 'a'.repeat(64),
  prefix: 'apt_Ab3x',
  last4: 'wXyZ',
};

describe('API keys decider (issue 10)', () => {
  const spec = specFor(apiKeysDecider);
  const create = (overrides: Partial<CreateApiKey['data']> = {}): CreateApiKey => ({
    type: 'CreateApiKey',
    data: { ...issued, providerId: P, createdBy: 'admin-1', ...overrides },
    metadata,
  });
  const revoke = (keyId = 'k1'): RevokeApiKey => ({
    type: 'RevokeApiKey',
    data: { providerId: P, keyId },
    metadata,
  });
  const created: ApiKeysEvent = {
    type: 'ApiKeyCreated',
    data: { ...issued, providerId: P, createdBy: 'admin-1', at: now },
  };
  const revoked: ApiKeysEvent = {
    type: 'ApiKeyRevoked',
    data: { providerId: P, keyId: 'k1', revokedBy: 'admin-1', at: now },
  };

  it('records a new key with its hash, prefix and last four, never the key', () => {
    spec.given([]).when(create()).then([created]);
    expect(JSON.stringify(created)).not.toMatch(/apt_[A-Za-z0-9_-]{43}/);
  });

  it('records a second key beside the first', () =>
    spec
      .given([created])
      .when(create({ keyId: 'k2', keyHash: 'b'.repeat(64) }))
      .then([
        {
          type: 'ApiKeyCreated',
          data: {
            ...issued,
            keyId: 'k2',
            keyHash: 'b'.repeat(64),
            providerId: P,
            createdBy: 'admin-1',
            at: now,
          },
        },
      ]));

  it('a repeated create of the same key: nothing happens', () =>
    spec.given([created]).when(create()).thenNothingHappened());

  it('never reuses a key id for another key, even revoked', () => {
    spec
      .given([created])
      .when(create({ keyHash: 'c'.repeat(64) }))
      .thenThrows(ConflictError);
    spec.given([created, revoked]).when(create()).thenThrows(ConflictError);
  });

  it('revokes a live key', () => spec.given([created]).when(revoke()).then([revoked]));

  it('revoking a revoked key: nothing happens', () =>
    spec.given([created, revoked]).when(revoke()).thenNothingHappened());

  it('refuses to revoke a key the provider never had', () => {
    spec.given([]).when(revoke()).thenThrows(NotFoundError, 'API key not found');
    spec.given([created]).when(revoke('k9')).thenThrows(NotFoundError, 'API key not found');
  });
});
