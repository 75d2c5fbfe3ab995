import type { FavouriteEntry } from '@appointment/contracts/catalogue';
import { MESSAGES } from '@appointment/contracts/messages';
import { favouritesOf, providerByIdOrAdmin } from '@appointment/projections/catalogue.queries';
import type { Actor } from '../../accounts/accounts-context';
import { handleCommand, loadState } from '../../domain/command-handler';
import { NotFoundError } from '../../domain/errors';
import { favouritesDecider, favouritesStream, type FavouritesCommand } from './favourites.decider';
import { metadataOf, type CatalogueContext } from '../catalogue-context';

export const favourites = (context: CatalogueContext, actor: Actor): Promise<FavouriteEntry[]> =>
  favouritesOf(context.deps.pool, actor.userId);

/** Marks or unmarks a provider; without `favourite` the mark is toggled. */
export const setFavourite = async (
  context: CatalogueContext,
  actor: Actor,
  providerId: string,
  favourite?: boolean,
): Promise<FavouriteEntry[]> => {
  const provider = await providerByIdOrAdmin(context.deps.pool, providerId);
  if (!provider || provider.id !== providerId || provider.status !== 'active')
    throw new NotFoundError(MESSAGES.providerNotFound);
  const stream = favouritesStream(actor.userId);
  const wanted =
    favourite ??
    !(await loadState(context.deps.store, stream, favouritesDecider)).providerIds.includes(providerId);
  const result = await handleCommand(context.deps.store, stream, favouritesDecider, {
    type: 'SetFavourite',
    data: { userId: actor.userId, providerId, favourite: wanted },
    metadata: metadataOf(context, actor),
  } satisfies FavouritesCommand);
  await context.reads.settled(result.position);
  return favourites(context, actor);
};
