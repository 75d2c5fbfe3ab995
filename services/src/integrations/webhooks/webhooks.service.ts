import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Clock } from '@appointment/contracts/clock';
import { MESSAGES } from '@appointment/contracts/messages';
import type {
  Webhook,
  WebhookDelivery,
  WebhookInput,
  WebhookWithSecretResponse,
} from '@appointment/contracts/webhooks';
import { WebhookInput as WebhookInputSchema } from '@appointment/contracts/webhooks';
import type { Actor } from '../../accounts/accounts-context';
import { commandMetadata, handleCommand } from '../../domain/command-handler';
import { ForbiddenError, NotFoundError, ValidationError } from '../../domain/errors';
import { webhookDecider, webhookStream, type WebhookCommand } from './webhook.decider';
import type { EventStore } from '@appointment/contracts/event-store';
import { QUEUE_NAMES, type JobQueues } from '../../jobs/job-queues';
import { ReadYourWrites, type WaitFor } from '../../read-your-writes';
import { IntegrationError, type IntegrationClient } from '../client';
import { newWebhookSecret, secretHint } from './signature';
import { REDELIVERY_CLAIM, webhookJobId, type WebhookJob } from './webhook-delivery';
import { findDelivery, listDeliveries, WEBHOOK_LOG_SCHEMA } from './webhook-log';

export interface WebhooksDependencies {
  store: EventStore;
  pool: pg.Pool;
  waitFor: WaitFor;
  /** Checks a URL when it is saved (the guard against private addresses). */
  client: Pick<IntegrationClient, 'checkUrl'>;
  /** Where a redelivery is enqueued; absent in a process without job queues. */
  jobs?: Pick<JobQueues, 'enqueue'>;
  now?: Clock;
}

interface WebhookRow {
  id: string;
  provider_id: string;
  name: string;
  url: string;
  event_types: Webhook['eventTypes'];
  active: boolean;
  disabled_reason: string | null;
  secret: string;
  created_at: Date;
  updated_at: Date;
}

const toWebhook = (row: WebhookRow): Webhook => ({
  id: row.id,
  providerId: row.provider_id,
  name: row.name,
  url: row.url,
  eventTypes: row.event_types,
  active: row.active,
  disabledReason: row.disabled_reason,
  secretHint: secretHint(row.secret),
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

/**
 * A provider's webhooks: its admin manages them, a superadmin reads and manages every
 * provider's, support reads them.
 */
export class WebhooksService {
  private readonly writes: ReadYourWrites;
  private readonly now: Clock;

  constructor(private readonly deps: WebhooksDependencies) {
    this.writes = new ReadYourWrites(deps.waitFor);
    this.now = deps.now ?? (() => new Date());
  }

  /** The provider whose webhooks the actor sees: its own, or (platform staff) the one asked for. */
  private providerScope(actor: Actor, asked?: string): string | undefined {
    if (actor.role === 'admin') {
      if (!actor.providerId) throw new ForbiddenError(MESSAGES.forbidden);
      return actor.providerId;
    }
    if (actor.role === 'superadmin' || actor.role === 'support') return asked;
    throw new ForbiddenError(MESSAGES.forbidden);
  }

  async list(actor: Actor, providerId?: string): Promise<Webhook[]> {
    const scope = this.providerScope(actor, providerId);
    const { rows } = await this.deps.pool.query<WebhookRow>(
      `SELECT * FROM rm_webhooks.webhooks WHERE ($1::text IS NULL OR provider_id = $1)
        ORDER BY created_at, id`,
      [scope ?? null],
    );
    return rows.map(toWebhook);
  }

  /** A webhook the actor may see; 404 for one of another provider, as for one that does not exist. */
  private async find(actor: Actor, webhookId: string): Promise<WebhookRow> {
    const scope = this.providerScope(actor);
    const { rows } = await this.deps.pool.query<WebhookRow>(
      'SELECT * FROM rm_webhooks.webhooks WHERE id = $1',
      [webhookId],
    );
    const row = rows[0];
    if (!row || (scope !== undefined && row.provider_id !== scope))
      throw new NotFoundError(MESSAGES.webhookNotFound);
    return row;
  }

  private async checkUrl(url: string): Promise<void> {
    try {
      await this.deps.client.checkUrl(url);
    } catch (error) {
      if (!(error instanceof IntegrationError)) throw error;
      const message =
        error.kind === 'unsafe_url'
          ? MESSAGES.webhookUrlUnsafe
          : error.kind === 'unresolvable'
            ? MESSAGES.webhookUrlUnresolvable
            : MESSAGES.webhookUrlInvalid;
      throw new ValidationError(message, [{ field: 'url', message }]);
    }
  }

  private async run(actor: Actor, webhookId: string, command: Omit<WebhookCommand, 'metadata'>) {
    const result = await handleCommand(this.deps.store, webhookStream(webhookId), webhookDecider, {
      ...command,
      metadata: commandMetadata(this.now(), actor),
    } as WebhookCommand);
    await this.writes.settled(result.position);
    return result;
  }

  async create(actor: Actor, input: WebhookInput): Promise<WebhookWithSecretResponse> {
    const fields = WebhookInputSchema.parse(input);
    const providerId = actor.role === 'admin' ? this.providerScope(actor) : fields.providerId;
    if (actor.role !== 'admin' && actor.role !== 'superadmin') throw new ForbiddenError(MESSAGES.forbidden);
    if (!providerId) {
      throw new ValidationError(MESSAGES.webhookProviderRequired, [
        { field: 'providerId', message: MESSAGES.webhookProviderRequired },
      ]);
    }
    await this.checkUrl(fields.url);
    const webhookId = randomUUID();
    const secret = newWebhookSecret();
    await this.run(actor, webhookId, {
      type: 'CreateWebhook',
      data: {
        webhookId,
        providerId,
        secret,
        name: fields.name,
        url: fields.url,
        eventTypes: fields.eventTypes,
        active: fields.active,
      },
    });
    return { webhook: toWebhook(await this.find(actor, webhookId)), secret };
  }

  async edit(actor: Actor, webhookId: string, input: WebhookInput): Promise<Webhook> {
    const fields = WebhookInputSchema.parse(input);
    await this.find(actor, webhookId);
    await this.checkUrl(fields.url);
    await this.run(actor, webhookId, {
      type: 'EditWebhook',
      data: {
        webhookId,
        name: fields.name,
        url: fields.url,
        eventTypes: fields.eventTypes,
        active: fields.active,
      },
    });
    return toWebhook(await this.find(actor, webhookId));
  }

  async delete(actor: Actor, webhookId: string): Promise<void> {
    await this.find(actor, webhookId);
    await this.run(actor, webhookId, { type: 'DeleteWebhook', data: { webhookId } });
  }

  async rotateSecret(actor: Actor, webhookId: string): Promise<WebhookWithSecretResponse> {
    await this.find(actor, webhookId);
    const secret = newWebhookSecret();
    await this.run(actor, webhookId, { type: 'RotateWebhookSecret', data: { webhookId, secret } });
    return { webhook: toWebhook(await this.find(actor, webhookId)), secret };
  }

  async deliveries(actor: Actor, webhookId: string): Promise<WebhookDelivery[]> {
    await this.find(actor, webhookId);
    return listDeliveries(this.deps.pool, webhookId);
  }

  /** A new attempt of the same delivery, with the same `webhook-id`; the log shows its outcome. */
  async redeliver(actor: Actor, webhookId: string, deliveryId: string): Promise<WebhookDelivery> {
    const webhook = await this.find(actor, webhookId);
    const delivery = await findDelivery(this.deps.pool, webhookId, deliveryId);
    if (!delivery) throw new NotFoundError(MESSAGES.webhookDeliveryNotFound);
    if (!this.deps.jobs) throw new NotFoundError(MESSAGES.webhookDeliveryNotFound);
    const { rows } = await this.deps.pool.query<{
      redeliveries: number;
      payload: string;
      committed_at: Date;
    }>(
      `UPDATE ${WEBHOOK_LOG_SCHEMA}.deliveries
          SET redeliveries = redeliveries + 1, status = 'pending', claimed_by = $2
        WHERE id = $1 RETURNING redeliveries, payload, committed_at`,
      [deliveryId, REDELIVERY_CLAIM],
    );
    const row = rows[0]!;
    const job: WebhookJob = {
      deliveryId,
      webhookId,
      providerId: webhook.provider_id,
      eventId: delivery.eventId,
      eventType: delivery.eventType,
      payload: row.payload,
      committedAt: row.committed_at.toISOString(),
      attempt: delivery.attempts + 1,
      redelivery: row.redeliveries,
    };
    await this.deps.jobs.enqueue(QUEUE_NAMES.webhookDelivery, 'deliver', job, { jobId: webhookJobId(job) });
    return { ...delivery, status: 'pending' };
  }
}
