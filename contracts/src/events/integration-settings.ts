import { z } from 'zod';
import { ChatbotSettings, WhatsAppSettings } from '../integration-settings';

/** The events of a provider's integration settings stream, written once. */
const At = z.object({ providerId: z.string(), at: z.string() });

export const ChatbotSettingsSaved = At.extend({ settings: ChatbotSettings });
export const WhatsAppSettingsSaved = At.extend({ settings: WhatsAppSettings });
export const ChatAppConnected = At.extend({
  name: z.string(),
  description: z.string(),
  webhookUrl: z.string(),
});
export const ChatAppConfigured = ChatAppConnected;
export const ChatAppDisconnected = At;

export const INTEGRATION_SETTINGS_EVENTS = {
  ChatbotSettingsSaved,
  WhatsAppSettingsSaved,
  ChatAppConnected,
  ChatAppConfigured,
  ChatAppDisconnected,
} as const;

type DataOf = {
  [K in keyof typeof INTEGRATION_SETTINGS_EVENTS]: z.infer<(typeof INTEGRATION_SETTINGS_EVENTS)[K]>;
};
export type IntegrationSettingsEvent = { [K in keyof DataOf]: { type: K; data: DataOf[K] } }[keyof DataOf];

/** A recorded event as an integration-settings event, if it is one and its data fits. */
export const asIntegrationSettingsEvent = (event: {
  type: string;
  data: unknown;
}): IntegrationSettingsEvent | undefined => {
  if (!Object.hasOwn(INTEGRATION_SETTINGS_EVENTS, event.type)) return undefined;
  const type = event.type as keyof typeof INTEGRATION_SETTINGS_EVENTS;
  const parsed = INTEGRATION_SETTINGS_EVENTS[type].safeParse(event.data);
  return parsed.success ? ({ type, data: parsed.data } as IntegrationSettingsEvent) : undefined;
};
