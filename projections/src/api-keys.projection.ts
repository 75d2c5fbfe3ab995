import { API_KEY_EVENTS } from '@appointment/contracts/events/api-keys';
import { readEvent } from './parse-event';
import type { Projection } from './projection';

/**
 * Every provider's live API keys, found by the SHA-256 of the key on each bearer call
 * (a unique index) and listed by provider. A revoked key's row is deleted. When a key was last
 * used is not an event: it is written, at most once a minute, beside this read model
 * (services/src/integrations/api-key-auth.ts), so a rebuild never loses it.
 */
export const apiKeysProjection: Projection = {
  name: 'apikeys',
  version: 1,
  createTables: (schema) => `
    CREATE TABLE ${schema}.api_keys (
      id text PRIMARY KEY,
      provider_id text NOT NULL,
      name text NOT NULL,
      key_hash text NOT NULL UNIQUE,
      prefix text NOT NULL,
      last4 text NOT NULL,
      scopes text[] NOT NULL,
      created_by text NOT NULL,
      created_at timestamptz NOT NULL
    );
    CREATE INDEX ON ${schema}.api_keys (provider_id, created_at);
  `,
  apply: async (event, { db, schema }) => {
    const read = readEvent('apikeys', API_KEY_EVENTS, event);
    if (!read) return;
    switch (read.type) {
      case 'ApiKeyCreated': {
        const d = read.data;
        await db.query(
          `INSERT INTO ${schema}.api_keys (id, provider_id, name, key_hash, prefix, last4, scopes, created_by, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (id) DO NOTHING`,
          [d.keyId, d.providerId, d.name, d.keyHash, d.prefix, d.last4, d.scopes, d.createdBy, d.at],
        );
        return;
      }
      case 'ApiKeyRevoked':
        await db.query(`DELETE FROM ${schema}.api_keys WHERE id = $1 AND provider_id = $2`, [
          read.data.keyId,
          read.data.providerId,
        ]);
        return;
    }
  },
};
