import { z } from 'zod';
import { IntegrationEventTypeSchema } from './integration-events';
import { MESSAGES } from './messages';

/**
 * Webhooks (docs/product.md §2.8): a provider's admin subscribes a URL to public
 * integration events (`integration-events.ts`); each is delivered signed per the Standard
 * Webhooks specification, retried on failure, and logged.
 */
export const WEBHOOK_PATHS = {
  list: '/api/integrations/webhooks',
  one: '/api/integrations/webhooks/:id',
  rotateSecret: '/api/integrations/webhooks/:id/rotate-secret',
  deliveries: '/api/integrations/webhooks/:id/deliveries',
  redeliver: '/api/integrations/webhooks/:id/deliveries/:deliveryId/redeliver',
} as const;

/** Failed deliveries in a row after which a webhook is disabled. */
export const WEBHOOK_FAILURES_TO_DISABLE = 20;
/** How much of a receiver's answer the delivery log keeps. */
export const WEBHOOK_RESPONSE_LOG_BYTES = 1024;
/** How much of a receiver's answer is read at all. */
export const WEBHOOK_MAX_RESPONSE_BYTES = 64 * 1024;
export const WEBHOOK_TIMEOUT_MS = 10_000;
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** docs/product.md §2.8, verbatim. */
export const WEBHOOK_DELETE_CONFIRMATION =
  'Are you sure you want to delete this webhook? This action cannot be undone.';

const WebhookUrl = z
  .string({ message: MESSAGES.webhookUrlInvalid })
  .trim()
  .max(2000, { message: MESSAGES.webhookUrlInvalid })
  .refine(
    (value) => {
      if (!URL.canParse(value)) return false;
      const { protocol, username, password } = new URL(value);
      return (protocol === 'http:' || protocol === 'https:') && !username && !password;
    },
    { message: MESSAGES.webhookUrlInvalid },
  );

/** What the Add Webhook and edit forms send. */
export const WebhookInput = z.object({
  name: z
    .string({ message: MESSAGES.webhookNameRequired })
    .trim()
    .min(1, { message: MESSAGES.webhookNameRequired })
    .max(100, { message: MESSAGES.webhookNameTooLong }),
  url: WebhookUrl,
  eventTypes: z
    .array(IntegrationEventTypeSchema, { message: MESSAGES.webhookEventTypesRequired })
    .min(1, { message: MESSAGES.webhookEventTypesRequired })
    .transform((types) => [...new Set(types)]),
  active: z.boolean().default(true),
  /** The provider a superadmin creates it for; an admin's webhooks are always its own provider's. */
  providerId: z.string().min(1).max(100).optional(),
});
export type WebhookInput = z.input<typeof WebhookInput>;

export const Webhook = z.object({
  id: z.string(),
  providerId: z.string(),
  name: z.string(),
  url: z.string(),
  eventTypes: z.array(IntegrationEventTypeSchema),
  active: z.boolean(),
  /** Why it is inactive when the product turned it off: after failed deliveries. */
  disabledReason: z.string().nullable(),
  /** The secret's first characters, to tell secrets apart; never the secret. */
  secretHint: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Webhook = z.infer<typeof Webhook>;

export const WebhookListResponse = z.object({ webhooks: z.array(Webhook) });

/** The answer to creating a webhook or rotating its secret: the only time the secret is shown. */
export const WebhookWithSecretResponse = z.object({ webhook: Webhook, secret: z.string() });
export type WebhookWithSecretResponse = z.infer<typeof WebhookWithSecretResponse>;

export const WebhookDeliveryStatus = z.enum(['pending', 'retrying', 'succeeded', 'failed']);
export type WebhookDeliveryStatus = z.infer<typeof WebhookDeliveryStatus>;

export const WebhookDelivery = z.object({
  /** The `webhook-id` header: the same on every attempt and redelivery. */
  id: z.string(),
  webhookId: z.string(),
  eventId: z.string(),
  eventType: IntegrationEventTypeSchema,
  status: WebhookDeliveryStatus,
  attempts: z.number(),
  lastStatusCode: z.number().nullable(),
  lastLatencyMs: z.number().nullable(),
  /** The first 1 KB of the last answer, or what went wrong when there was none. */
  lastResponse: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;
/** POST redeliver (202): queued, and the delivery as it stands. */
export const WebhookRedelivery = z.object({ message: z.string(), delivery: WebhookDelivery });

export const WebhookDeliveriesResponse = z.object({ deliveries: z.array(WebhookDelivery) });

export const WebhookListQuery = z.object({ providerId: z.string().max(100).optional() });

/** The path of one webhook (`:id`). */
export const WebhookIdParams = z.object({ id: z.string().min(1).max(200) });
/** The path of one delivery of a webhook (`:id`, `:deliveryId`). */
export const WebhookDeliveryParams = WebhookIdParams.extend({ deliveryId: z.string().min(1).max(200) });
