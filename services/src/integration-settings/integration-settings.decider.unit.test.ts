import { DEFAULT_CHATBOT, DEFAULT_WHATSAPP } from '@appointment/contracts/integration-settings';
import { MESSAGES } from '@appointment/contracts/messages';
import type { Command } from '../domain/command-handler';
import { specFor } from '../domain/decider-spec';
import { IllegalStateError } from '../domain/errors';
import { integrationSettingsDecider, type IntegrationSettingsCommand } from './integration-settings.decider';

const now = '2026-11-24T09:00:00.000Z';
const metadata: Command['metadata'] = { now, userId: 'admin-1' };
const providerId = 'p1';
const app = {
  name: 'Team chat',
  description: 'Bookings channel',
  webhookUrl: 'https://chat.example.com/hook',
};

describe('integration settings decider', () => {
  const spec = specFor(integrationSettingsDecider);
  const command = (type: IntegrationSettingsCommand['type'], data: object = {}) =>
    ({ type, data: { providerId, ...data }, metadata }) as IntegrationSettingsCommand;
  const connected = { type: 'ChatAppConnected' as const, data: { providerId, ...app, at: now } };

  it('saves the chatbot settings, and saving them unchanged records nothing', () => {
    const settings = { ...DEFAULT_CHATBOT, temperature: 0.3 };
    spec
      .given([])
      .when(command('SaveChatbotSettings', { settings }))
      .then([{ type: 'ChatbotSettingsSaved', data: { providerId, settings, at: now } }]);
    spec
      .given([])
      .when(command('SaveChatbotSettings', { settings: DEFAULT_CHATBOT }))
      .thenNothingHappened();
  });

  it('saves the WhatsApp settings, and saving them unchanged records nothing', () => {
    const settings = { ...DEFAULT_WHATSAPP, enabled: true, phoneNumberId: '1234' };
    spec
      .given([])
      .when(command('SaveWhatsAppSettings', { settings }))
      .then([{ type: 'WhatsAppSettingsSaved', data: { providerId, settings, at: now } }]);
    spec
      .given([{ type: 'WhatsAppSettingsSaved', data: { providerId, settings, at: now } }])
      .when(command('SaveWhatsAppSettings', { settings }))
      .thenNothingHappened();
  });

  it('connects the chat app once; connecting it again records nothing', () => {
    spec.given([]).when(command('ConnectChatApp', app)).then([connected]);
    spec.given([connected]).when(command('ConnectChatApp', app)).thenNothingHappened();
  });

  it('configures only a connected chat app', () => {
    const changed = { ...app, webhookUrl: 'https://chat.example.com/other' };
    spec
      .given([connected])
      .when(command('ConfigureChatApp', changed))
      .then([{ type: 'ChatAppConfigured', data: { providerId, ...changed, at: now } }]);
    spec.given([connected]).when(command('ConfigureChatApp', app)).thenNothingHappened();
    spec
      .given([])
      .when(command('ConfigureChatApp', app))
      .thenThrows(IllegalStateError, MESSAGES.chatAppNotConnected);
  });

  it('disconnects a connected chat app; a disconnected one records nothing', () => {
    spec
      .given([connected])
      .when(command('DisconnectChatApp'))
      .then([{ type: 'ChatAppDisconnected', data: { providerId, at: now } }]);
    spec.given([]).when(command('DisconnectChatApp')).thenNothingHappened();
  });
});
