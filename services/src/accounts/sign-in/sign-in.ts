import type { SessionUser } from '@appointment/contracts/accounts';
import { MESSAGES } from '@appointment/contracts/messages';
import { ForbiddenError, UnauthenticatedError } from '../../domain/errors';
import {
  loadProvider,
  loadUser,
  userIdForEmail,
  type AccountsContext,
  type ActiveUser,
} from '../accounts-context';

/** The user as the session carries them, or undefined while their provider is not active. */
export const sessionUser = async (
  context: AccountsContext,
  user: ActiveUser,
): Promise<SessionUser | undefined> => {
  let industry: string | undefined;
  if (user.providerId) {
    const provider = await loadProvider(context, user.providerId);
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
    emailVerified: user.emailVerified,
    ...(user.zoneChosen ? { timezone: user.timezone } : {}),
  };
};

/** Checks the password; refuses a provider's staff until the provider is approved. */
export const authenticate = async (
  context: AccountsContext,
  email: string,
  password: string,
): Promise<SessionUser> => {
  const userId = await userIdForEmail(context, email);
  const user = userId ? await loadUser(context, userId) : undefined;
  // Verify against a fixed hash when the account is unknown, so timing does not tell.
  const ok = await context.passwords.verify(
    user?.passwordHash ?? (await context.passwords.unknownUserHash()),
    password,
  );
  if (!user || !ok) throw new UnauthenticatedError(MESSAGES.invalidCredentials);
  const found = await sessionUser(context, user);
  if (!found) throw new ForbiddenError(MESSAGES.providerUnderReview);
  return found;
};
