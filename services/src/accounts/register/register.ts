import { randomUUID } from 'node:crypto';
import type { ProviderRegistration, UserRegistration } from '@appointment/contracts/accounts';
import { MESSAGES } from '@appointment/contracts/messages';
import { defaultCurrencyForAddress } from '@appointment/contracts/money';
import type { Role } from '@appointment/contracts/roles';
import { userStream } from '../user.decider';
import { ConflictError } from '../../domain/errors';
import {
  emailClaimOf,
  onEmailClaim,
  onProvider,
  onUser,
  selfUnlessActing,
  type AccountsContext,
} from '../accounts-context';

/** A claim older than this without a user is a registration that died half-way. */
const ABANDONED_CLAIM_MS = 10 * 60 * 1000;

/**
 * Claims the address for a new user id. A claim left behind by a registration that died
 * before recording its user may be taken over, but only once it is clearly abandoned: a
 * registration still in progress must not be joined by another.
 */
const claimEmail = async (context: AccountsContext, email: string): Promise<string> => {
  const claim = await emailClaimOf(context, email);
  if (claim.userId) {
    const abandoned =
      Date.parse(claim.claimedAt ?? '') < context.now().getTime() - ABANDONED_CLAIM_MS &&
      (await context.deps.store.readStream(userStream(claim.userId))).length === 0;
    if (!abandoned) throw new ConflictError(MESSAGES.userExists);
    return claim.userId;
  }
  const userId = randomUUID();
  await onEmailClaim(context, email, { type: 'ClaimEmail', data: { userId } });
  return userId;
};

export const registerUser = async (
  context: AccountsContext,
  input: UserRegistration,
  options: { role?: Role; providerId?: string; emailVerified?: boolean } = {},
): Promise<{ userId: string }> => {
  const userId = await claimEmail(context, input.email);
  const result = await onUser(
    context,
    userId,
    {
      type: 'RegisterUser',
      data: {
        userId,
        name: input.name,
        email: input.email,
        phone: input.phone,
        role: options.role ?? 'user',
        passwordHash: await context.passwords.hash(input.password),
        providerId: options.providerId,
        emailVerified: options.emailVerified,
      },
    },
    selfUnlessActing(userId, options.role ?? 'user'),
  );
  await context.reads.settled(result.position);
  return { userId };
};

/** A provider registers with its first admin; both wait for a superadmin (docs/product.md §4). */
export const registerProvider = async (
  context: AccountsContext,
  input: ProviderRegistration,
): Promise<{ userId: string; providerId: string }> => {
  const providerId = randomUUID();
  const { userId } = await registerUser(
    context,
    {
      name: input.businessName,
      email: input.email,
      phone: input.phone,
      password: input.password,
      confirmPassword: input.confirmPassword,
    },
    { role: 'admin', providerId },
  );
  const result = await onProvider(
    context,
    providerId,
    {
      type: 'RegisterProvider',
      data: {
        providerId,
        adminId: userId,
        name: input.businessName,
        industry: input.industry,
        email: input.email,
        phone: input.phone,
        address: input.address,
        currency: defaultCurrencyForAddress(input.address),
      },
    },
    selfUnlessActing(userId, 'admin'),
  );
  await context.reads.settled(result.position);
  return { userId, providerId };
};

/** The user followed the link of their verification mail. */
export const verifyEmail = async (context: AccountsContext, userId: string): Promise<void> => {
  const result = await onUser(context, userId, { type: 'VerifyEmail', data: {} });
  await context.reads.settled(result.position);
};

/**
 * The person asks for the confirmation link again; false when their address is confirmed
 * already (nothing is sent).
 */
export const requestEmailVerification = async (
  context: AccountsContext,
  userId: string,
): Promise<boolean> => {
  const result = await onUser(context, userId, { type: 'RequestEmailVerification', data: {} });
  return result.events.length > 0 && !result.repeated;
};
