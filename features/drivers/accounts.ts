import assert from 'node:assert/strict';
import type { z } from 'zod';
import {
  API_PATHS,
  DEMO_PASSWORD,
  type DeleteAccountRequest,
  type LoginRequest,
  type LoginResponse,
  type MeResponse,
  type PendingProviderUser,
  type Profile,
  type ProfileUpdate,
  type ProviderDecision,
  type ProviderRegistration,
  type UserRegistration,
} from '@appointment/contracts/accounts';
import { eventually, ok } from '../support/assertions';
import type { ApiResponse, Person, PlatformWorld } from '../support/world';

/*
 * Accounts (docs/product.md §2.2–§2.5, §6, §7.1, §7.2) as a client drives them: registration, sign-in, the
 * profile, the staff list and the approval of providers, with the bodies of contracts/accounts.
 */

// ---------------------------------------------------------------- registration

/** The fields of the registration forms, as a product owner names them. */
export const REGISTRATION_FIELDS = {
  'business name': 'businessName',
  'password confirmation': 'confirmPassword',
  password: 'password',
  'e-mail': 'email',
  phone: 'phone',
  name: 'name',
  industry: 'industry',
  address: 'address',
} as const;
export type RegistrationField = keyof typeof REGISTRATION_FIELDS;

/** One field typed otherwise than the person's own details. */
export interface FieldChange {
  field: RegistrationField;
  value: string;
}

export type ProviderDetails = Pick<
  z.input<typeof ProviderRegistration>,
  'businessName' | 'industry' | 'address'
>;

export const DEFAULT_PROVIDER: ProviderDetails = {
  businessName: 'Lotus Physio',
  industry: 'Healthcare',
  address: '14 Marine Drive, Kochi, Kerala 682031',
};

const ACCOUNT_EVENTS = new Set(['UserRegistered', 'ProviderRegistered']);

/**
 * How many accounts the event log holds. "No account has been created" is a claim about what
 * was recorded, and no call lists every account, so this reads the event log itself through the
 * services' EventStore port (never a read-model table).
 */
export const countAccounts = async (world: PlatformWorld): Promise<number> => {
  await world.ensurePlatform();
  const events = await world.store.readAll({ limit: 1_000_000 });
  return events.filter((event) => ACCOUNT_EVENTS.has(event.type)).length;
};

const applyChange = <Body extends Record<string, unknown>>(
  person: Person,
  body: Body,
  change: FieldChange,
) => {
  const key = REGISTRATION_FIELDS[change.field];
  (body as Record<string, unknown>)[key] = change.value;
  // Only the field named is wrong: a new password is typed twice, a new address is theirs.
  if (key === 'password') {
    (body as Record<string, unknown>).confirmPassword = change.value;
    person.password = change.value;
  }
  if (key === 'email') person.email = change.value;
  if (key === 'name') person.fullName = change.value;
  return body;
};

export const registerUser = async (
  world: PlatformWorld,
  person: Person,
  change?: FieldChange,
): Promise<ApiResponse> => {
  const body: z.input<typeof UserRegistration> = {
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

export const registerProvider = async (
  world: PlatformWorld,
  person: Person,
  provider: ProviderDetails,
  change?: FieldChange,
): Promise<ApiResponse> => {
  const body: z.input<typeof ProviderRegistration> = {
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

export const assertCreated = (response: ApiResponse, who: string) => {
  assert.equal(
    response.status,
    201,
    `${who}'s registration failed: ${response.status} ${JSON.stringify(response.body)}`,
  );
};

// ---------------------------------------------------------------- accounts the platform holds

/**
 * Whether an account is active, its role, name and whether its e-mail address is confirmed.
 * The API tells nobody whether an address is confirmed, and nobody lists the demo accounts, so
 * this asks the platform, which loads the account from the event log through the
 * EventStore port (never a read-model table).
 */
export const accountOf = async (world: PlatformWorld, userId: string) => {
  await world.ensurePlatform();
  return world.platform!.loadUser(userId);
};

/**
 * The ids of the accounts registered, by e-mail address, read from the event log (see
 * accountOf): the demo accounts are made at start-up, not by a step.
 */
export const registeredUserIds = async (world: PlatformWorld): Promise<Map<string, string>> => {
  await world.ensurePlatform();
  const registered = (await world.store.readAll({ limit: 1_000_000 }))
    .filter((event) => event.type === 'UserRegistered')
    .map((event) => event.data as { userId: string; email: string });
  return new Map(registered.map((user) => [user.email, user.userId]));
};

/**
 * A provider account as the log holds it (its status and admin). No call shows a provider
 * account's status; the platform loads it from the event log through the EventStore port.
 */
export const providerAccountOf = async (world: PlatformWorld, providerId: string) => {
  await world.ensurePlatform();
  return world.platform!.loadProvider(providerId);
};

// ---------------------------------------------------------------- e-mail

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** The local mailbox (DEV_MAILBOX), read as anyone may: the e-mails sent to an address. */
export const mailTo = async (world: PlatformWorld, email: string): Promise<Mail[]> => {
  const response = await world.request(
    undefined,
    'GET',
    `${API_PATHS.mailbox}?to=${encodeURIComponent(email)}`,
  );
  assert.equal(response.status, 200, 'the local mailbox cannot be read');
  return (response.body as { messages: Mail[] }).messages;
};

/** Waits for the e-mail with this subject to arrive for a person. */
export const awaitMail = (world: PlatformWorld, person: Person, subject: string): Promise<Mail> =>
  eventually(`an e-mail "${subject}" to ${person.email}`, async () =>
    (await mailTo(world, person.email)).find((message) => message.subject === subject),
  );

/** Opens a link from an e-mail in the person's browser; redirects are not followed. */
export const followLink = (world: PlatformWorld, person: Person, link: URL) =>
  world.request(person, 'GET', `${link.pathname}${link.search}`, { redirect: 'manual' });

/**
 * The person opens the link of their confirmation e-mail, as an account's owner does before
 * booking; the account's address is then confirmed.
 */
export const confirmAddress = async (world: PlatformWorld, person: Person): Promise<void> => {
  const mail = await awaitMail(world, person, 'Confirm your e-mail address');
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
  assert.ok(link, `the confirmation e-mail to ${person.email} holds a link`);
  const opened = await followLink(world, person, new URL(link));
  assert.equal(opened.status, 303, `the confirmation link of ${person.email} answered ${opened.status}`);
};

// ---------------------------------------------------------------- signing in

export const signIn = (
  world: PlatformWorld,
  person: Person,
  overrides: { email?: string; password?: string } = {},
) => {
  const body: LoginRequest = {
    email: overrides.email ?? person.email,
    password: overrides.password ?? person.password,
  };
  return world.request(person, 'POST', API_PATHS.loginForToken, { body });
};

/** Signs in and checks it worked; remembers the session and the person's id. */
export const signInSuccessfully = async (world: PlatformWorld, person: Person) => {
  const response = await signIn(world, person);
  assert.equal(
    response.status,
    200,
    `${person.name} could not sign in: ${response.status} ${JSON.stringify(response.body)}`,
  );
  const body = response.body as LoginResponse & { token: string };
  assert.equal(body.message, 'Login successful');
  assert.ok(person.cookies.get('sid'), `${person.name} was given no session cookie`);
  person.lastSession = body.token;
  person.userId = body.user.id;
  return body;
};

/** A sign-in from a browser that holds no session (another person's device). */
export const signInAnonymously = (world: PlatformWorld, body: LoginRequest) =>
  world.request(undefined, 'POST', API_PATHS.login, { body });

export const signOut = (world: PlatformWorld, person: Person) =>
  world.request(person, 'POST', API_PATHS.logout);

export const whoAmI = (world: PlatformWorld, person: Person) => world.request(person, 'GET', API_PATHS.me);

/** Who is signed in, with a copy of a session id rather than a browser's cookies. */
export const whoHoldsSession = (world: PlatformWorld, session: string) =>
  world.request(undefined, 'GET', API_PATHS.me, { session });

/** The role the person is signed in with, as the client learns it. */
export const roleOf = async (world: PlatformWorld, person: Person): Promise<string> =>
  (ok(await whoAmI(world, person), 200, `${person.name} is not signed in`) as MeResponse).role;

/**
 * The demo support account, signed in on a browser of its own (not one of the scenario's
 * people): the platform's read-only staff, for what a step needs to know that the person acting
 * cannot see through the API (the id of a provider waiting for approval, say).
 */
export const platformSupport = async (world: PlatformWorld): Promise<Person> => {
  if (world.supportStaff) return world.supportStaff;
  const support: Person = {
    name: 'Support',
    fullName: 'Sue Support',
    email: 'support@example.com',
    password: DEMO_PASSWORD,
    phone: '',
    cookies: new Map(),
  };
  const response = await signIn(world, support);
  ok(response, 200, 'the platform staff cannot sign in (this needs the demo accounts)');
  world.supportStaff = support;
  return support;
};

// ---------------------------------------------------------------- profile and staff

export const profileRequest = (world: PlatformWorld, person: Person, query = '') =>
  world.request(person, 'GET', `${API_PATHS.getProfile}${query}`);

export const profileOf = async (world: PlatformWorld, person: Person): Promise<Profile> => {
  const { status, body } = await profileRequest(world, person);
  assert.equal(status, 200, `${person.name} cannot read their profile: ${JSON.stringify(body)}`);
  return (body as { data: Profile }).data;
};

/** The profile form as sent; a scenario may add fields a client should not send (an id). */
export const updateProfile = (
  world: PlatformWorld,
  person: Person,
  body: z.input<typeof ProfileUpdate> & Record<string, unknown>,
) => world.request(person, 'POST', API_PATHS.updateProfile, { body });

export const deleteAccount = (
  world: PlatformWorld,
  person: Person,
  body: z.input<typeof DeleteAccountRequest>,
) => world.request(person, 'DELETE', API_PATHS.getProfile, { body });

export const staffList = (world: PlatformWorld, person: Person | undefined) =>
  world.request(person, 'GET', API_PATHS.staff);

// ---------------------------------------------------------------- approval

export const pendingProvidersRequest = (world: PlatformWorld, person: Person) =>
  world.request(person, 'GET', API_PATHS.pendingProviders);

export const pendingProviders = async (
  world: PlatformWorld,
  person: Person,
): Promise<PendingProviderUser[]> => {
  const response = await pendingProvidersRequest(world, person);
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
  const body: z.input<typeof ProviderDecision> = { id: registration._id };
  return world.request(
    person,
    'POST',
    decision === 'accept' ? API_PATHS.approveProvider : API_PATHS.rejectProvider,
    { body },
  );
};
