import type pg from 'pg';
import {
  DEFAULT_CHAT_MODELS,
  type ChatAppForm,
  type ChatbotSettings,
  type IntegrationSettings,
  type WhatsAppSettings,
} from '@appointment/contracts/integration-settings';
import {
  integrationSettingsOf,
  whatsAppMessagesOf,
} from '@appointment/projections/integration-settings.queries';
import type { WhatsAppMessageRecord } from '@appointment/contracts/events/messaging';
import { maskedToken, maskedUrl, readsCredentialsOf } from '@appointment/contracts/credentials';
import type { Actor } from '../accounts/accounts-context';
import { commandMetadata, handleCommand } from '../domain/command-handler';
import {
  integrationSettingsDecider,
  integrationSettingsStream,
  type IntegrationSettingsCommand,
} from './integration-settings.decider';
import type { EventStore } from '@appointment/contracts/event-store';
import { providerInScope, type CheckProvider } from '../provider-scope';
import { IntegrationError } from '../integrations/client';
import { ValidationError } from '../domain/errors';
import { MESSAGES } from '@appointment/contracts/messages';
import { ReadYourWrites, type WaitFor } from '../read-your-writes';

export interface IntegrationSettingsDependencies {
  store: EventStore;
  pool: pg.Pool;
  waitFor: WaitFor;
  checkProvider: CheckProvider;
  /** Refuses a URL the product must not call (request forgery), with an IntegrationError. */
  checkOutboundUrl?: (url: string) => Promise<void>;
  /** The chat models a provider may choose (CHAT_MODELS). */
  chatModels?: readonly string[];
  now?: () => Date;
}

/** A provider's integration settings: read, and changed by its admin. */
export class IntegrationSettingsService {
  private readonly reads: ReadYourWrites;
  private readonly now: () => Date;

  constructor(private readonly deps: IntegrationSettingsDependencies) {
    this.reads = new ReadYourWrites(deps.waitFor);
    this.now = deps.now ?? (() => new Date());
  }

  providerOf(actor: Actor, providerId: string | undefined): Promise<string> {
    return providerInScope(actor, providerId, this.deps.checkProvider);
  }

  /**
   * A provider's settings as the actor may read them: the chat app's webhook URL is a credential,
   * whole for the provider's admin only and masked for platform staff.
   */
  async settings(actor: Actor, providerId: string): Promise<IntegrationSettings> {
    const saved = await integrationSettingsOf(this.deps.pool, providerId);
    const { accessToken, ...whatsapp } = saved.whatsapp;
    const settings = {
      ...saved,
      // The WhatsApp token is write-only: masked for everyone, its admin included.
      whatsapp: { ...whatsapp, ...(accessToken ? { accessToken: maskedToken(accessToken) } : {}) },
      chatModels: [...this.chatModels],
    };
    const { webhookUrl } = settings.chatApp;
    if (webhookUrl === undefined || readsCredentialsOf(actor, providerId)) return settings;
    return { ...settings, chatApp: { ...settings.chatApp, webhookUrl: maskedUrl(webhookUrl) } };
  }

  private get chatModels(): readonly string[] {
    return this.deps.chatModels ?? DEFAULT_CHAT_MODELS;
  }

  whatsAppMessages(providerId: string): Promise<WhatsAppMessageRecord[]> {
    return whatsAppMessagesOf(this.deps.pool, providerId);
  }

  async saveChatbot(
    actor: Actor,
    providerId: string,
    settings: ChatbotSettings,
  ): Promise<IntegrationSettings> {
    if (!this.chatModels.includes(settings.model))
      throw new ValidationError(MESSAGES.chatModelNotOffered, [
        { field: 'model', message: MESSAGES.chatModelNotOffered },
      ]);
    return this.command(actor, providerId, { type: 'SaveChatbotSettings', data: { providerId, settings } });
  }

  async saveWhatsApp(
    actor: Actor,
    providerId: string,
    settings: WhatsAppSettings,
  ): Promise<IntegrationSettings> {
    const saved = (await integrationSettingsOf(this.deps.pool, providerId)).whatsapp.accessToken;
    const { accessToken: sent, ...rest } = settings;
    const keep = sent === undefined || (saved !== undefined && sent === maskedToken(saved));
    const accessToken = keep ? saved : sent;
    return this.command(actor, providerId, {
      type: 'SaveWhatsAppSettings',
      data: { providerId, settings: { ...rest, ...(accessToken ? { accessToken } : {}) } },
    });
  }

  async connectChatApp(actor: Actor, providerId: string, form: ChatAppForm): Promise<IntegrationSettings> {
    const webhookUrl = await this.webhookUrlOf(providerId, form.webhookUrl);
    return this.command(actor, providerId, {
      type: 'ConnectChatApp',
      data: { providerId, ...form, webhookUrl },
    });
  }

  async configureChatApp(actor: Actor, providerId: string, form: ChatAppForm): Promise<IntegrationSettings> {
    const webhookUrl = await this.webhookUrlOf(providerId, form.webhookUrl);
    return this.command(actor, providerId, {
      type: 'ConfigureChatApp',
      data: { providerId, ...form, webhookUrl },
    });
  }

  async disconnectChatApp(actor: Actor, providerId: string): Promise<IntegrationSettings> {
    return this.command(actor, providerId, { type: 'DisconnectChatApp', data: { providerId } });
  }

  /**
   * The URL a chat app form means: platform staff see the saved one masked, so the mask sent back
   * unchanged keeps it; any other URL is checked.
   */
  private async webhookUrlOf(providerId: string, sent: string): Promise<string> {
    const saved = (await integrationSettingsOf(this.deps.pool, providerId)).chatApp.webhookUrl;
    if (saved !== undefined && sent === maskedUrl(saved)) return saved;
    await this.checkUrl(sent);
    return sent;
  }

  /** The guard against request forgery, as for webhooks: a 400 naming the field. */
  private async checkUrl(url: string): Promise<void> {
    try {
      await this.deps.checkOutboundUrl?.(url);
    } catch (error) {
      if (!(error instanceof IntegrationError)) throw error;
      const message =
        error.kind === 'unsafe_url'
          ? MESSAGES.webhookUrlUnsafe
          : error.kind === 'unresolvable'
            ? MESSAGES.webhookUrlUnresolvable
            : MESSAGES.webhookUrlInvalid;
      throw new ValidationError(message, [{ field: 'webhookUrl', message }]);
    }
  }

  private async command(
    actor: Actor,
    providerId: string,
    command: Omit<IntegrationSettingsCommand, 'metadata'>,
  ): Promise<IntegrationSettings> {
    const result = await handleCommand(
      this.deps.store,
      integrationSettingsStream(providerId),
      integrationSettingsDecider,
      { ...command, metadata: commandMetadata(this.now(), actor) } as IntegrationSettingsCommand,
    );
    await this.reads.settled(result.position);
    return this.settings(actor, providerId);
  }
}
