import { Router, type Request, type RequestHandler, type Response } from 'express';
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
import type { Actor } from '../accounts/accounts.service';
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

/** The disconnect takes no body: whatever comes is ignored, as before. */
const NO_BODY = { parse: (): undefined => undefined };

/** The provider a request is about: the admin's own, or `providerId` from platform staff. */
const providerOf = (deps: IntegrationSettingsRouterDependencies, req: Request, res: Response) =>
  deps.settings.providerOf(authOf(res), SettingsQuery.parse(req.query).providerId);

/** Integration settings, the chat app and the chat assistant (docs/product.md §2.8, §7.8). */
export const integrationSettingsRouter = (deps: IntegrationSettingsRouterDependencies): Router => {
  const router = Router();
  const { settings, assistant } = deps;

  router.get(route(PATHS.settings), requireCapability('integrations.read'), async (req, res) => {
    res.json({ settings: await settings.settings(authOf(res), await providerOf(deps, req, res)) });
  });

  router.get(route(PATHS.whatsappMessages), requireCapability('integrations.read'), async (req, res) => {
    res.json({ messages: await settings.whatsAppMessages(await providerOf(deps, req, res)) });
  });

  /**
   * A change to one provider's settings: the body checked against its contract, the provider found (the
   * admin's own, or the one platform staff name), the change made, and the settings answered with the
   * change's message.
   */
  const change =
    <T>(
      schema: { parse(value: unknown): T },
      message: string,
      make: (actor: Actor, providerId: string, body: T) => Promise<unknown>,
    ): RequestHandler =>
    async (req, res) => {
      const body = schema.parse(req.body);
      const providerId = await providerOf(deps, req, res);
      res.json({ message, settings: await make(authOf(res), providerId, body) });
    };
  const manage = requireCapability('integrations.manage');
  const saved = MESSAGES.integrationSettingsSaved;

  router.put(
    route(PATHS.chatbot),
    manage,
    change(ChatbotSettings, saved, settings.saveChatbot.bind(settings)),
  );
  router.put(
    route(PATHS.whatsapp),
    manage,
    change(WhatsAppSettings, saved, settings.saveWhatsApp.bind(settings)),
  );
  router.post(
    route(PATHS.chatAppConnect),
    manage,
    change(ChatAppForm, MESSAGES.chatAppConnected, settings.connectChatApp.bind(settings)),
  );
  router.put(
    route(PATHS.chatAppConfigure),
    manage,
    change(ChatAppForm, saved, settings.configureChatApp.bind(settings)),
  );
  router.post(
    route(PATHS.chatAppDisconnect),
    manage,
    change(NO_BODY, MESSAGES.chatAppDisconnected, (actor, providerId) =>
      settings.disconnectChatApp(actor, providerId),
    ),
  );

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
