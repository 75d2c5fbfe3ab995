import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type {
  ChangePassword,
  PendingProviderUser,
  Profile,
  ProfileUpdate,
  ProviderRegistration,
  SessionUser,
  StaffUser,
  UserRegistration,
} from '@appointment/contracts/accounts';
import type { EventMetadata, LogPosition } from '@appointment/contracts/events';
import { defaultCurrencyForAddress } from '@appointment/contracts/money';
import { MESSAGES } from '@appointment/contracts/messages';
import type { Role } from '@appointment/contracts/roles';
import { actingContext } from '../audit/actor-context';
import { commandMetadata, handleCommand, loadState, type Command } from '../domain/command-handler';
import {
  emailClaimDecider,
  emailStream,
  hashedEmailStream,
  type EmailClaimCommand,
} from '../domain/accounts/email-claim.decider';
import {
  providerDecider,
  providerStream,
  type Provider,
  type ProviderCommand,
} from '../domain/providers/provider.decider';
import { userDecider, userStream, type User, type UserCommand } from '../domain/accounts/user.decider';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  UnauthenticatedError,
  ValidationError,
} from '../domain/errors';
import type { EventStore } from '@appointment/contracts/event-store';
import { hashPassword, verifyPassword } from '../auth/passwords';
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
}

export interface AccountsDependencies {
  store: EventStore;
  /** Read models (rm_accounts). */
  pool: pg.Pool;
  /** Read your writes: resolves once the projections have passed a position. */
  waitFor: WaitFor;
  now?: () => Date;
  /** Issue 12: the key of the hashed names of e-mail claim streams; without it, clear names. */
  emailKey?: string;
  /**
   * Issue 12: forgets a data subject for good (services/src/privacy/forget.ts), answering the
   * position of its `PersonForgotten`; without it, deleting keeps the person's data.
   */
  forget?: (request: ForgetRequest) => Promise<LogPosition>;
}

type ActiveUser = Extract<User, { status: 'active' | 'deleted' }>;

/** The accounts area: registration, sign-in, profiles, staff and provider approval. */
export class AccountsService {
  private readonly now: () => Date;
  /** Commands answer once the read models hold their events. */
  private readonly reads: ReadYourWrites;

  constructor(private readonly deps: AccountsDependencies) {
    this.now = deps.now ?? (() => new Date());
    this.reads = new ReadYourWrites(deps.waitFor);
  }

  /**
   * Issue 12: one who registers on their own acts as the account they create; someone signed in
   * who creates an account (staff, the demo seeder's platform staff) stays the actor.
   */
  private selfUnlessActing(userId: string, role: Role): Actor | undefined {
    return actingContext()?.actor ? undefined : { userId, role };
  }

  private meta(actor?: Actor, extra: Partial<EventMetadata> = {}): Command['metadata'] {
    return commandMetadata(this.now(), actor, extra);
  }

  private user(userId: string, command: Omit<UserCommand, 'metadata'>, actor?: Actor) {
    return handleCommand(this.deps.store, userStream(userId), userDecider, {
      ...command,
      metadata: this.meta(actor),
    } as UserCommand);
  }

  private provider(providerId: string, command: Omit<ProviderCommand, 'metadata'>, actor?: Actor) {
    return handleCommand(this.deps.store, providerStream(providerId), providerDecider, {
      ...command,
      metadata: this.meta(actor),
    } as ProviderCommand);
  }

  /**
   * The stream of an address's claim: the keyed hash (issue 12), unless the address was claimed
   * before streams were hashed and its claim lives under its clear name.
   */
  private async emailStreamOf(email: string): Promise<string> {
    const key = this.deps.emailKey;
    if (!key) return emailStream(email);
    const hashed = hashedEmailStream(email, key);
    if ((await this.deps.store.readStream(hashed)).length > 0) return hashed;
    const legacy = emailStream(email);
    return (await this.deps.store.readStream(legacy)).length > 0 ? legacy : hashed;
  }

  private async emailClaim(email: string, command: Omit<EmailClaimCommand, 'metadata'>, actor?: Actor) {
    return handleCommand(this.deps.store, await this.emailStreamOf(email), emailClaimDecider, {
      ...command,
      metadata: this.meta(actor),
    } as EmailClaimCommand);
  }

  /** The current state of a user, from its stream: always up to date. */
  async loadUser(userId: string): Promise<ActiveUser | undefined> {
    const state = await loadState(this.deps.store, userStream(userId), userDecider);
    return state.status === 'active' ? state : undefined;
  }

  loadProvider(providerId: string): Promise<Provider> {
    return loadState(this.deps.store, providerStream(providerId), providerDecider);
  }

  private async emailClaimOf(email: string) {
    return loadState(this.deps.store, await this.emailStreamOf(email), emailClaimDecider);
  }

  private async userIdForEmail(email: string): Promise<string | undefined> {
    return (await this.emailClaimOf(email)).userId ?? undefined;
  }

  /**
   * Claims the address for a new user id. A claim left behind by a registration that died
   * before recording its user may be taken over, but only once it is clearly abandoned: a
   * registration still in progress must not be joined by another.
   */
  private async claimEmail(email: string): Promise<string> {
    const claim = await this.emailClaimOf(email);
    if (claim.userId) {
      const abandoned =
        Date.parse(claim.claimedAt ?? '') < this.now().getTime() - ABANDONED_CLAIM_MS &&
        (await this.deps.store.readStream(userStream(claim.userId))).length === 0;
      if (!abandoned) throw new ConflictError(MESSAGES.userExists);
      return claim.userId;
    }
    const userId = randomUUID();
    await this.emailClaim(email, { type: 'ClaimEmail', data: { userId } });
    return userId;
  }

  async registerUser(
    input: UserRegistration,
    options: { role?: Role; providerId?: string; emailVerified?: boolean } = {},
  ): Promise<{ userId: string }> {
    const userId = await this.claimEmail(input.email);
    const result = await this.user(
      userId,
      {
        type: 'RegisterUser',
        data: {
          userId,
          name: input.name,
          email: input.email,
          phone: input.phone,
          role: options.role ?? 'user',
          passwordHash: await hashPassword(input.password),
          providerId: options.providerId,
          emailVerified: options.emailVerified,
        },
      },
      this.selfUnlessActing(userId, options.role ?? 'user'),
    );
    await this.reads.settled(result.position);
    return { userId };
  }

  /** A provider registers with its first admin; both wait for a superadmin (docs/product.md §4). */
  async registerProvider(input: ProviderRegistration): Promise<{ userId: string; providerId: string }> {
    const providerId = randomUUID();
    const { userId } = await this.registerUser(
      {
        name: input.businessName,
        email: input.email,
        phone: input.phone,
        password: input.password,
        confirmPassword: input.confirmPassword,
      },
      { role: 'admin', providerId },
    );
    const result = await this.provider(
      providerId,
      {
        type: 'RegisterProvider',
        data: {
          providerId,
          adminId: userId,
          businessName: input.businessName,
          industry: input.industry,
          email: input.email,
          phone: input.phone,
          address: input.address,
          currency: defaultCurrencyForAddress(input.address),
        },
      },
      this.selfUnlessActing(userId, 'admin'),
    );
    await this.reads.settled(result.position);
    return { userId, providerId };
  }

  /** Checks the password; refuses a provider's staff until the provider is approved. */
  async authenticate(email: string, password: string): Promise<SessionUser> {
    const userId = await this.userIdForEmail(email);
    const user = userId ? await this.loadUser(userId) : undefined;
    // Verify against a fixed hash when the account is unknown, so timing does not tell.
    const ok = await verifyPassword(user?.passwordHash ?? (await unknownUserHash), password);
    if (!user || !ok) throw new UnauthenticatedError(MESSAGES.invalidCredentials);
    const sessionUser = await this.sessionUser(user);
    if (!sessionUser) throw new ForbiddenError(MESSAGES.providerUnderReview);
    return sessionUser;
  }

  /** The user as the session carries them, or undefined while their provider is not active. */
  async sessionUser(user: ActiveUser): Promise<SessionUser | undefined> {
    let industry: string | undefined;
    if (user.providerId) {
      const provider = await this.loadProvider(user.providerId);
      if (provider.status !== 'active') return undefined;
      industry = provider.industry.toLowerCase();
    }
    return {
      id: user.userId,
      email: user.email,
      name: user.name,
      role: user.role,
      ...(user.providerId ? { providerId: user.providerId } : {}),
      ...(industry ? { industry } : {}),
      ...(user.imageurl ? { imageurl: user.imageurl } : {}),
    };
  }

  async verifyEmail(userId: string): Promise<void> {
    const result = await this.user(userId, { type: 'VerifyEmail', data: {} });
    await this.reads.settled(result.position);
  }

  async profile(actor: Actor): Promise<Profile> {
    const user = await this.loadUser(actor.userId);
    if (!user) throw new NotFoundError(MESSAGES.userNotFound);
    return toProfile(user);
  }

  async updateProfile(actor: Actor, update: ProfileUpdate): Promise<Profile> {
    const user = await this.loadUser(actor.userId);
    if (!user) throw new NotFoundError(MESSAGES.userNotFound);
    const emailChanged = update.email !== user.email;
    if (emailChanged) {
      const holder = await this.userIdForEmail(update.email);
      if (holder && holder !== actor.userId) {
        throw new ConflictError(MESSAGES.userExists, [{ field: 'email', message: MESSAGES.userExists }]);
      }
      await this.emailClaim(update.email, { type: 'ClaimEmail', data: { userId: actor.userId } }, actor);
    }
    const result = await this.user(actor.userId, { type: 'UpdateProfile', data: update }, actor);
    if (emailChanged) {
      await this.emailClaim(user.email, { type: 'ReleaseEmail', data: { userId: actor.userId } }, actor);
    }
    await this.reads.settled(result.position);
    return toProfile(result.state as ActiveUser);
  }

  async changeProfilePicture(actor: Actor, imageurl: string): Promise<void> {
    const result = await this.user(actor.userId, { type: 'ChangeProfilePicture', data: { imageurl } }, actor);
    await this.reads.settled(result.position);
  }

  async changePassword(actor: Actor, change: ChangePassword): Promise<void> {
    const user = await this.loadUser(actor.userId);
    if (!user) throw new NotFoundError(MESSAGES.userNotFound);
    if (!(await verifyPassword(user.passwordHash, change.currentPassword))) {
      throw new ValidationError(MESSAGES.currentPasswordWrong, [
        { field: 'currentPassword', message: MESSAGES.currentPasswordWrong },
      ]);
    }
    await this.user(
      actor.userId,
      { type: 'ChangePassword', data: { passwordHash: await hashPassword(change.newPassword) } },
      actor,
    );
  }

  /**
   * Deletes a user, frees the address and forgets the person (issue 12: their personal data in
   * the log can no longer be read). Only the user themself or a superadmin may.
   */
  async deleteUser(actor: Actor, userId: string, reason: string): Promise<void> {
    if (actor.userId !== userId && actor.role !== 'superadmin') throw new ForbiddenError(MESSAGES.forbidden);
    const user = await this.loadUser(userId);
    if (!user) throw new NotFoundError(MESSAGES.userNotFound);
    const result = await this.user(userId, { type: 'DeleteUser', data: { reason } }, actor);
    await this.emailClaim(user.email, { type: 'ReleaseEmail', data: { userId } }, actor);
    const forgotten = await this.deps.forget?.({
      personId: userId,
      kind: 'user',
      emails: [user.email],
      names: [user.name],
    });
    await this.reads.settled(forgotten ?? result.position);
  }

  /** The staff of the actor's own provider (docs/product.md §3 Staff user). */
  async staff(actor: Actor): Promise<StaffUser[]> {
    if (!actor.providerId) return [];
    const { rows } = await this.deps.pool.query<{
      id: string;
      name: string;
      email: string;
      phone: string;
      role: Role;
    }>(
      `SELECT id, name, email, phone, role FROM rm_accounts.users WHERE provider_id = $1 ORDER BY created_at, id`,
      [actor.providerId],
    );
    return rows.map((row) => ({
      _id: row.id,
      businessname: row.name,
      email: row.email,
      phoneno: row.phone,
      role: row.role,
    }));
  }

  /** Provider registrations waiting for a superadmin; `_id` is the registering user's id. */
  async pendingProviders(): Promise<PendingProviderUser[]> {
    const { rows } = await this.deps.pool.query<{
      admin_id: string;
      business_name: string;
      email: string;
      industry: string;
    }>(
      `SELECT admin_id, business_name, email, industry FROM rm_accounts.providers
        WHERE status = 'pending' ORDER BY created_at, id`,
    );
    return rows.map((row) => ({
      _id: row.admin_id,
      businessname: row.business_name,
      email: row.email,
      industry: row.industry,
    }));
  }

  private async pendingProviderOf(userId: string): Promise<{ user: ActiveUser; providerId: string }> {
    const user = await this.loadUser(userId);
    if (!user?.providerId) throw new NotFoundError(MESSAGES.providerNotFound);
    return { user, providerId: user.providerId };
  }

  /** Approving a pending provider makes it active (docs/product.md §4). */
  async approveProvider(actor: Actor, userId: string): Promise<void> {
    const { providerId } = await this.pendingProviderOf(userId);
    const result = await this.provider(providerId, { type: 'ApproveProvider', data: {} }, actor);
    await this.user(userId, { type: 'VerifyEmail', data: {} }, actor);
    await this.reads.settled(result.position);
  }

  /** Rejecting a pending provider deletes its user (docs/product.md §4). */
  async rejectProvider(actor: Actor, userId: string): Promise<void> {
    const { user, providerId } = await this.pendingProviderOf(userId);
    const provider = await this.loadProvider(providerId);
    await this.provider(providerId, { type: 'RejectProvider', data: {} }, actor);
    await this.deleteUser(actor, userId, 'Provider registration rejected');
    // Issue 12: the registration's own details (business name, address, phone) are the person's.
    const forgotten = await this.deps.forget?.({
      personId: providerId,
      kind: 'provider',
      emails: [user.email, ...('email' in provider && provider.email ? [provider.email] : [])],
      names: 'businessName' in provider && provider.businessName ? [provider.businessName] : [],
    });
    if (forgotten) await this.reads.settled(forgotten);
  }

  /** True when nothing has been recorded yet: the first start of an empty store. */
  async isEmpty(): Promise<boolean> {
    return (await this.deps.store.countAfter(undefined, 1)) === 0;
  }
}

const toProfile = (user: ActiveUser): Profile => ({
  id: user.userId,
  name: user.name,
  email: user.email,
  phone: user.phone,
  timezone: user.timezone,
  language: user.language,
  notificationPreferences: user.notificationPreferences,
  ...(user.imageurl ? { imageurl: user.imageurl } : {}),
});

/** A claim older than this without a user is a registration that died half-way. */
const ABANDONED_CLAIM_MS = 10 * 60 * 1000;

/** An Argon2id hash of a random string nobody knows, checked for unknown accounts. */
const unknownUserHash = hashPassword(randomUUID());
