import { Router, type Request, type Response } from 'express';
import rateLimit from 'express-rate-limit';
import type { ErrorBody } from '@appointment/contracts/errors';
import {
  ChatAppForm,
  ChatbotSettings,
  ChatRequest,
  INTEGRATION_SETTINGS_PATHS as PATHS,
  SettingsQuery,
  WhatsAppSettings,
} from '@appointment/contracts/integration-settings';
import { MESSAGES } from '@appointment/contracts/messages';
import type { ChatAssistant } from '../chat/chat-assistant';
import type { IntegrationSettingsService } from '../integration-settings/integration-settings.service';
import { authOf, requireCapability, requireSignedIn } from './authenticate';
import { route } from './routes';

export interface IntegrationSettingsRouterDependencies {
  settings: IntegrationSettingsService;
  assistant: ChatAssistant;
  /** Chat messages one person may send a minute (CHAT_LIMIT). */
  chatLimit: number;
}

/** The provider a request is about: the admin's own, or `providerId` from platform staff. */
const providerOf = (deps: IntegrationSettingsRouterDependencies, req: Request, res: Response) =>
  deps.settings.providerOf(authOf(res), SettingsQuery.parse(req.query).providerId);

/** Integration settings, the chat app and the chat assistant (issue 11, docs/product.md §2.8, §7.8). */
export const integrationSettingsRouter = (deps: IntegrationSettingsRouterDependencies): Router => {
  const router = Router();
  const { settings, assistant } = deps;

  router.get(route(PATHS.settings), requireCapability('integrations.read'), async (req, res) => {
    res.json({ settings: await settings.settings(await providerOf(deps, req, res)) });
  });

  router.get(route(PATHS.whatsappMessages), requireCapability('integrations.read'), async (req, res) => {
    res.json({ messages: await settings.whatsAppMessages(await providerOf(deps, req, res)) });
  });

  router.put(route(PATHS.chatbot), requireCapability('integrations.manage'), async (req, res) => {
    const body = ChatbotSettings.parse(req.body);
    const providerId = await providerOf(deps, req, res);
    res.json({
      message: MESSAGES.integrationSettingsSaved,
      settings: await settings.saveChatbot(authOf(res), providerId, body),
    });
  });

  router.put(route(PATHS.whatsapp), requireCapability('integrations.manage'), async (req, res) => {
    const body = WhatsAppSettings.parse(req.body);
    const providerId = await providerOf(deps, req, res);
    res.json({
      message: MESSAGES.integrationSettingsSaved,
      settings: await settings.saveWhatsApp(authOf(res), providerId, body),
    });
  });

  router.post(route(PATHS.chatAppConnect), requireCapability('integrations.manage'), async (req, res) => {
    const form = ChatAppForm.parse(req.body);
    const providerId = await providerOf(deps, req, res);
    res.json({
      message: MESSAGES.chatAppConnected,
      settings: await settings.connectChatApp(authOf(res), providerId, form),
    });
  });

  router.put(route(PATHS.chatAppConfigure), requireCapability('integrations.manage'), async (req, res) => {
    const form = ChatAppForm.parse(req.body);
    const providerId = await providerOf(deps, req, res);
    res.json({
      message: MESSAGES.integrationSettingsSaved,
      settings: await settings.configureChatApp(authOf(res), providerId, form),
    });
  });

  router.post(route(PATHS.chatAppDisconnect), requireCapability('integrations.manage'), async (req, res) => {
    const providerId = await providerOf(deps, req, res);
    res.json({
      message: MESSAGES.chatAppDisconnected,
      settings: await settings.disconnectChatApp(authOf(res), providerId),
    });
  });

  // Per person, not per address: many people may share one address, and a model costs money.
  const chatLimiter = rateLimit({
    windowMs: 60_000,
    limit: deps.chatLimit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: (_req, res) => `chat:${authOf(res).userId}`,
    handler: (_req, res) => {
      res.status(429).json({ message: MESSAGES.chatTooFast } satisfies ErrorBody);
    },
  });

  router.post(route(PATHS.chat), requireSignedIn, chatLimiter, async (req, res) => {
    res.json(await assistant.reply(authOf(res), ChatRequest.parse(req.body)));
  });

  return router;
};
