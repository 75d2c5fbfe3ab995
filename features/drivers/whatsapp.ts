import {
  DEFAULT_WHATSAPP,
  INTEGRATION_SETTINGS_PATHS as PATHS,
  type WhatsAppSettings,
} from '@appointment/contracts/integration-settings';
import type { WhatsAppMessageRecord } from '@appointment/contracts/events/messaging';
import { HttpPeer, type ReceivedRequest } from '@appointment/infra/testing/http-peer';
import { ok } from '../support/assertions';
import type { Person, PlatformWorld } from '../support/world';

/*
 * WhatsApp messages (docs/product.md §7.8) as the provider's admin sets them up and reads their log,
 * and as the messaging API receives them: a real HTTP server on this machine stands for the API
 * (WHATSAPP_API_URL), recording what it is sent and answering as the API does.
 */

/** The messaging API of a scenario, and what the steps have already matched of what it was sent. */
export interface WhatsAppScene {
  api: HttpPeer;
  settings: WhatsAppSettings;
  /** Which of the API's requests earlier steps have accounted for, by their place in its log. */
  matched: Set<number>;
}

/** A messaging API that accepts every message with an id, as the real one does. */
export const startMessagingApi = (): Promise<HttpPeer> => {
  const api: HttpPeer = new HttpPeer(() => ({
    status: 200,
    body: { messaging_product: 'whatsapp', messages: [{ id: `wamid.${api.received.length}` }] },
  }));
  return api.start();
};

export const whatsAppOf = (world: PlatformWorld): WhatsAppScene => {
  if (!world.whatsApp) throw new Error('This scenario has no messaging API: tag it @whatsapp');
  return world.whatsApp;
};

/** The admin's WhatsApp panel saved: on, with the provider's number id, own token and templates. */
export const saveWhatsApp = async (
  world: PlatformWorld,
  admin: Person,
  change: Partial<WhatsAppSettings> & { accessToken?: string },
): Promise<void> => {
  const scene = whatsAppOf(world);
  const settings = { ...scene.settings, ...change };
  ok(await world.request(admin, 'PUT', PATHS.whatsapp, { body: settings }), 200, 'saving WhatsApp failed');
  scene.settings = settings;
};

export const turnWhatsAppOn = (world: PlatformWorld, admin: Person, phoneNumberId: string) =>
  saveWhatsApp(world, admin, {
    ...DEFAULT_WHATSAPP,
    enabled: true,
    connectedNumber: '+91 99955 50100',
    phoneNumberId,
    accessToken: 'EAAG-scenario-own-token-0001',
  });

/** What the messaging API was sent for the provider's number, in order. */
export const messagesSent = (world: PlatformWorld): ReceivedRequest[] => {
  const { api, settings } = whatsAppOf(world);
  return api.received.filter((request) => request.path === `/v18.0/${settings.phoneNumberId}/messages`);
};

/** The provider's WhatsApp log, as its admin reads it. */
export const whatsAppLog = async (world: PlatformWorld, admin: Person): Promise<WhatsAppMessageRecord[]> =>
  (
    ok(await world.request(admin, 'GET', PATHS.whatsappMessages), 200, 'reading the WhatsApp log failed') as {
      messages: WhatsAppMessageRecord[];
    }
  ).messages;
