import type { ChangePassword, Profile, ProfileUpdate } from '@appointment/contracts/accounts';
import { MESSAGES } from '@appointment/contracts/messages';
import { ConflictError, NotFoundError, ValidationError } from '../../domain/errors';
import {
  loadUser,
  onEmailClaim,
  onUser,
  userIdForEmail,
  type AccountsContext,
  type ActiveUser,
  type Actor,
} from '../accounts-context';

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

const ownUser = async (context: AccountsContext, actor: Actor): Promise<ActiveUser> => {
  const user = await loadUser(context, actor.userId);
  if (!user) throw new NotFoundError(MESSAGES.userNotFound);
  return user;
};

export const profile = async (context: AccountsContext, actor: Actor): Promise<Profile> =>
  toProfile(await ownUser(context, actor));

/** A changed address is claimed before the profile changes and the old one released after. */
export const updateProfile = async (
  context: AccountsContext,
  actor: Actor,
  update: ProfileUpdate,
): Promise<Profile> => {
  const user = await ownUser(context, actor);
  const emailChanged = update.email !== user.email;
  if (emailChanged) {
    const holder = await userIdForEmail(context, update.email);
    if (holder && holder !== actor.userId) {
      throw new ConflictError(MESSAGES.userExists, [{ field: 'email', message: MESSAGES.userExists }]);
    }
    await onEmailClaim(context, update.email, { type: 'ClaimEmail', data: { userId: actor.userId } }, actor);
  }
  const result = await onUser(context, actor.userId, { type: 'UpdateProfile', data: update }, actor);
  if (emailChanged) {
    await onEmailClaim(context, user.email, { type: 'ReleaseEmail', data: { userId: actor.userId } }, actor);
  }
  await context.reads.settled(result.position);
  return toProfile(result.state as ActiveUser);
};

export const changeProfilePicture = async (
  context: AccountsContext,
  actor: Actor,
  imageurl: string,
): Promise<void> => {
  const result = await onUser(
    context,
    actor.userId,
    { type: 'ChangeProfilePicture', data: { imageurl } },
    actor,
  );
  await context.reads.settled(result.position);
};

export const changePassword = async (
  context: AccountsContext,
  actor: Actor,
  change: ChangePassword,
): Promise<void> => {
  const user = await ownUser(context, actor);
  if (!(await context.passwords.verify(user.passwordHash, change.currentPassword))) {
    throw new ValidationError(MESSAGES.currentPasswordWrong, [
      { field: 'currentPassword', message: MESSAGES.currentPasswordWrong },
    ]);
  }
  await onUser(
    context,
    actor.userId,
    { type: 'ChangePassword', data: { passwordHash: await context.passwords.hash(change.newPassword) } },
    actor,
  );
};
