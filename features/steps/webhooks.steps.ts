import assert from 'node:assert/strict';
import { After, Before, Given, Then, When } from '@cucumber/cucumber';
import { Webhook as Verifier } from 'standardwebhooks';
import type { IntegrationEventType } from '@appointment/contracts/integration-events';
import { editService, serviceNamed } from '../drivers/catalogue';
import { notificationsOf } from '../drivers/notifications';
import {
  addWebhook,
  closeReceiver,
  deliveriesOf,
  receiverOf,
  secretOf,
  webhookNamed,
  webhooksOf,
} from '../drivers/webhooks';
import { eventually, messageOf, ok } from '../support/assertions';
import type { PlatformWorld } from '../support/world';

/* Webhooks: what a provider's own system hears, and what the admin sees of it. */

/** Waits before each retry in these scenarios: a second, twice, instead of minutes and hours. */
export const SCENARIO_RETRY_SCHEDULE = '1s,1s';

Before({ tags: '@webhooks' }, function (this: PlatformWorld) {
  this.withJobs = true;
  this.settings = { WEBHOOK_ALLOW_PRIVATE_URLS: 'true', WEBHOOK_RETRY_SCHEDULE: SCENARIO_RETRY_SCHEDULE };
});

Before({ tags: '@public-addresses-only' }, function (this: PlatformWorld) {
  this.settings = { ...this.settings, WEBHOOK_ALLOW_PRIVATE_URLS: 'false' };
});

After({ tags: '@webhooks' }, async function (this: PlatformWorld) {
  await closeReceiver(this);
});

Given(
  '{person} has added the webhook {string} for {string} events to her system',
  async function (this: PlatformWorld, who: string, name: string, type: string) {
    const receiver = await receiverOf(this);
    ok(
      await addWebhook(this, this.person(who), name, receiver.url, [type as IntegrationEventType]),
      201,
      'adding failed',
    );
  },
);

When(
  '{person} adds the webhook {string} for {string} events at {string}',
  async function (this: PlatformWorld, who: string, name: string, type: string, url: string) {
    await addWebhook(this, this.person(who), name, url, [type as IntegrationEventType]);
  },
);

Given('her system fails the next {int} deliveries', async function (this: PlatformWorld, count: number) {
  (await receiverOf(this)).answerNext(...Array.from({ length: count }, () => 500));
});

Given('her system fails every delivery', async function (this: PlatformWorld) {
  (await receiverOf(this)).answerAlways(500);
});

When(
  '{person} changes the description of {string} {int} times',
  async function (this: PlatformWorld, who: string, service: string, times: number) {
    const person = this.person(who);
    for (let time = 1; time <= times; time++) {
      ok(await editService(this, person, service, { description: `Change ${time}` }), 200, 'the edit failed');
    }
  },
);

When(
  '{person} changes the description of {string} once more',
  async function (this: PlatformWorld, who: string, service: string) {
    const person = this.person(who);
    const current = await serviceNamed(this, person, service);
    ok(
      await editService(this, person, service, { description: `${current.description ?? ''} again` }),
      200,
      'the edit failed',
    );
  },
);

Then(
  'her system hears {int} signed requests for one {string} event, all with the same webhook-id',
  async function (this: PlatformWorld, count: number, type: string) {
    const receiver = await receiverOf(this);
    const heard = await receiver.until((all) => all.length >= count);
    assert.equal(heard.length, count, `heard ${heard.length} requests`);
    assert.equal(new Set(heard.map((request) => request.webhookId)).size, 1, 'the webhook-id changed');
    const secret = secretOf(this, (await webhooksOf(this, this.person('Sunita')))[0]!.name);
    assert.ok(secret, 'no secret was shown');
    for (const request of heard) {
      const payload = new Verifier(secret).verify(request.body, request.headers as Record<string, string>);
      assert.equal((payload as { type: string }).type, type);
    }
  },
);

Then(
  'the delivery log of {string} shows one {string} delivery that succeeded after {int} attempts with status {int}',
  async function (this: PlatformWorld, name: string, type: string, attempts: number, status: number) {
    const admin = this.person('Sunita');
    const webhook = await webhookNamed(this, admin, name);
    const [delivery, ...others] = await eventually(
      `the delivery of ${name} to succeed`,
      async () => {
        const deliveries = await deliveriesOf(this, admin, webhook);
        return deliveries[0]?.status === 'succeeded' ? deliveries : undefined;
        // Two retries a second apart, on a machine that may be busy.
      },
      30_000,
    );
    assert.equal(others.length, 0, 'more than one delivery');
    assert.deepEqual(
      { eventType: delivery!.eventType, attempts: delivery!.attempts, status: delivery!.lastStatusCode },
      { eventType: type, attempts, status },
    );
  },
);

Then(
  '{person} soon sees the webhook {string} switched off after {string}',
  async function (this: PlatformWorld, who: string, name: string, reason: string) {
    const person = this.person(who);
    const webhook = await eventually(
      `${name} to be switched off`,
      async () => {
        const found = await webhookNamed(this, person, name);
        return found.active ? undefined : found;
      },
      30_000,
    );
    assert.equal(webhook.disabledReason, reason);
  },
);

Then(
  '{person} is told by a notification that the webhook {string} was turned off',
  async function (this: PlatformWorld, who: string, name: string) {
    const person = this.person(who);
    await eventually(
      `the notification about ${name}`,
      async () =>
        (await notificationsOf(this, person)).find((notification) =>
          notification.message.startsWith(
            `Your webhook "${name}" was turned off after 20 failed deliveries in a row.`,
          ),
        ),
      30_000,
    );
  },
);

Then(
  'the delivery log of {string} still holds {int} deliveries, all failed',
  async function (this: PlatformWorld, name: string, count: number) {
    const admin = this.person('Sunita');
    const deliveries = await deliveriesOf(this, admin, await webhookNamed(this, admin, name));
    assert.equal(deliveries.length, count);
    assert.ok(
      deliveries.every((delivery) => delivery.status === 'failed'),
      JSON.stringify(deliveries),
    );
  },
);

Then('{person} is told {string} about the URL', function (this: PlatformWorld, who: string, message: string) {
  const response = this.person(who).lastResponse;
  assert.equal(response?.status, 400, JSON.stringify(response?.body));
  assert.equal(messageOf(response), message);
});

Then('{person} has no webhooks', async function (this: PlatformWorld, who: string) {
  assert.deepEqual(await webhooksOf(this, this.person(who)), []);
});
