import assert from 'node:assert/strict';
import { API_PATHS, DEMO_PASSWORD } from '@appointment/contracts/accounts';
import { MESSAGES } from '@appointment/contracts/messages';
import { defineParameterType, Given, Then, When, type DataTable } from '@cucumber/cucumber';
import {
  accountOf,
  assertCreated,
  awaitMail,
  countAccounts,
  DEFAULT_PROVIDER,
  followLink,
  REGISTRATION_FIELDS,
  registeredUserIds,
  registerProvider,
  confirmAddress,
  registerUser,
  signIn,
  type RegistrationField,
} from '../drivers/accounts';
import { lastResponseOf, messageOf } from '../support/assertions';
import type { PlatformWorld } from '../support/world';

defineParameterType({
  name: 'field',
  regexp: /business name|password confirmation|password|e-mail|phone|name|industry|address/,
  transformer: (field: string) => field as RegistrationField,
});

Given('the demo accounts exist, among them:', async function (this: PlatformWorld, table: DataTable) {
  await this.startPlatform({ demoData: true });
  const registered = await registeredUserIds(this);
  for (const row of table.hashes()) {
    const person = this.person(row.person!);
    person.email = row['e-mail']!;
    person.password = DEMO_PASSWORD;
    const userId = registered.get(person.email);
    assert.ok(userId, `there is no demo account ${person.email}`);
    const account = await accountOf(this, userId);
    assert.ok(account, `the demo account ${person.email} is not active`);
    assert.equal(account.role, row.role, `${person.email} is a ${account.role}`);
    person.userId = userId;
    person.fullName = account.name;
  }
});

When('{person} registers as a user', async function (this: PlatformWorld, name: string) {
  await registerUser(this, this.person(name));
});

When(
  '{person} registers as a user with the {field} {string}',
  async function (this: PlatformWorld, name: string, field: RegistrationField, value: string) {
    await registerUser(this, this.person(name), { field, value });
  },
);

// An account that "has registered" has confirmed its address too, as its owner does.
Given('{person} has registered as a user', async function (this: PlatformWorld, name: string) {
  assertCreated(await registerUser(this, this.person(name)), name);
  await confirmAddress(this, this.person(name));
});

Given(
  '{person} has registered as a user with the {field} {string}',
  async function (this: PlatformWorld, name: string, field: RegistrationField, value: string) {
    assertCreated(await registerUser(this, this.person(name), { field, value }), name);
    await confirmAddress(this, this.person(name));
  },
);

const registersProvider = async function (
  this: PlatformWorld,
  name: string,
  businessName: string,
  industry: string,
) {
  await registerProvider(this, this.person(name), { ...DEFAULT_PROVIDER, businessName, industry });
};
When('{person} registers {string} as a provider in {string}', registersProvider);
When('{person} registers {string} as a provider in {string} again with the same e-mail', registersProvider);

Given(
  '{person} has registered {string} as a provider in {string}',
  async function (this: PlatformWorld, name: string, businessName: string, industry: string) {
    const response = await registerProvider(this, this.person(name), {
      ...DEFAULT_PROVIDER,
      businessName,
      industry,
    });
    assertCreated(response, name);
  },
);

When(
  '{person} registers a provider with the {field} {string}',
  async function (this: PlatformWorld, name: string, field: RegistrationField, value: string) {
    await registerProvider(this, this.person(name), DEFAULT_PROVIDER, { field, value });
  },
);

Then(
  "{person}'s registration is refused with {string} on the {field}",
  function (this: PlatformWorld, name: string, message: string, field: RegistrationField) {
    const { status, body } = lastResponseOf(this.person(name));
    assert.equal(status, 400, `expected a refusal, got ${status} ${JSON.stringify(body)}`);
    const { message: told, errors = [] } = body as {
      message: string;
      errors?: { field: string; message: string }[];
    };
    assert.equal(told, message);
    const onField = errors.filter((error) => error.field === REGISTRATION_FIELDS[field]);
    assert.ok(
      onField.length > 0 && onField.every((error) => error.message === message),
      `the ${field} is not the field in question: ${JSON.stringify(errors)}`,
    );
  },
);

Then('no account has been created', async function (this: PlatformWorld) {
  assert.notEqual(this.accountsBeforeRegistration, undefined, 'nobody tried to register');
  assert.equal(await countAccounts(this), this.accountsBeforeRegistration);
});

Then('{person} is told {string}', function (this: PlatformWorld, name: string, message: string) {
  const response = lastResponseOf(this.person(name));
  assert.equal(messageOf(response), message, `${name} was told ${JSON.stringify(response.body)}`);
});

Then('{person} is refused with {string}', function (this: PlatformWorld, name: string, message: string) {
  const response = lastResponseOf(this.person(name));
  assert.ok([401, 403].includes(response.status), `${name} was not refused but got ${response.status}`);
  assert.equal(messageOf(response), message);
});

Then('the visitor is refused with {string}', function (this: PlatformWorld, message: string) {
  const response = this.lastResponse;
  assert.ok(response, 'the visitor did nothing');
  assert.ok([401, 403].includes(response.status), `the visitor was not refused but got ${response.status}`);
  assert.equal(messageOf(response), message);
});

const receivesMail = async (world: PlatformWorld, name: string, subject: string) => {
  const person = world.person(name);
  const mail = await awaitMail(world, person, subject);
  assert.equal(mail.to, person.email.toLowerCase());
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
  assert.ok(link, `the e-mail holds no link:\n${mail.text}`);
  assert.ok(
    link.startsWith(`${world.baseUrl}${API_PATHS.verifyEmail}?`),
    `the link leads elsewhere: ${link}`,
  );
  person.confirmationLink = link;
};

Then(
  '{person} receives an e-mail {string} with a confirmation link',
  async function (this: PlatformWorld, name: string, subject: string) {
    await receivesMail(this, name, subject);
  },
);

Given(
  '{person} has received her/his/their confirmation e-mail',
  async function (this: PlatformWorld, name: string) {
    await receivesMail(this, name, 'Confirm your e-mail address');
  },
);

const linkOf = (world: PlatformWorld, name: string): URL => {
  const link = world.person(name).confirmationLink;
  assert.ok(link, `${name} has no confirmation link`);
  return new URL(link);
};

When('{person} follows the confirmation link', async function (this: PlatformWorld, name: string) {
  await followLink(this, this.person(name), linkOf(this, name));
});

When(
  '{person} follows the confirmation link with its code altered',
  async function (this: PlatformWorld, name: string) {
    const link = linkOf(this, name);
    const token = link.searchParams.get('token') ?? '';
    assert.ok(token.length > 1, 'the link carries no code');
    link.searchParams.set('token', `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`);
    await followLink(this, this.person(name), link);
  },
);

Then('{person} is taken to the sign-in page', function (this: PlatformWorld, name: string) {
  const { status, headers } = lastResponseOf(this.person(name));
  assert.ok([302, 303].includes(status), `expected a redirect, got ${status}`);
  const target = new URL(headers.get('location') ?? '', this.baseUrl);
  assert.equal(target.pathname, '/login');
  assert.equal(target.searchParams.get('verified'), '1');
});

const isConfirmed = async (world: PlatformWorld, name: string): Promise<boolean> => {
  // The API tells no one whether an address is confirmed; the account itself knows.
  const userId = linkOf(world, name).searchParams.get('user');
  assert.ok(userId, 'the link names no account');
  const user = await accountOf(world, userId);
  assert.ok(user, `${name}'s account does not exist`);
  return user.emailVerified;
};

Then("{person}'s e-mail address is confirmed", async function (this: PlatformWorld, name: string) {
  assert.equal(await isConfirmed(this, name), true);
});

Then("{person}'s e-mail address is not yet confirmed", async function (this: PlatformWorld, name: string) {
  assert.equal(await isConfirmed(this, name), false);
});

Then(
  '{person} cannot sign in with the e-mail {string}',
  async function (this: PlatformWorld, name: string, email: string) {
    const person = this.person(name);
    const response = await signIn(this, person, { email });
    assert.equal(response.status, 401);
    assert.equal(messageOf(response), MESSAGES.invalidCredentials);
    assert.equal(person.cookies.has('sid'), false, `${name} was given a session`);
  },
);
