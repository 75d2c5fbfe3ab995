import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { Given, Then, When } from '@cucumber/cucumber';
import type { ApiKeyScope } from '@appointment/contracts/api-keys';
import type { Service } from '@appointment/contracts/catalogue';
import { servicesOf } from '../drivers/catalogue';
import {
  addServiceWithKey,
  apiKeysOf,
  generateApiKey,
  generatedKey,
  listAppointmentsWithKey,
  listServicesWithKey,
  revokeApiKey,
} from '../drivers/integrations';
import { messageOf } from '../support/assertions';
import type { ApiResponse, PlatformWorld } from '../support/world';

/* API keys, driven through the API as the admin's screen and the provider's own systems call it. */

const lastAnswer = (world: PlatformWorld): ApiResponse => {
  const answer = world.lastKeyAnswer;
  assert.ok(answer, 'no call was made with an API key yet');
  return answer;
};

Given(
  '{person} has generated the API key {string} with the scope(s) {string}',
  async function (this: PlatformWorld, who: string, name: string, scopes: string) {
    await generateApiKey(this, this.person(who), {
      name,
      scopes: scopes.split(/,\s*|\s+and\s+/).map((scope) => scope.trim() as ApiKeyScope),
    });
  },
);

When('the API key {string} lists the services', async function (this: PlatformWorld, name: string) {
  this.lastKeyAnswer = await listServicesWithKey(this, generatedKey(this, name).key);
});

When(
  'the API key {string} adds the service {string}',
  async function (this: PlatformWorld, name: string, service: string) {
    this.lastKeyAnswer = await addServiceWithKey(this, generatedKey(this, name).key, {
      name: service,
      duration: 30,
    });
  },
);

When('the API key {string} lists the appointments', async function (this: PlatformWorld, name: string) {
  this.lastKeyAnswer = await listAppointmentsWithKey(this, generatedKey(this, name).key);
});

When('a key nobody issued lists the appointments', async function (this: PlatformWorld) {
  // Shaped like a real key: `apt_` and 43 base64url characters.
  this.lastKeyAnswer = await listAppointmentsWithKey(this, `apt_${randomBytes(32).toString('base64url')}`);
});

When(
  '{person} revokes the API key {string}',
  async function (this: PlatformWorld, who: string, name: string) {
    const person = this.person(who);
    const key = (await apiKeysOf(this, person)).find((candidate) => candidate.name === name);
    assert.ok(key, `${who} has no API key "${name}"`);
    const response = await revokeApiKey(this, person, key);
    assert.equal(
      response.status,
      200,
      `revoking "${name}": ${response.status} ${JSON.stringify(response.body)}`,
    );
  },
);

Then('the call is answered with the service {string}', function (this: PlatformWorld, service: string) {
  const { status, body } = lastAnswer(this);
  assert.equal(status, 200, `expected an answer, got ${status} ${JSON.stringify(body)}`);
  assert.ok(
    (body as Service[]).some((candidate) => candidate.name === service),
    `"${service}" is not among ${JSON.stringify((body as Service[]).map((s) => s.name))}`,
  );
});

Then('the call is answered', function (this: PlatformWorld) {
  const { status, body } = lastAnswer(this);
  assert.equal(status, 200, `expected an answer, got ${status} ${JSON.stringify(body)}`);
});

Then(
  'the call is refused with {int} {string}',
  function (this: PlatformWorld, status: number, message: string) {
    const answer = lastAnswer(this);
    assert.equal(
      answer.status,
      status,
      `expected ${status}, got ${answer.status} ${JSON.stringify(answer.body)}`,
    );
    assert.equal(messageOf(answer), message);
  },
);

Then(
  "{person}'s services do not include {string}",
  async function (this: PlatformWorld, who: string, service: string) {
    const names = (await servicesOf(this, this.person(who))).map((candidate) => candidate.name);
    assert.ok(!names.includes(service), `"${service}" was added: ${JSON.stringify(names)}`);
  },
);

Then(
  "{person}'s API keys do not include {string}",
  async function (this: PlatformWorld, who: string, name: string) {
    const names = (await apiKeysOf(this, this.person(who))).map((key) => key.name);
    assert.ok(!names.includes(name), `"${name}" is still listed: ${JSON.stringify(names)}`);
  },
);

Then(
  "{person}'s API key {string} shows as {string}",
  async function (this: PlatformWorld, who: string, name: string, masked: string) {
    const key = (await apiKeysOf(this, this.person(who))).find((candidate) => candidate.name === name);
    assert.ok(key, `${who} has no API key "${name}"`);
    const full = generatedKey(this, name).key;
    const expected = masked.replace('<first 8>', full.slice(0, 8)).replace('<last 4>', full.slice(-4));
    assert.equal(`${key.prefix}…${key.last4}`, expected);
  },
);
