import { MESSAGES } from '@appointment/contracts/messages';
import { handlers, type OperationHandlers } from '../http/mount-operations';
import type { ApiKeysService } from './api-keys.service';

/** A provider's API keys (docs/decisions.md D38). */
export const apiKeysHandlers = (apiKeys: ApiKeysService): OperationHandlers =>
  handlers({
    listApiKeys: async ({ auth }) => ({ apiKeys: await apiKeys.list(auth) }),
    createApiKey: ({ auth, body }) => apiKeys.create(auth, body),
    revokeApiKey: async ({ auth, params }) => {
      await apiKeys.revoke(auth, params.id);
      return { message: MESSAGES.apiKeyRevoked };
    },
  });
