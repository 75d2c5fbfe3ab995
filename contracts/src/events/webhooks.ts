import { z } from 'zod';
import { IntegrationEventTypeSchema } from '../integration-event-types';

/**
 * The events of a webhook's stream (`webhook-<id>`), written once. The webhook decider
 * produces them; the webhooks read model and the dispatch reactor read them with these schemas.
 * The signing secret is in the log (the delivery worker needs it); no answer carries it after
 * the one that created or rotated it.
 */

/** Which webhook, whose, and when. */
const Ref = z.object({ webhookId: z.string(), providerId: z.string(), at: z.string() });

const Fields = Ref.extend({
  name: z.string(),
  url: z.string(),
  eventTypes: z.array(IntegrationEventTypeSchema),
  active: z.boolean(),
});

export const WebhookCreated = Fields.extend({ secret: z.string() });
export const WebhookEdited = Fields;
export const WebhookDeleted = Ref;
export const WebhookSecretRotated = Ref.extend({ secret: z.string() });
/** The delivery worker counted `failedInARow` failed deliveries: the webhook is switched off. */
export const WebhookDisabled = Ref.extend({ name: z.string(), failedInARow: z.number() });

/** Every webhook event's data schema, by type. */
export const WEBHOOK_EVENTS = {
  WebhookCreated,
  WebhookEdited,
  WebhookDeleted,
  WebhookSecretRotated,
  WebhookDisabled,
} as const;

type DataOf = { [K in keyof typeof WEBHOOK_EVENTS]: z.infer<(typeof WEBHOOK_EVENTS)[K]> };
export type WebhookEvent = { [K in keyof DataOf]: { type: K; data: DataOf[K] } }[keyof DataOf];
