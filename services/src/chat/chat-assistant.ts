import type pg from 'pg';
import type { Appointment } from '@appointment/contracts/appointments';
import {
  AGENT_HANDOVER,
  type ChatReply,
  type ChatRequest,
} from '@appointment/contracts/integration-settings';
import { appointmentsOf } from '@appointment/projections/appointments.queries';
import { integrationSettingsOf } from '@appointment/projections/integration-settings.queries';
import type { Actor } from '../accounts/accounts-context';
import type { IntegrationClient } from '../integrations/client';
import type { Logger } from '../logger';
import { templateFor } from './response-templates';

/** What the assistant may tell about a provider: its name and its services. */
export interface ProviderFacts {
  name: string;
  services: { name: string; duration: number; price: number; currency: string; description?: string }[];
}

export interface ChatAssistantDependencies {
  pool: pg.Pool;
  /** The provider as the actor may see it; undefined when it does not exist or is hidden. */
  providerFacts: (actor: Actor, providerId: string) => Promise<ProviderFacts | undefined>;
  /** An OpenAI-compatible chat-completions endpoint (CHATBOT_API_URL), if any. */
  modelUrl?: string;
  /** The integration client for the operator's own endpoints. */
  client: Pick<IntegrationClient, 'send'>;
  modelKey?: string;
  logger: Pick<Logger, 'warn'>;
  now?: () => Date;
  /** The model's answer is awaited this long (docs/product.md §4: integration requests, 30 s). */
  timeoutMs?: number;
}

/** The upcoming bookings the assistant may mention, nearest first. */
const upcoming = (appointments: Appointment[], now: Date): Appointment[] =>
  appointments
    .filter(
      (a) =>
        (a.status === 'pending' || a.status === 'scheduled') && Date.parse(a.startDateTime) > now.getTime(),
    )
    .slice(0, 3);

const systemPrompt = (facts: ProviderFacts, next: Appointment[]): string =>
  [
    `You are the booking assistant of ${facts.name}. Answer briefly and only about this provider and the person's bookings.`,
    'Services:',
    ...facts.services.map(
      (s) =>
        `- ${s.name}: ${s.duration} minutes, ${s.price} ${s.currency}${s.description ? ` (${s.description})` : ''}`,
    ),
    next.length === 0
      ? 'The person has no upcoming appointments.'
      : `The person's next appointments: ${next
          .map(
            (a) =>
              `${a.serviceName} at ${a.providerName} on ${a.date} at ${a.startTime} (${a.timezone}), ${a.status}`,
          )
          .join('; ')}.`,
  ].join('\n');

/**
 * The chat widget's assistant (docs/product.md §7.8 POST /chat). The provider's response
 * templates answer first; otherwise the configured chat model, with the saved model,
 * temperature and length; otherwise, or when the assistant is off, an agent takes over.
 */
export class ChatAssistant {
  private readonly now: () => Date;

  constructor(private readonly deps: ChatAssistantDependencies) {
    this.now = deps.now ?? (() => new Date());
  }

  async reply(actor: Actor, request: ChatRequest): Promise<ChatReply> {
    // The assistant of the provider the person is looking at; elsewhere an agent answers.
    const { providerId } = request.context;
    const facts = providerId ? await this.deps.providerFacts(actor, providerId) : undefined;
    if (!providerId || !facts) return { reply: AGENT_HANDOVER, source: 'agent' };
    const { chatbot } = await integrationSettingsOf(this.deps.pool, providerId);
    if (!chatbot.enabled) return { reply: AGENT_HANDOVER, source: 'agent' };

    // The length limit counts characters for templates too: a template is the admin's text.
    const cap = (text: string) => text.slice(0, chatbot.maxTokens * 4);
    const template = templateFor(request.message);
    if (template) return { reply: cap(chatbot.templates[template]), source: 'template' };
    if (!this.deps.modelUrl) return { reply: AGENT_HANDOVER, source: 'agent' };
    const mine = await appointmentsOf(this.deps.pool, { userId: actor.userId });
    const next = upcoming(mine, this.now()).filter((a) => a.providerId === providerId);

    const answer = await this.askModel({
      model: chatbot.model,
      temperature: chatbot.temperature,
      max_tokens: chatbot.maxTokens,
      messages: [
        {
          role: 'system',
          content: systemPrompt(
            facts,
            next.filter((a) => a.providerId === providerId),
          ),
        },
        { role: 'user', content: request.message },
      ],
    });
    return answer ? { reply: cap(answer), source: 'model' } : { reply: AGENT_HANDOVER, source: 'agent' };
  }

  /** The model's first choice, or undefined (logged) when it fails or answers nothing. */
  private async askModel(body: object): Promise<string | undefined> {
    try {
      const response = await this.deps.client.send({
        url: this.deps.modelUrl!,
        method: 'POST',
        json: body,
        ...(this.deps.modelKey ? { bearer: this.deps.modelKey } : {}),
        timeoutMs: this.deps.timeoutMs ?? 30_000,
        maxResponseBytes: 256 * 1024,
      });
      const content = (JSON.parse(response.body) as { choices?: { message?: { content?: unknown } }[] })
        .choices?.[0]?.message?.content;
      return typeof content === 'string' && content.trim() ? content.trim() : undefined;
    } catch (error) {
      this.deps.logger.warn({ err: error }, 'chat model unreachable');
      return undefined;
    }
  }
}
