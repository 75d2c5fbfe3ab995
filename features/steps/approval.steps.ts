import assert from 'node:assert/strict';
import type { MeResponse } from '@appointment/contracts/accounts';
import { Given, Then, When } from '@cucumber/cucumber';
import {
  decideOnProvider,
  pendingProviders,
  providerAccountOf,
  signInSuccessfully,
  whoAmI,
} from '../drivers/accounts';
import type { PlatformWorld } from '../support/world';

const seesWaiting = async function (
  this: PlatformWorld,
  name: string,
  businessName: string,
  applicant: string,
  industry: string,
) {
  const waiting = await pendingProviders(this, this.person(name));
  const email = this.person(applicant).email.toLowerCase();
  assert.ok(
    waiting.some(
      (user) => user.businessname === businessName && user.email === email && user.industry === industry,
    ),
    `${name} does not see "${businessName}" from ${email} in ${industry}: ${JSON.stringify(waiting)}`,
  );
};
Then('{person} sees {string} from {person} in {string} waiting for approval', seesWaiting);
Then('{person} still sees {string} from {person} in {string} waiting for approval', seesWaiting);

Then(
  '{person} no longer sees {string} waiting for approval',
  async function (this: PlatformWorld, name: string, businessName: string) {
    const waiting = await pendingProviders(this, this.person(name));
    assert.equal(
      waiting.some((user) => user.businessname === businessName),
      false,
      `"${businessName}" is still waiting: ${JSON.stringify(waiting)}`,
    );
  },
);

const accepts = async function (this: PlatformWorld, name: string, businessName: string) {
  await decideOnProvider(this, this.person(name), businessName, 'accept');
};
const rejects = async function (this: PlatformWorld, name: string, businessName: string) {
  await decideOnProvider(this, this.person(name), businessName, 'reject');
};
When('{person} accepts {string}', accepts);
When('{person} tries to accept {string}', accepts);
When('{person} rejects {string}', rejects);
When('{person} tries to reject {string}', rejects);

Given(
  '{person} has signed in and accepted {string}',
  async function (this: PlatformWorld, name: string, businessName: string) {
    const person = this.person(name);
    await signInSuccessfully(this, person);
    const response = await decideOnProvider(this, person, businessName, 'accept');
    assert.equal(response.status, 200, `${name} could not accept: ${JSON.stringify(response.body)}`);
  },
);

Then(
  '{person} is the admin of {string}, which is active',
  async function (this: PlatformWorld, name: string, businessName: string) {
    const person = this.person(name);
    const { status, body } = await whoAmI(this, person);
    assert.equal(status, 200, `${name} is not signed in`);
    const { user, role } = body as MeResponse;
    assert.equal(role, 'admin');
    assert.ok(user.providerId, `${name} belongs to no provider`);
    // No call shows a provider account's status yet; the provider itself knows it.
    const provider = await providerAccountOf(this, user.providerId);
    assert.ok(provider.status === 'active', `"${businessName}" is ${provider.status}`);
    assert.equal(provider.name, businessName);
    assert.equal(provider.adminId, user.id);
  },
);
