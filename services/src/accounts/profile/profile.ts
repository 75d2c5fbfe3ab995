import { randomUUID } from 'node:crypto';
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

const toProfile = (user: ActiveUser, now: Date): Profile => ({
  id: user.userId,
  name: user.name,
  email: user.email,
  phone: user.phone,
  timezone: user.timezone,
  language: user.language,
  notificationPreferences: user.notificationPreferences,
  ...(user.imageurl ? { imageurl: user.imageurl } : {}),
  ...(user.pendingEmail && user.pendingEmail.expiresAt > now.toISOString()
    ? { pendingEmail: user.pendingEmail.email }
    : {}),
});

const ownUser = async (context: AccountsContext, actor: Actor): Promise<ActiveUser> => {
  const user = await loadUser(context, actor.userId);
  if (!user) throw new NotFoundError(MESSAGES.userNotFound);
  return user;
};

export const profile = async (context: AccountsContext, actor: Actor): Promise<Profile> =>
  toProfile(await ownUser(context, actor), context.now());

/**
 * A new e-mail address takes effect only once its owner opens the link sent to it
 * (`confirmEmailChange`), and asking for it needs the current password; the other fields change
 * at once. The old address is told (the mail outbox).
 */
export const updateProfile = async (
  context: AccountsContext,
  actor: Actor,
  { currentPassword, ...update }: ProfileUpdate,
): Promise<Profile> => {
  const user = await ownUser(context, actor);
  const emailChanged = update.email !== user.email;
  if (emailChanged) {
    if (!currentPassword || !(await context.passwords.verify(user.passwordHash, currentPassword))) {
      const message = currentPassword ? MESSAGES.currentPasswordWrong : MESSAGES.currentPasswordForEmail;
      throw new ValidationError(message, [{ field: 'currentPassword', message }]);
    }
    const holder = await userIdForEmail(context, update.email);
    if (holder && holder !== actor.userId) {
      throw new ConflictError(MESSAGES.userExists, [{ field: 'email', message: MESSAGES.userExists }]);
    }
  }
  let result = await onUser(
    context,
    actor.userId,
    { type: 'UpdateProfile', data: { ...update, email: user.email } },
    actor,
  );
  if (emailChanged) {
    result = await onUser(
      context,
      actor.userId,
      { type: 'RequestEmailChange', data: { newEmail: update.email, requestId: randomUUID() } },
      actor,
    );
  }
  await context.reads.settled(result.position);
  return toProfile(result.state as ActiveUser, context.now());
};

/**
 * The owner of a new address opened its link: it becomes the account's (claimed, the old one
 * released), and counts as confirmed.
 */
export const confirmEmailChange = async (
  context: AccountsContext,
  userId: string,
  requestId: string,
): Promise<void> => {
  const user = await loadUser(context, userId);
  const pending = user?.status === 'active' ? user.pendingEmail : undefined;
  if (
    !user ||
    !pending ||
    pending.requestId !== requestId ||
    context.now().toISOString() > pending.expiresAt
  ) {
    throw new ValidationError(MESSAGES.verificationInvalid);
  }
  const holder = await userIdForEmail(context, pending.email);
  if (holder && holder !== userId) throw new ConflictError(MESSAGES.userExists);
  await onEmailClaim(context, pending.email, { type: 'ClaimEmail', data: { userId } });
  const result = await onUser(context, userId, { type: 'ConfirmEmailChange', data: { requestId } });
  await onEmailClaim(context, user.email, { type: 'ReleaseEmail', data: { userId } });
  await context.reads.settled(result.position);
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
