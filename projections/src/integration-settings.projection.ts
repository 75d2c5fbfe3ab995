import { asIntegrationSettingsEvent } from '@appointment/contracts/events/integration-settings';
import { asMessagingEvent } from '@appointment/contracts/events/messaging';
import type { Projection } from './projection';

/**
 * Each provider's integration settings, one row, one JSON column per panel; a panel
 * never saved has no value and reads as its defaults.
 */
export const integrationSettingsProjection: Projection = {
  name: 'integration_settings',
  version: 1,
  createTables: (schema) => `
    CREATE TABLE ${schema}.settings (
      provider_id text PRIMARY KEY,
      chatbot jsonb,
      whatsapp jsonb,
      chat_app jsonb,
      updated_at timestamptz NOT NULL
    );
    CREATE TABLE ${schema}.whatsapp_messages (
      id text PRIMARY KEY,
      provider_id text NOT NULL,
      appointment_id text NOT NULL,
      kind text NOT NULL,
      status text NOT NULL,
      detail text NOT NULL,
      at timestamptz NOT NULL
    );
    CREATE INDEX ON ${schema}.whatsapp_messages (provider_id, at DESC);
  `,
  apply: async (recorded, { db, schema }) => {
    const message = asMessagingEvent(recorded);
    if (message) {
      const { providerId, appointmentId, kind, at } = message.data;
      const [status, detail] =
        message.type === 'WhatsAppMessageSent'
          ? ['sent', message.data.template ?? 'text']
          : message.type === 'WhatsAppMessageFailed'
            ? ['failed', message.data.error]
            : ['skipped', message.data.reason];
      await db.query(
        `INSERT INTO ${schema}.whatsapp_messages (id, provider_id, appointment_id, kind, status, detail, at)
           VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING`,
        [recorded.id, providerId, appointmentId, kind, status, detail, at],
      );
      return;
    }
    const event = asIntegrationSettingsEvent(recorded);
    if (!event) return;
    const { providerId, at } = event.data;
    const [column, value] =
      event.type === 'ChatbotSettingsSaved'
        ? ['chatbot', event.data.settings]
        : event.type === 'WhatsAppSettingsSaved'
          ? ['whatsapp', event.data.settings]
          : event.type === 'ChatAppDisconnected'
            ? ['chat_app', null]
            : [
                'chat_app',
                {
                  connected: true,
                  name: event.data.name,
                  description: event.data.description,
                  webhookUrl: event.data.webhookUrl,
                },
              ];
    await db.query(
      `INSERT INTO ${schema}.settings (provider_id, ${column}, updated_at) VALUES ($1, $2, $3)
         ON CONFLICT (provider_id) DO UPDATE SET ${column} = EXCLUDED.${column}, updated_at = EXCLUDED.updated_at`,
      [providerId, value === null ? null : JSON.stringify(value), at],
    );
  },
};
