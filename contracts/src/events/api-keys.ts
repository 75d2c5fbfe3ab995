import { z } from 'zod';
import { ApiKeyScope } from '../api-keys';

/**
 * The events of a provider's API keys stream, written once. The log holds a key's
 * SHA-256, its prefix and last four characters, never the key itself.
 */

export const ApiKeyCreated = z.object({
  providerId: z.string(),
  keyId: z.string(),
  name: z.string(),
  scopes: z.array(ApiKeyScope),
  /** Hex SHA-256 of the full key. */
  keyHash: z.string(),
  prefix: z.string(),
  last4: z.string(),
  createdBy: z.string(),
  at: z.string(),
});

export const ApiKeyRevoked = z.object({
  providerId: z.string(),
  keyId: z.string(),
  revokedBy: z.string().optional(),
  at: z.string(),
});

/** Every API key event's data schema, by type. */
export const API_KEY_EVENTS = { ApiKeyCreated, ApiKeyRevoked } as const;

type DataOf = { [K in keyof typeof API_KEY_EVENTS]: z.infer<(typeof API_KEY_EVENTS)[K]> };
export type ApiKeysEvent = { [K in keyof DataOf]: { type: K; data: DataOf[K] } }[keyof DataOf];
