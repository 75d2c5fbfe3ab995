import { MESSAGES } from '@appointment/contracts/messages';
import { BookingPolicy, type BookingPolicyAnswer } from '@appointment/contracts/policy';
import type { Actor } from '../../accounts/accounts-context';
import { loadState } from '../../domain/command-handler';
import { NotFoundError } from '../../domain/errors';
import { onProvider, ownProvider, type CatalogueContext } from '../catalogue-context';
import { providerDecider, providerStream } from '../providers/provider.decider';

/**
 * A provider's booking policy (issue 29): its admin sets it, its admin and incharge read it.
 * Read from the provider's stream, as the bookings that record it do.
 */
export const bookingPolicyOf = async (
  context: CatalogueContext,
  actor: Actor,
): Promise<BookingPolicyAnswer> => {
  const state = await loadState(context.deps.store, providerStream(ownProvider(actor)), providerDecider);
  if (state.status === 'none' || state.status === 'rejected')
    throw new NotFoundError(MESSAGES.providerNotFound);
  return { policy: BookingPolicy.parse(state.policy), chosen: state.policyChosen === true };
};

/** The admin replaces the policy; bookings made before keep the one they were made under. */
export const setBookingPolicy = async (
  context: CatalogueContext,
  actor: Actor,
  policy: BookingPolicy,
): Promise<BookingPolicy> => {
  await onProvider(context, actor, ownProvider(actor), { type: 'SetBookingPolicy', data: { policy } });
  return (await bookingPolicyOf(context, actor)).policy;
};
