import type pg from 'pg';
import {
  DEFAULT_CHAT_APP,
  DEFAULT_CHATBOT,
  DEFAULT_WHATSAPP,
  type ChatApp,
  type ChatbotSettings,
  type IntegrationSettings,
  type WhatsAppSettings,
} from '@appointment/contracts/integration-settings';
import type { WhatsAppMessageRecord } from '@appointment/contracts/events/messaging';

/** The reads of rm_integration_settings, beside the projection that writes it. */
type Db = Pick<pg.Pool, 'query'>;

interface Row {
  chatbot: ChatbotSettings | null;
  whatsapp: WhatsAppSettings | null;
  chat_app: ChatApp | null;
}

/** A provider's settings; each panel never saved reads as its defaults (docs/product.md §4). */
export const integrationSettingsOf = async (db: Db, providerId: string): Promise<IntegrationSettings> => {
  const { rows } = await db.query<Row>(
    `SELECT chatbot, whatsapp, chat_app FROM rm_integration_settings.settings WHERE provider_id = $1`,
    [providerId],
  );
  const row = rows[0];
  return {
    providerId,
    chatbot: row?.chatbot ?? DEFAULT_CHATBOT,
    whatsapp: row?.whatsapp ?? DEFAULT_WHATSAPP,
    chatApp: row?.chat_app ?? DEFAULT_CHAT_APP,
  };
};

/** The provider's latest WhatsApp messages, newest first. */
export const whatsAppMessagesOf = async (
  db: Db,
  providerId: string,
  limit = 50,
): Promise<WhatsAppMessageRecord[]> => {
  const { rows } = await db.query<{
    appointment_id: string;
    kind: WhatsAppMessageRecord['kind'];
    status: WhatsAppMessageRecord['status'];
    detail: string;
    at: Date;
  }>(
    `SELECT appointment_id, kind, status, detail, at FROM rm_integration_settings.whatsapp_messages
      WHERE provider_id = $1 ORDER BY at DESC, id LIMIT $2`,
    [providerId, limit],
  );
  return rows.map((row) => ({
    appointmentId: row.appointment_id,
    kind: row.kind,
    status: row.status,
    detail: row.detail,
    at: row.at.toISOString(),
  }));
};
