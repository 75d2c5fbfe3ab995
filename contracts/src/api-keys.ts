import { z } from 'zod';
import { MESSAGES } from './messages';

/**
 * API keys: a provider's own systems call the API with `Authorization: Bearer apt_…`,
 * acting for that provider with only the key's scopes. The full key is shown once; the server
 * keeps its SHA-256, a short prefix and its last four characters (for the masked list).
 */
export const API_KEY_PATHS = {
  apiKeys: '/api/integrations/apikeys',
  apiKey: '/api/integrations/apikeys/:id',
} as const;

/** What every key starts with: the bearer check tells a key from a session token by it. */
export const API_KEY_PREFIX = 'apt_';
/** The random part: 32 bytes, base64url (43 characters). */
export const API_KEY_RANDOM_BYTES = 32;
/** How much of the key the server keeps in clear: `apt_` and four characters. */
export const API_KEY_SHOWN_PREFIX_LENGTH = API_KEY_PREFIX.length + 4;
/** A full key: `apt_` and 43 base64url characters. */
export const API_KEY_PATTERN = /^apt_[A-Za-z0-9_-]{43}$/;

export const API_KEY_SCOPES = [
  'appointments:read',
  'appointments:write',
  'schedule:read',
  'schedule:write',
  'services:read',
  'services:write',
] as const;
export const ApiKeyScope = z.enum(API_KEY_SCOPES);
export type ApiKeyScope = z.infer<typeof ApiKeyScope>;

/** What each scope lets a key do, for the Generate New Key dialog and the API document. */
export const API_KEY_SCOPE_TEXT: Record<ApiKeyScope, string> = {
  'appointments:read': 'Read appointments and their counts',
  'appointments:write': "Change an appointment's status",
  'schedule:read': 'Read time slots, availability and templates',
  'schedule:write': 'Add time slots, change availability and templates',
  'services:read': 'Read services and the currency',
  'services:write': 'Add, change and delete services; set the currency',
};

export const CreateApiKeyRequest = z.object({
  name: z
    .string({ error: MESSAGES.apiKeyNameRequired })
    .trim()
    .min(1, MESSAGES.apiKeyNameRequired)
    .max(100, MESSAGES.apiKeyNameTooLong),
  scopes: z
    .array(ApiKeyScope, { error: MESSAGES.apiKeyScopesRequired })
    .min(1, MESSAGES.apiKeyScopesRequired)
    // Each scope once, in the contracts' order.
    .transform((scopes) => API_KEY_SCOPES.filter((scope) => scopes.includes(scope))),
});
export type CreateApiKeyRequest = z.input<typeof CreateApiKeyRequest>;

/** A key as listed: never the key itself. */
export const ApiKey = z.object({
  id: z.string(),
  name: z.string(),
  /** `apt_` and the key's first four characters after it. */
  prefix: z.string(),
  /** The key's last four characters: the list shows `prefix…last4`. */
  last4: z.string(),
  scopes: z.array(ApiKeyScope),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** The provider the key acts for (a superadmin lists every provider's). */
  providerId: z.string(),
  providerName: z.string(),
});
export type ApiKey = z.infer<typeof ApiKey>;

/** The answer to POST: the full key, this once, and the key as it will be listed. */
export const CreateApiKeyResponse = z.object({ key: z.string(), apiKey: ApiKey });
export type CreateApiKeyResponse = z.infer<typeof CreateApiKeyResponse>;

export const ApiKeyListResponse = z.object({ apiKeys: z.array(ApiKey) });
export type ApiKeyListResponse = z.infer<typeof ApiKeyListResponse>;

/** The masked key of the list: `apt_Ab3x…wXyZ`. */
export const maskedKey = (key: Pick<ApiKey, 'prefix' | 'last4'>): string => `${key.prefix}…${key.last4}`;

/** The path of one API key (`:id`). */
export const ApiKeyIdParams = z.object({ id: z.string().min(1) });
