import type { FavouritesEvent } from '@appointment/contracts/events/favourites';
import type { Command, Decider } from '../../domain/command-handler';

/** A user's favourite providers (docs/product.md §3 Favourites), one stream per user. */
export const favouritesStream = (userId: string) => `favourites-${userId}`;

export type FavouritesCommand = Command & {
  type: 'SetFavourite';
  data: { userId: string; providerId: string; favourite: boolean };
};

export type { FavouritesEvent };

export type Favourites = { providerIds: string[] };

/** Marks or unmarks a provider; a provider already so records nothing. */
export const setFavourite = (command: FavouritesCommand, state: Favourites): FavouritesEvent[] => {
  const { userId, providerId, favourite } = command.data;
  const marked = state.providerIds.includes(providerId);
  if (favourite === marked) return [];
  const data = { userId, providerId, at: command.metadata.now };
  return [favourite ? { type: 'FavouriteProviderAdded', data } : { type: 'FavouriteProviderRemoved', data }];
};

export const decide = (command: FavouritesCommand, state: Favourites): FavouritesEvent[] => {
  switch (command.type) {
    case 'SetFavourite':
      return setFavourite(command, state);
    default: {
      const unknown: never = command.type;
      throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
    }
  }
};

export const evolve = (state: Favourites, event: FavouritesEvent): Favourites => {
  const { providerId } = event.data;
  switch (event.type) {
    case 'FavouriteProviderAdded':
      return state.providerIds.includes(providerId)
        ? state
        : { providerIds: [...state.providerIds, providerId] };
    case 'FavouriteProviderRemoved':
      return { providerIds: state.providerIds.filter((id) => id !== providerId) };
    default:
      return state;
  }
};

export const favouritesDecider: Decider<FavouritesCommand, FavouritesEvent, Favourites> = {
  initialState: () => ({ providerIds: [] }),
  evolve,
  decide,
};
