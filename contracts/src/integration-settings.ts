import { z } from 'zod';
import { MESSAGES } from './messages';
import { WhatsAppMessageRecord } from './events/messaging';

/**
 * A provider's integration settings (docs/product.md §2.8 Integration Settings and
 * Connected Apps): the AI chatbot panel, the WhatsApp panel and the chat app. The admin edits
 * them; platform staff read them.
 */
export const INTEGRATION_SETTINGS_PATHS = {
  /** GET: all three, for the caller's provider (`?providerId=` for platform staff). */
  settings: '/api/integrations/settings',
  chatbot: '/api/integrations/settings/chatbot',
  whatsapp: '/api/integrations/settings/whatsapp',
  chatAppConnect: '/api/integrations/apps/chat/connect',
  chatAppConfigure: '/api/integrations/apps/chat/configure',
  chatAppDisconnect: '/api/integrations/apps/chat/disconnect',
  /** GET: the provider's latest WhatsApp messages and what became of them. */
  whatsappMessages: '/api/integrations/settings/whatsapp/messages',
  /** docs/product.md §7.8 POST /chat: the chat widget's message to the provider's assistant. */
  chat: '/api/chat',
} as const;

export const MAX_RESPONSE_LENGTHS = [256, 512, 1024] as const;

const text = (max: number) => z.string().trim().min(1).max(max);

export const ChatbotTemplates = z.object({
  greeting: text(500),
  farewell: text(500),
  booking: text(500),
  fallback: text(500),
});
export type ChatbotTemplates = z.infer<typeof ChatbotTemplates>;

/** docs/product.md §3 Chatbot config; the temperature is kept as 0–1 (the slider shows 0–100). */
export const ChatbotSettings = z.object({
  enabled: z.boolean(),
  model: text(100),
  temperature: z.number().min(0).max(1),
  maxTokens: z.union([z.literal(256), z.literal(512), z.literal(1024)]),
  templates: ChatbotTemplates,
});
export type ChatbotSettings = z.infer<typeof ChatbotSettings>;

/**
 * The chat models a provider may choose when the operator names none (CHAT_MODELS): the
 * default model, a larger one of the same API, and a local one for Ollama (the default
 * CHATBOT_API_URL). A model costs the operator money, so a provider never names one freely.
 */
export const DEFAULT_CHAT_MODELS = ['gpt-4o-mini', 'gpt-4o', 'llama3.2'] as const;

/** docs/product.md §4 Chatbot defaults. */
export const DEFAULT_CHATBOT: ChatbotSettings = {
  enabled: true,
  model: 'gpt-4o-mini',
  temperature: 0.7,
  maxTokens: 512,
  templates: {
    greeting: 'Hello! How can I assist you today?',
    farewell: 'Thank you for chatting. Have a great day!',
    booking: 'Would you like to book an appointment? I can help you with that.',
    fallback: "I'm not sure I understand. Could you please rephrase that?",
  },
};

export const TEMPLATE_STATUSES = ['approved', 'pending', 'rejected'] as const;

/**
 * A WhatsApp message template as the messaging API knows it; `body` is its text with {{1}},
 * {{2}}… for the parameters the booking fills (service, provider, date, time).
 */
export const WhatsAppTemplate = z.object({
  name: z
    .string()
    .trim()
    .regex(/^[a-z0-9_]{1,100}$/, 'Template names use lower-case letters, digits and underscores'),
  language: z
    .string()
    .trim()
    .regex(/^[a-z]{2}(_[A-Z]{2})?$/, 'Use a language code such as en or es_ES'),
  status: z.enum(TEMPLATE_STATUSES),
  body: text(1024),
});
export type WhatsAppTemplate = z.infer<typeof WhatsAppTemplate>;

export const WhatsAppSettings = z.object({
  enabled: z.boolean(),
  /** The business number shown on the panel, as the person sees it. */
  connectedNumber: z.string().trim().max(30),
  /** The messaging API's id of that number: messages go to /{phoneNumberId}/messages. */
  phoneNumberId: z
    .string()
    .trim()
    .regex(/^\d{0,30}$/, 'The phone number id is digits only'),
  /**
   * The provider's own token of the messaging API, which opens only the numbers of its own
   * business account (a platform-wide token let a provider send from another's number id). Write-only:
   * read back masked (…wXyZ); omitted, or the mask sent back, keeps the saved one; '' removes it.
   */
  accessToken: z.string().trim().max(1000).optional(),
  templates: z.array(WhatsAppTemplate).max(20),
});
export type WhatsAppSettings = z.infer<typeof WhatsAppSettings>;

/** docs/product.md §4 WhatsApp templates: appointment_confirmation and appointment_reminder, en. */
export const DEFAULT_WHATSAPP: WhatsAppSettings = {
  enabled: false,
  connectedNumber: '',
  phoneNumberId: '',
  templates: [
    {
      name: 'appointment_confirmation',
      language: 'en',
      status: 'approved',
      body: 'Your appointment for {{1}} at {{2}} on {{3}} at {{4}} is confirmed.',
    },
    {
      name: 'appointment_reminder',
      language: 'en',
      status: 'approved',
      body: 'Reminder: your appointment for {{1}} at {{2}} is on {{3}} at {{4}}.',
    },
  ],
};

/** docs/product.md §2.8 the configure modal: name, description and webhook URL. */
export const ChatAppForm = z.object({
  name: z
    .string({ message: MESSAGES.webhookNameRequired })
    .trim()
    .min(1, { message: MESSAGES.webhookNameRequired })
    .max(100),
  description: z.string().trim().max(500).default(''),
  webhookUrl: z
    .url({ protocol: /^https?$/, error: MESSAGES.webhookUrlInvalid })
    .max(2048, { message: MESSAGES.webhookUrlInvalid }),
});
export type ChatAppForm = z.infer<typeof ChatAppForm>;

export const ChatApp = z.object({
  connected: z.boolean(),
  name: z.string(),
  description: z.string(),
  webhookUrl: z.string().optional(),
});
export type ChatApp = z.infer<typeof ChatApp>;

export const DEFAULT_CHAT_APP: ChatApp = { connected: false, name: 'Chat', description: '' };

export const IntegrationSettings = z.object({
  providerId: z.string(),
  chatbot: ChatbotSettings,
  whatsapp: WhatsAppSettings,
  chatApp: ChatApp,
  /** The chat models the operator offers (CHAT_MODELS), for the chatbot panel's choice. */
  chatModels: z.array(z.string()).optional(),
});
export type IntegrationSettings = z.infer<typeof IntegrationSettings>;
/** GET settings: the provider's settings. */
export const IntegrationSettingsAnswer = z.object({ settings: IntegrationSettings });
/** A saved panel or chat app: the change's message and the settings as they now are. */
export const IntegrationSettingsSaved = z.object({ message: z.string(), settings: IntegrationSettings });
/** GET whatsapp messages: the provider's latest WhatsApp messages. */
export const WhatsAppMessagesAnswer = z.object({ messages: z.array(WhatsAppMessageRecord) });

export const SettingsQuery = z.object({ providerId: z.string().min(1).max(100).optional() }).strict();

/** docs/product.md §3 Chat message and §7.8 POST /chat: message, type, context. */
export const ChatRequest = z.object({
  message: z.string().trim().min(1).max(2000),
  type: z.literal('text').default('text'),
  context: z
    .object({
      /** The provider whose assistant answers: the one the person is looking at, if any. */
      providerId: z.string().min(1).max(100).optional(),
    })
    .default({}),
});
export type ChatRequest = z.infer<typeof ChatRequest>;

export const ChatReply = z.object({
  reply: z.string(),
  /** Where the answer came from: a response template, the chat model, or the hand-over text. */
  source: z.enum(['template', 'model', 'agent']),
});
export type ChatReply = z.infer<typeof ChatReply>;

/** docs/product.md §2.2: the widget's answer when no assistant answers. */
export const AGENT_HANDOVER = 'Thank you for your message. An agent will respond shortly.';
