import { MESSAGES } from '@appointment/contracts/messages';
import { NotFoundError } from '../../domain/errors';
import {
  loadProvider,
  loadUser,
  onProvider,
  onUser,
  type AccountsContext,
  type ActiveUser,
  type Actor,
} from '../accounts-context';
import { deleteUser } from '../delete-user/delete-user';

/** The registering user of a provider registration, and its provider. */
const pendingProviderOf = async (
  context: AccountsContext,
  userId: string,
): Promise<{ user: ActiveUser; providerId: string }> => {
  const user = await loadUser(context, userId);
  if (!user?.providerId) throw new NotFoundError(MESSAGES.providerNotFound);
  return { user, providerId: user.providerId };
};

/** Approving a pending provider makes it active (docs/product.md §4). */
export const approveProvider = async (
  context: AccountsContext,
  actor: Actor,
  userId: string,
): Promise<void> => {
  const { providerId } = await pendingProviderOf(context, userId);
  const result = await onProvider(context, providerId, { type: 'ApproveProvider', data: {} }, actor);
  await onUser(context, userId, { type: 'VerifyEmail', data: {} }, actor);
  await context.reads.settled(result.position);
};

/** Rejecting a pending provider deletes its user (docs/product.md §4). */
export const rejectProvider = async (
  context: AccountsContext,
  actor: Actor,
  userId: string,
): Promise<void> => {
  const { user, providerId } = await pendingProviderOf(context, userId);
  const provider = await loadProvider(context, providerId);
  const rejected = await onProvider(context, providerId, { type: 'RejectProvider', data: {} }, actor);
  // The applicant is told before being forgotten, which takes every mail to them from the outbox.
  const notice = rejected.events[0]?.id;
  if (notice) await context.deps.mailHandedOver?.(notice);
  await deleteUser(context, actor, userId, 'Provider registration rejected');
  // The registration's own details (business name, address, phone) are the person's.
  const forgotten = await context.deps.forget?.({
    personId: providerId,
    kind: 'provider',
    emails: [user.email, ...('email' in provider && provider.email ? [provider.email] : [])],
    names: 'name' in provider && provider.name ? [provider.name] : [],
  });
  if (forgotten) await context.reads.settled(forgotten);
};
