import {
  WEBHOOK_PATHS,
  type Webhook,
  type WebhookDelivery,
  type WebhookInput,
  type WebhookWithSecretResponse,
} from '@appointment/contracts/webhooks';
import { api } from '../../lib/api';

const at = (path: string, params: Record<string, string>) =>
  Object.entries(params).reduce(
    (url, [name, value]) => url.replace(`:${name}`, encodeURIComponent(value)),
    path,
  );

/** The provider's webhooks and their delivery log, read and changed through RTK Query. */
export const webhooksApi = api
  .enhanceEndpoints({ addTagTypes: ['Webhooks', 'WebhookDeliveries'] })
  .injectEndpoints({
    endpoints: (build) => ({
      /** The admin's own; platform staff see every provider's, or the one they picked. */
      webhooks: build.query<Webhook[], string | undefined>({
        query: (providerId) =>
          providerId
            ? `${WEBHOOK_PATHS.list}?providerId=${encodeURIComponent(providerId)}`
            : WEBHOOK_PATHS.list,
        transformResponse: (body: { webhooks?: Webhook[] }) => body.webhooks ?? [],
        providesTags: ['Webhooks'],
      }),
      createWebhook: build.mutation<WebhookWithSecretResponse, WebhookInput>({
        query: (body) => ({ url: WEBHOOK_PATHS.list, method: 'POST', body }),
        invalidatesTags: ['Webhooks'],
      }),
      editWebhook: build.mutation<{ webhook: Webhook }, { id: string; input: WebhookInput }>({
        query: ({ id, input }) => ({ url: at(WEBHOOK_PATHS.one, { id }), method: 'PUT', body: input }),
        invalidatesTags: ['Webhooks'],
      }),
      deleteWebhook: build.mutation<{ message: string }, string>({
        query: (id) => ({ url: at(WEBHOOK_PATHS.one, { id }), method: 'DELETE' }),
        invalidatesTags: ['Webhooks'],
      }),
      rotateWebhookSecret: build.mutation<WebhookWithSecretResponse, string>({
        query: (id) => ({ url: at(WEBHOOK_PATHS.rotateSecret, { id }), method: 'POST' }),
        invalidatesTags: ['Webhooks'],
      }),
      webhookDeliveries: build.query<WebhookDelivery[], string>({
        query: (id) => at(WEBHOOK_PATHS.deliveries, { id }),
        transformResponse: (body: { deliveries?: WebhookDelivery[] }) => body.deliveries ?? [],
        providesTags: (_result, _error, id) => [{ type: 'WebhookDeliveries', id }],
      }),
      redeliverWebhook: build.mutation<unknown, { id: string; deliveryId: string }>({
        query: ({ id, deliveryId }) => ({
          url: at(WEBHOOK_PATHS.redeliver, { id, deliveryId }),
          method: 'POST',
        }),
        invalidatesTags: (_result, _error, { id }) => [{ type: 'WebhookDeliveries', id }],
      }),
    }),
  });

export const {
  useWebhooksQuery,
  useCreateWebhookMutation,
  useEditWebhookMutation,
  useDeleteWebhookMutation,
  useRotateWebhookSecretMutation,
  useWebhookDeliveriesQuery,
  useRedeliverWebhookMutation,
} = webhooksApi;

/** The server's message of a failed mutation, else the fallback. */
export const messageOf = (error: unknown, fallback: string): string => {
  const data = (error as { data?: { message?: unknown } } | undefined)?.data;
  return typeof data?.message === 'string' ? data.message : fallback;
};

/** The server's per-field messages of a refused form. */
export const fieldErrorsOf = (error: unknown): Record<string, string> => {
  const errors = (error as { data?: { errors?: { field: string; message: string }[] } } | undefined)?.data
    ?.errors;
  return Object.fromEntries((errors ?? []).map(({ field, message }) => [field, message]));
};
