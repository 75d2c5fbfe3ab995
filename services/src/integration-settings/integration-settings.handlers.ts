import rateLimit from 'express-rate-limit';
import type { ErrorBody } from '@appointment/contracts/errors';
import { MESSAGES } from '@appointment/contracts/messages';
import type { ChatAssistant } from '../chat/chat-assistant';
import { authOf } from '../http/authenticate';
import { handlers, type OperationHandlers } from '../http/mount-operations';
import type { IntegrationSettingsService } from './integration-settings.service';

export interface IntegrationSettingsHandlerDependencies {
  settings: IntegrationSettingsService;
  assistant: ChatAssistant;
  /** Chat messages one person may send a minute (CHAT_LIMIT). */
  chatLimit: number;
}

/** Integration settings, the chat app and the chat assistant (docs/product.md §2.8, §7.8). */
export const integrationSettingsHandlers = ({
  settings,
  assistant,
  chatLimit,
}: IntegrationSettingsHandlerDependencies): OperationHandlers => {
  const saved = MESSAGES.integrationSettingsSaved;
  // Per person, not per address: many people may share one address, and a model costs money.
  const chatLimiter = rateLimit({
    windowMs: 60_000,
    limit: chatLimit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: (_req, res) => `chat:${authOf(res).userId}`,
    handler: (_req, res) => {
      res.status(429).json({ message: MESSAGES.chatTooFast } satisfies ErrorBody);
    },
  });
  // Each change is to one provider's settings: the admin's own, or the one platform staff name.
  return handlers({
    integrationSettings: async ({ auth, query }) => ({
      settings: await settings.settings(auth, await settings.providerOf(auth, query.providerId)),
    }),
    whatsAppMessages: async ({ auth, query }) => ({
      messages: await settings.whatsAppMessages(await settings.providerOf(auth, query.providerId)),
    }),
    saveChatbotSettings: async ({ auth, query, body }) => ({
      message: saved,
      settings: await settings.saveChatbot(auth, await settings.providerOf(auth, query.providerId), body),
    }),
    saveWhatsAppSettings: async ({ auth, query, body }) => ({
      message: saved,
      settings: await settings.saveWhatsApp(auth, await settings.providerOf(auth, query.providerId), body),
    }),
    connectChatApp: async ({ auth, query, body }) => ({
      message: MESSAGES.chatAppConnected,
      settings: await settings.connectChatApp(auth, await settings.providerOf(auth, query.providerId), body),
    }),
    configureChatApp: async ({ auth, query, body }) => ({
      message: saved,
      settings: await settings.configureChatApp(
        auth,
        await settings.providerOf(auth, query.providerId),
        body,
      ),
    }),
    // The disconnect takes no body: whatever comes is ignored.
    disconnectChatApp: async ({ auth, query }) => ({
      message: MESSAGES.chatAppDisconnected,
      settings: await settings.disconnectChatApp(auth, await settings.providerOf(auth, query.providerId)),
    }),
    chat: { before: [chatLimiter], handle: ({ auth, body }) => assistant.reply(auth, body) },
  });
};
