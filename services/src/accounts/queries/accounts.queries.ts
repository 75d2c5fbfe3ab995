import type { PendingProviderUser, StaffUser } from '@appointment/contracts/accounts';
import { pendingProviderRegistrations, staffOfProvider } from '@appointment/projections/accounts.queries';
import type { AccountsContext, Actor } from '../accounts-context';

/** The staff of the actor's own provider (docs/product.md §3 Staff user). */
export const staff = async (context: AccountsContext, actor: Actor): Promise<StaffUser[]> =>
  actor.providerId ? staffOfProvider(context.deps.pool, actor.providerId) : [];

/** Provider registrations waiting for a superadmin; `_id` is the registering user's id. */
export const pendingProviders = (context: AccountsContext): Promise<PendingProviderUser[]> =>
  pendingProviderRegistrations(context.deps.pool);

/** True when nothing has been recorded yet: the first start of an empty store. */
export const isEmpty = async (context: AccountsContext): Promise<boolean> =>
  (await context.deps.store.countAfter(undefined, 1)) === 0;
