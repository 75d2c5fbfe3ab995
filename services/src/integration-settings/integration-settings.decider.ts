import {
  DEFAULT_CHAT_APP,
  DEFAULT_CHATBOT,
  DEFAULT_WHATSAPP,
  type ChatAppForm,
  type ChatbotSettings,
  type IntegrationSettings,
  type WhatsAppSettings,
} from '@appointment/contracts/integration-settings';
import type { IntegrationSettingsEvent } from '@appointment/contracts/events/integration-settings';
import { isDeepStrictEqual } from 'node:util';
import { MESSAGES } from '@appointment/contracts/messages';
import type { Command, Decider } from '../domain/command-handler';
import { IllegalStateError } from '../domain/errors';

/** A provider's integration settings: one stream per provider. */
export const integrationSettingsStream = (providerId: string) => `integrationSettings-${providerId}`;

type Of<T extends string, D> = Command & { type: T; data: D & { providerId: string } };
export type SaveChatbotSettings = Of<'SaveChatbotSettings', { settings: ChatbotSettings }>;
export type SaveWhatsAppSettings = Of<'SaveWhatsAppSettings', { settings: WhatsAppSettings }>;
export type ConnectChatApp = Of<'ConnectChatApp', ChatAppForm>;
export type ConfigureChatApp = Of<'ConfigureChatApp', ChatAppForm>;
export type DisconnectChatApp = Of<'DisconnectChatApp', object>;
export type IntegrationSettingsCommand =
  SaveChatbotSettings | SaveWhatsAppSettings | ConnectChatApp | ConfigureChatApp | DisconnectChatApp;

export type IntegrationSettingsState = Omit<IntegrationSettings, 'providerId'>;

const saveChatbot = (
  command: SaveChatbotSettings,
  state: IntegrationSettingsState,
): IntegrationSettingsEvent[] =>
  isDeepStrictEqual(state.chatbot, command.data.settings)
    ? []
    : [{ type: 'ChatbotSettingsSaved', data: { ...command.data, at: command.metadata.now } }];

const saveWhatsApp = (
  command: SaveWhatsAppSettings,
  state: IntegrationSettingsState,
): IntegrationSettingsEvent[] =>
  isDeepStrictEqual(state.whatsapp, command.data.settings)
    ? []
    : [{ type: 'WhatsAppSettingsSaved', data: { ...command.data, at: command.metadata.now } }];

const chatAppData = (command: ConnectChatApp | ConfigureChatApp) => ({
  providerId: command.data.providerId,
  name: command.data.name,
  description: command.data.description,
  webhookUrl: command.data.webhookUrl,
  at: command.metadata.now,
});

/** Connecting a connected app changes nothing; Configure is how its details change. */
const connectChatApp = (
  command: ConnectChatApp,
  state: IntegrationSettingsState,
): IntegrationSettingsEvent[] =>
  state.chatApp.connected ? [] : [{ type: 'ChatAppConnected', data: chatAppData(command) }];

/** docs/product.md §2.8: Configure is offered only when connected. */
const configureChatApp = (
  command: ConfigureChatApp,
  state: IntegrationSettingsState,
): IntegrationSettingsEvent[] => {
  if (!state.chatApp.connected) throw new IllegalStateError(MESSAGES.chatAppNotConnected);
  const { name, description, webhookUrl } = command.data;
  const same =
    state.chatApp.name === name &&
    state.chatApp.description === description &&
    state.chatApp.webhookUrl === webhookUrl;
  return same ? [] : [{ type: 'ChatAppConfigured', data: chatAppData(command) }];
};

const disconnectChatApp = (
  command: DisconnectChatApp,
  state: IntegrationSettingsState,
): IntegrationSettingsEvent[] =>
  state.chatApp.connected
    ? [
        {
          type: 'ChatAppDisconnected',
          data: { providerId: command.data.providerId, at: command.metadata.now },
        },
      ]
    : [];

export const evolveIntegrationSettings = (
  state: IntegrationSettingsState,
  event: IntegrationSettingsEvent,
): IntegrationSettingsState => {
  switch (event.type) {
    case 'ChatbotSettingsSaved':
      return { ...state, chatbot: event.data.settings };
    case 'WhatsAppSettingsSaved':
      return { ...state, whatsapp: event.data.settings };
    case 'ChatAppConnected':
    case 'ChatAppConfigured': {
      const { name, description, webhookUrl } = event.data;
      return { ...state, chatApp: { connected: true, name, description, webhookUrl } };
    }
    case 'ChatAppDisconnected':
      return { ...state, chatApp: { ...DEFAULT_CHAT_APP } };
    default:
      return state;
  }
};

export const initialIntegrationSettings = (): IntegrationSettingsState => ({
  chatbot: DEFAULT_CHATBOT,
  whatsapp: DEFAULT_WHATSAPP,
  chatApp: DEFAULT_CHAT_APP,
});

export const integrationSettingsDecider: Decider<
  IntegrationSettingsCommand,
  IntegrationSettingsEvent,
  IntegrationSettingsState
> = {
  initialState: initialIntegrationSettings,
  evolve: evolveIntegrationSettings,
  decide: (command, state) => {
    switch (command.type) {
      case 'SaveChatbotSettings':
        return saveChatbot(command, state);
      case 'SaveWhatsAppSettings':
        return saveWhatsApp(command, state);
      case 'ConnectChatApp':
        return connectChatApp(command, state);
      case 'ConfigureChatApp':
        return configureChatApp(command, state);
      case 'DisconnectChatApp':
        return disconnectChatApp(command, state);
    }
  },
};
