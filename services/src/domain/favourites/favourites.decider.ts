import type { Command, Decider } from '../command-handler';

/** A user's favourite providers (docs/product.md §3 Favourites), one stream per user. */
export const favouritesStream = (userId: string) => `favourites-${userId}`;

export type FavouritesCommand = Command & {
  type: 'SetFavourite';
  data: { userId: string; providerId: string; favorite: boolean };
};

export type FavouritesEvent =
  | { type: 'FavouriteProviderAdded'; data: { userId: string; providerId: string; at: string } }
  | { type: 'FavouriteProviderRemoved'; data: { userId: string; providerId: string; at: string } };

export type Favourites = { providerIds: string[] };

export const favouritesDecider: Decider<FavouritesCommand, FavouritesEvent, Favourites> = {
  initialState: () => ({ providerIds: [] }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'FavouriteProviderAdded':
        return state.providerIds.includes(event.data.providerId)
          ? state
          : { providerIds: [...state.providerIds, event.data.providerId] };
      case 'FavouriteProviderRemoved':
        return { providerIds: state.providerIds.filter((id) => id !== event.data.providerId) };
      default:
        return state;
    }
  },
  decide: (command, state) => {
    const { userId, providerId, favorite } = command.data;
    const marked = state.providerIds.includes(providerId);
    if (favorite === marked) return [];
    const data = { userId, providerId, at: command.metadata.now };
    return [favorite ? { type: 'FavouriteProviderAdded', data } : { type: 'FavouriteProviderRemoved', data }];
  },
};
