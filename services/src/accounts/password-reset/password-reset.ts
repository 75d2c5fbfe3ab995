import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@appointment/contracts/messages';
import { ValidationError } from '../../domain/errors';
import { loadUser, onUser, userIdForEmail, type AccountsContext } from '../accounts-context';

/**
 * Forgot password. A request records `PasswordResetRequested` on the user's stream; the mail
 * outbox mails its link (services/src/mail/mail-outbox.ts). An address no account holds records
 * nothing, and the caller cannot tell the two apart: the route answers the same.
 */
export const requestPasswordReset = async (context: AccountsContext, email: string): Promise<void> => {
  const userId = await userIdForEmail(context, email);
  const user = userId ? await loadUser(context, userId) : undefined;
  if (!user) return;
  // Anyone who knows the address may ask: the event names no actor, only the account's stream.
  await onUser(context, user.userId, { type: 'RequestPasswordReset', data: { requestId: randomUUID() } });
};

/**
 * The link of a request sets a new password (its signature checked by the caller). The decider
 * accepts only the newest request of the account, once, before it expires.
 */
export const resetPassword = async (
  context: AccountsContext,
  userId: string,
  requestId: string,
  password: string,
): Promise<void> => {
  const user = await loadUser(context, userId);
  if (!user) throw new ValidationError(MESSAGES.resetLinkInvalid);
  const result = await onUser(
    context,
    userId,
    { type: 'ResetPassword', data: { requestId, passwordHash: await context.passwords.hash(password) } },
    { userId, role: user.role },
  );
  await context.reads.settled(result.position);
};
