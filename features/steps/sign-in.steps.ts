import assert from 'node:assert/strict';
import type { MeResponse } from '@appointment/contracts/accounts';
import { MESSAGES } from '@appointment/contracts/messages';
import { Given, Then, When } from '@cucumber/cucumber';
import {
  signIn,
  signInAnonymously,
  signInSuccessfully,
  signOut,
  whoAmI,
  whoHoldsSession,
} from '../drivers/accounts';
import { messageOf } from '../support/assertions';
import type { PlatformWorld } from '../support/world';

When('{person} signs in', async function (this: PlatformWorld, name: string) {
  await signIn(this, this.person(name));
});

When(
  '{person} signs in with the password {string}',
  async function (this: PlatformWorld, name: string, password: string) {
    await signIn(this, this.person(name), { password });
  },
);

When(
  '{person} signs in with the e-mail {string}',
  async function (this: PlatformWorld, name: string, email: string) {
    await signIn(this, this.person(name), { email });
  },
);

Given('{person} has signed in', async function (this: PlatformWorld, name: string) {
  await signInSuccessfully(this, this.person(name));
});

Then('{person} can sign in as a/an {word}', async function (this: PlatformWorld, name: string, role: string) {
  const person = this.person(name);
  const body = await signInSuccessfully(this, person);
  assert.equal(body.role, role);
  const me = await whoAmI(this, person);
  assert.equal(me.status, 200);
  assert.equal((me.body as MeResponse).role, role);
});

Then(
  '{person} is signed in as a/an {word}',
  async function (this: PlatformWorld, name: string, role: string) {
    const person = this.person(name);
    assert.equal((person.lastResponse?.body as { role?: string } | undefined)?.role, role);
    const { status, body } = await whoAmI(this, person);
    assert.equal(status, 200, `${name} is not signed in: ${JSON.stringify(body)}`);
    const me = body as MeResponse;
    assert.equal(me.role, role);
    assert.equal(me.user.email, person.email.toLowerCase());
  },
);

Then('{person} is not signed in', async function (this: PlatformWorld, name: string) {
  const person = this.person(name);
  assert.equal(person.cookies.has('sid'), false, `${name} still holds a session cookie`);
  const response = await whoAmI(this, person);
  assert.equal(response.status, 401);
  assert.equal(messageOf(response), MESSAGES.signInRequired);
});

const cannotSignIn = async function (this: PlatformWorld, name: string, message: string) {
  const person = this.person(name);
  const response = await signIn(this, person);
  assert.ok(
    [401, 403].includes(response.status),
    `${name} got ${response.status} ${JSON.stringify(response.body)}`,
  );
  assert.equal(messageOf(response), message);
  assert.equal(person.cookies.has('sid'), false, `${name} was given a session`);
};
Then('{person} cannot sign in yet: {string}', cannotSignIn);
Then('{person} cannot sign in: {string}', cannotSignIn);

Given(
  'someone has tried to sign in as {person} with a wrong password {int} times',
  async function (this: PlatformWorld, name: string, times: number) {
    const person = this.person(name);
    for (let attempt = 1; attempt <= times; attempt++) {
      const response = await signInAnonymously(this, {
        email: person.email,
        password: `not-${person.password}`,
      });
      assert.equal(
        messageOf(response),
        MESSAGES.invalidCredentials,
        `attempt ${attempt} was answered differently`,
      );
    }
  },
);

When('{person} signs out', async function (this: PlatformWorld, name: string) {
  await signOut(this, this.person(name));
});

Then(
  'the session {person} had is no longer accepted, even if someone kept a copy of it',
  async function (this: PlatformWorld, name: string) {
    const session = this.person(name).lastSession;
    assert.ok(session, `${name} never signed in`);
    const response = await whoHoldsSession(this, session);
    assert.equal(response.status, 401);
  },
);
