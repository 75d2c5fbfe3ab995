import type { IntegrationEventType } from '@appointment/contracts/integration-events';
import {
  WEBHOOK_PATHS,
  type Webhook,
  type WebhookDelivery,
  type WebhookInput,
  type WebhookWithSecretResponse,
} from '@appointment/contracts/webhooks';
import { startWebhookReceiver, type WebhookReceiver } from '@appointment/infra/testing/webhook-receiver';
import { ok } from '../support/assertions';
import type { Person, PlatformWorld } from '../support/world';

/* Webhooks as the Webhooks screen drives them, and the provider's system they call. */

/** The scenario's receiver: a real HTTP server on this machine standing for the provider's system. */
export const receiverOf = async (world: PlatformWorld): Promise<WebhookReceiver> => {
  world.webhookReceiver ??= await startWebhookReceiver();
  return world.webhookReceiver;
};

export const closeReceiver = async (world: PlatformWorld): Promise<void> => {
  await world.webhookReceiver?.close();
  world.webhookReceiver = undefined;
};

/** The signing secret shown when a webhook was added, by its name. */
export const secretOf = (world: PlatformWorld, name: string): string | undefined =>
  world.webhookSecrets.get(name);

export const addWebhook = async (
  world: PlatformWorld,
  person: Person,
  name: string,
  url: string,
  eventTypes: IntegrationEventType[],
) => {
  const body: WebhookInput = { name, url, eventTypes, active: true };
  const response = await world.request(person, 'POST', WEBHOOK_PATHS.list, { body });
  if (response.status === 201) {
    world.webhookSecrets.set(name, (response.body as WebhookWithSecretResponse).secret);
  }
  return response;
};

export const webhooksOf = async (world: PlatformWorld, person: Person): Promise<Webhook[]> =>
  (
    ok(
      await world.request(person, 'GET', WEBHOOK_PATHS.list),
      200,
      `${person.name} cannot list webhooks`,
    ) as {
      webhooks: Webhook[];
    }
  ).webhooks;

export const webhookNamed = async (world: PlatformWorld, person: Person, name: string): Promise<Webhook> => {
  const found = (await webhooksOf(world, person)).find((webhook) => webhook.name === name);
  if (!found) throw new Error(`${person.name} has no webhook "${name}"`);
  return found;
};

export const deliveriesOf = async (
  world: PlatformWorld,
  person: Person,
  webhook: Webhook,
): Promise<WebhookDelivery[]> =>
  (
    ok(
      await world.request(person, 'GET', WEBHOOK_PATHS.deliveries.replace(':id', webhook.id)),
      200,
      `${person.name} cannot read the deliveries of ${webhook.name}`,
    ) as { deliveries: WebhookDelivery[] }
  ).deliveries;
