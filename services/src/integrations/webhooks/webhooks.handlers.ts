import { MESSAGES } from '@appointment/contracts/messages';
import { handlers, type OperationHandlers } from '../../http/mount-operations';
import type { WebhooksService } from './webhooks.service';

/** A provider's webhooks, their secrets and their delivery log. */
export const webhooksHandlers = (webhooks: WebhooksService): OperationHandlers =>
  handlers({
    listWebhooks: async ({ auth, query }) => ({ webhooks: await webhooks.list(auth, query.providerId) }),
    createWebhook: ({ auth, body }) => webhooks.create(auth, body),
    editWebhook: async ({ auth, params, body }) => ({ webhook: await webhooks.edit(auth, params.id, body) }),
    deleteWebhook: async ({ auth, params }) => {
      await webhooks.delete(auth, params.id);
      return { message: MESSAGES.webhookDeleted };
    },
    rotateWebhookSecret: ({ auth, params }) => webhooks.rotateSecret(auth, params.id),
    webhookDeliveries: async ({ auth, params }) => ({
      deliveries: await webhooks.deliveries(auth, params.id),
    }),
    redeliverWebhook: async ({ auth, params }) => ({
      message: MESSAGES.webhookRedeliverQueued,
      delivery: await webhooks.redeliver(auth, params.id, params.deliveryId),
    }),
  });
