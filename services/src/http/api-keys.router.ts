import { Router } from 'express';
import { API_KEY_PATHS, CreateApiKeyRequest } from '@appointment/contracts/api-keys';
import { MESSAGES } from '@appointment/contracts/messages';
import type { ApiKeysService } from '../integrations/api-keys.service';
import { authOf, requireCapability } from './authenticate';
import { route } from './routes';

/** A provider's API keys (docs/decisions.md D38). */
export const apiKeysRouter = (apiKeys: ApiKeysService): Router => {
  const router = Router();

  router.get(route(API_KEY_PATHS.apiKeys), requireCapability('integrations.read'), async (_req, res) => {
    res.json({ apiKeys: await apiKeys.list(authOf(res)) });
  });

  router.post(route(API_KEY_PATHS.apiKeys), requireCapability('integrations.manage'), async (req, res) => {
    const request = CreateApiKeyRequest.parse(req.body ?? {});
    res.status(201).json(await apiKeys.create(authOf(res), request));
  });

  router.delete(route(API_KEY_PATHS.apiKey), requireCapability('integrations.manage'), async (req, res) => {
    await apiKeys.revoke(authOf(res), String(req.params.id));
    res.json({ message: MESSAGES.apiKeyRevoked });
  });

  return router;
};
