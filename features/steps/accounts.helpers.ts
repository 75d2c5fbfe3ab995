import assert from 'node:assert/strict';
import { API_PATHS, type PendingProviderUser } from '@appointment/contracts/accounts';
import { defineParameterType } from '@cucumber/cucumber';
import type { ApiResponse, Person, PlatformWorld } from '../support/world';

/** A person in a scenario is named by a capitalised first name: Asha, Ben, Sam. */
defineParameterType({ name: 'person', regexp: /[A-Z][a-z]+/, transformer: (name: string) => name });

/**
 * A price as a scenario writes it, with its provider's currency sign: ₹50, €12.50 (issue 18). The
 * step gets the text; `amountOf` reads the amount.
 */
defineParameterType({ name: 'price', regexp: /[$€£₹]\d+(?:\.\d+)?/, transformer: (text: string) => text });
export const amountOf = (text: string): number => Number(text.replace(/^[^\d]+/, ''));

/** The fields of the registration forms, as a product owner names them. */
const FIELDS = {
  'business name': 'businessName',
  'password confirmation': 'confirmPassword',
  password: 'password',
  'e-mail': 'email',
  phone: 'phone',
  name: 'name',
  industry: 'industry',
  address: 'address',
} as const;
export type Field = keyof typeof FIELDS;
export const fieldKey = (field: Field): string => FIELDS[field];

defineParameterType({
  name: 'field',
  regexp: /business name|password confirmation|password|e-mail|phone|name|industry|address/,
  transformer: (field: string) => field as Field,
});

export const messageOf = (response: ApiResponse | undefined): string | undefined =>
  (response?.body as { message?: string } | undefined)?.message;

export const lastResponseOf = (person: Person): ApiResponse => {
  assert.ok(person.lastResponse, `${person.name} has not done anything yet`);
  return person.lastResponse;
};

/** Bounded polling for something that happens after the request has been answered. */
export const eventually = async <T>(
  what: string,
  attempt: () => Promise<T | undefined>,
  timeoutMs = 10_000,
): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await attempt();
    if (result !== undefined) return result;
    assert.ok(Date.now() < deadline, `Gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

const ACCOUNT_EVENTS = new Set(['UserRegistered', 'ProviderRegistered']);

export const countAccounts = async (world: PlatformWorld): Promise<number> => {
  await world.ensurePlatform();
  const events = await world.store.readAll({ limit: 1_000_000 });
  return events.filter((event) => ACCOUNT_EVENTS.has(event.type)).length;
};

export const registerUser = async (
  world: PlatformWorld,
  person: Person,
  change?: { field: Field; value: string },
): Promise<ApiResponse> => {
  const body: Record<string, string> = {
    name: person.fullName,
    email: person.email,
    phone: person.phone,
    password: person.password,
    confirmPassword: person.password,
  };
  if (change) applyChange(person, body, change);
  world.accountsBeforeRegistration = await countAccounts(world);
  return world.request(person, 'POST', API_PATHS.registerUser, { body });
};

export interface ProviderDetails {
  businessName: string;
  industry: string;
  address: string;
}

export const DEFAULT_PROVIDER: ProviderDetails = {
  businessName: 'Lotus Physio',
  industry: 'Healthcare',
  address: '14 Marine Drive, Kochi, Kerala 682031',
};

export const registerProvider = async (
  world: PlatformWorld,
  person: Person,
  provider: ProviderDetails,
  change?: { field: Field; value: string },
): Promise<ApiResponse> => {
  const body: Record<string, string> = {
    ...provider,
    email: person.email,
    phone: person.phone,
    password: person.password,
    confirmPassword: person.password,
  };
  if (change) applyChange(person, body, change);
  world.accountsBeforeRegistration = await countAccounts(world);
  return world.request(person, 'POST', API_PATHS.registerProvider, { body });
};

const applyChange = (
  person: Person,
  body: Record<string, string>,
  change: { field: Field; value: string },
) => {
  const key = fieldKey(change.field);
  body[key] = change.value;
  // Only the field named is wrong: a new password is typed twice, a new address is theirs.
  if (key === 'password') {
    body.confirmPassword = change.value;
    person.password = change.value;
  }
  if (key === 'email') person.email = change.value;
  if (key === 'name') person.fullName = change.value;
};

export const assertCreated = (response: ApiResponse, who: string) => {
  assert.equal(
    response.status,
    201,
    `${who}'s registration failed: ${response.status} ${JSON.stringify(response.body)}`,
  );
};

export const signIn = (
  world: PlatformWorld,
  person: Person,
  overrides: { email?: string; password?: string } = {},
) =>
  world.request(person, 'POST', API_PATHS.loginForToken, {
    body: { email: overrides.email ?? person.email, password: overrides.password ?? person.password },
  });

/** Signs in and checks it worked; remembers the session and the person's id. */
export const signInSuccessfully = async (world: PlatformWorld, person: Person) => {
  const response = await signIn(world, person);
  assert.equal(
    response.status,
    200,
    `${person.name} could not sign in: ${response.status} ${JSON.stringify(response.body)}`,
  );
  const body = response.body as { message: string; role: string; token: string; user: { id: string } };
  assert.equal(body.message, 'Login successful');
  assert.ok(person.cookies.get('sid'), `${person.name} was given no session cookie`);
  person.lastSession = body.token;
  person.userId = body.user.id;
  return body;
};

export const whoAmI = (world: PlatformWorld, person: Person) => world.request(person, 'GET', API_PATHS.me);

export const pendingProviders = async (
  world: PlatformWorld,
  person: Person,
): Promise<PendingProviderUser[]> => {
  const response = await world.request(person, 'GET', API_PATHS.pendingProviders);
  assert.equal(
    response.status,
    200,
    `${person.name} cannot see the providers waiting for approval: ${JSON.stringify(response.body)}`,
  );
  return (response.body as { users: PendingProviderUser[] }).users;
};

/** Decides on a waiting provider, found by name in the list the deciding person sees. */
export const decideOnProvider = async (
  world: PlatformWorld,
  person: Person,
  businessName: string,
  decision: 'accept' | 'reject',
): Promise<ApiResponse> => {
  const waiting = await pendingProviders(world, person);
  const registration = waiting.find((user) => user.businessname === businessName);
  assert.ok(registration, `"${businessName}" is not waiting for approval: ${JSON.stringify(waiting)}`);
  return world.request(
    person,
    'POST',
    decision === 'accept' ? API_PATHS.approveProvider : API_PATHS.rejectProvider,
    { body: { id: registration._id } },
  );
};
