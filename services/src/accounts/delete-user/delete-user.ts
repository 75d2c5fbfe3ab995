import { MESSAGES } from '@appointment/contracts/messages';
import { ForbiddenError, NotFoundError } from '../../domain/errors';
import { loadUser, onEmailClaim, onUser, type AccountsContext, type Actor } from '../accounts-context';

/**
 * Deletes a user, frees the address and forgets the person (their personal data in the log
 * can no longer be read). Only the user themself or a superadmin may.
 */
export const deleteUser = async (
  context: AccountsContext,
  actor: Actor,
  userId: string,
  reason: string,
): Promise<void> => {
  if (actor.userId !== userId && actor.role !== 'superadmin') throw new ForbiddenError(MESSAGES.forbidden);
  const user = await loadUser(context, userId);
  if (!user) throw new NotFoundError(MESSAGES.userNotFound);
  const result = await onUser(context, userId, { type: 'DeleteUser', data: { reason } }, actor);
  await onEmailClaim(context, user.email, { type: 'ReleaseEmail', data: { userId } }, actor);
  const forgotten = await context.deps.forget?.({
    personId: userId,
    kind: 'user',
    emails: [user.email],
    names: [user.name],
  });
  await context.reads.settled(forgotten ?? result.position);
};
