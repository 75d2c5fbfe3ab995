import { MESSAGES } from '@appointment/contracts/messages';
import type { Actor } from './accounts/accounts-context';
import { NotFoundError, ValidationError } from './domain/errors';

/** Throws NotFoundError when the provider does not exist or is hidden from the actor. */
export type CheckProvider = (actor: Actor, providerId: string) => Promise<void>;

/**
 * The provider a provider-scoped setting (integrations, feeds) is about: an admin's or
 * incharge's own, whatever they send; the one platform staff name.
 */
export const providerInScope = async (
  actor: Actor,
  providerId: string | undefined,
  checkProvider: CheckProvider,
): Promise<string> => {
  if (actor.role === 'admin' || actor.role === 'incharge') {
    if (!actor.providerId) throw new NotFoundError(MESSAGES.needsProvider);
    return actor.providerId;
  }
  if (!providerId) throw new ValidationError(MESSAGES.providerRequired);
  await checkProvider(actor, providerId);
  return providerId;
};
