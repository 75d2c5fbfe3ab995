import type pg from 'pg';
import type { EventStore } from '@appointment/contracts/event-store';
import type { LogPosition } from '@appointment/contracts/events';
import type { Role } from '@appointment/contracts/roles';
import { actingContext } from '../audit/actor-context';
import { passwordsAt, type Passwords } from '../auth/passwords';
import { commandMetadata, handleCommand, loadState } from '../domain/command-handler';
import {
  emailClaimDecider,
  emailStream,
  hashedEmailStream,
  type EmailClaimCommand,
} from './email-claim.decider';
import { userDecider, userStream, type User, type UserCommand } from './user.decider';
import {
  providerDecider,
  providerStream,
  type Provider,
  type ProviderCommand,
} from '../catalogue/providers/provider.decider';
import type { ForgetRequest } from '../privacy/forget';
import { ReadYourWrites, type WaitFor } from '../read-your-writes';

/** The acting person, as the auth middleware found them. */
export interface Actor {
  userId: string;
  role: Role;
  providerId?: string;
  /** As the session found them, when it did. */
  email?: string;
  name?: string;
  /** False for a session of a person who has not confirmed their address yet. */
  emailVerified?: boolean;
}

export interface AccountsDependencies {
  store: EventStore;
  /** Read models (rm_accounts). */
  pool: pg.Pool;
  /** Read your writes: resolves once the projections have passed a position. */
  waitFor: WaitFor;
  now?: () => Date;
  /** How passwords are hashed (PASSWORD_HASH_COST); the production cost without it. */
  passwords?: Passwords;
  /** The key of the hashed names of e-mail claim streams; without it, clear names. */
  emailKey?: string;
  /**
   * Forgets a data subject for good (services/src/privacy/forget.ts), answering the position
   * of its `PersonForgotten`; without it, deleting keeps the person's data.
   */
  forget?: (request: ForgetRequest) => Promise<LogPosition>;
  /**
   * Waits, briefly, until the e-mail an event causes has been handed over (mail-outbox.ts
   * `mailHandedOver`): a rejected registration's notice goes out before its person is forgotten.
   */
  mailHandedOver?: (eventId: string) => Promise<boolean>;
}

export type ActiveUser = Extract<User, { status: 'active' | 'deleted' }>;

/** What every accounts slice shares: its dependencies, the clock, read-your-writes. */
export interface AccountsContext {
  deps: AccountsDependencies;
  now: () => Date;
  passwords: Passwords;
  /** Commands answer once the read models hold their events. */
  reads: ReadYourWrites;
}

export const accountsContext = (deps: AccountsDependencies): AccountsContext => ({
  deps,
  now: deps.now ?? (() => new Date()),
  passwords: deps.passwords ?? passwordsAt('standard'),
  reads: new ReadYourWrites(deps.waitFor),
});

/**
 * One who registers on their own acts as the account they create; someone signed in who
 * creates an account (staff, the demo seeder's platform staff) stays the actor.
 */
export const selfUnlessActing = (userId: string, role: Role): Actor | undefined =>
  actingContext()?.actor ? undefined : { userId, role };

/** A command on a user's stream. */
export const onUser = (
  context: AccountsContext,
  userId: string,
  command: Omit<UserCommand, 'metadata'>,
  actor?: Actor,
) =>
  handleCommand(context.deps.store, userStream(userId), userDecider, {
    ...command,
    metadata: commandMetadata(context.now(), actor),
  } as UserCommand);

/** A command on a provider's stream. */
export const onProvider = (
  context: AccountsContext,
  providerId: string,
  command: Omit<ProviderCommand, 'metadata'>,
  actor?: Actor,
) =>
  handleCommand(context.deps.store, providerStream(providerId), providerDecider, {
    ...command,
    metadata: commandMetadata(context.now(), actor),
  } as ProviderCommand);

/**
 * The stream of an address's claim: the keyed hash, unless the address was claimed before
 * streams were hashed and its claim lives under its clear name.
 */
const emailStreamOf = async (context: AccountsContext, email: string): Promise<string> => {
  const { store, emailKey: key } = context.deps;
  if (!key) return emailStream(email);
  const hashed = hashedEmailStream(email, key);
  if ((await store.readStream(hashed)).length > 0) return hashed;
  const legacy = emailStream(email);
  return (await store.readStream(legacy)).length > 0 ? legacy : hashed;
};

/** A command on an address's claim stream. */
export const onEmailClaim = async (
  context: AccountsContext,
  email: string,
  command: Omit<EmailClaimCommand, 'metadata'>,
  actor?: Actor,
) =>
  handleCommand(context.deps.store, await emailStreamOf(context, email), emailClaimDecider, {
    ...command,
    metadata: commandMetadata(context.now(), actor),
  } as EmailClaimCommand);

/** The current state of a user, from its stream: always up to date. */
export const loadUser = async (context: AccountsContext, userId: string): Promise<ActiveUser | undefined> => {
  const state = await loadState(context.deps.store, userStream(userId), userDecider);
  return state.status === 'active' ? state : undefined;
};

export const loadProvider = (context: AccountsContext, providerId: string): Promise<Provider> =>
  loadState(context.deps.store, providerStream(providerId), providerDecider);

export const emailClaimOf = async (context: AccountsContext, email: string) =>
  loadState(context.deps.store, await emailStreamOf(context, email), emailClaimDecider);

export const userIdForEmail = async (context: AccountsContext, email: string): Promise<string | undefined> =>
  (await emailClaimOf(context, email)).userId ?? undefined;
