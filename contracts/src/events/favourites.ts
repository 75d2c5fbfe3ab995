import { z } from 'zod';

/** The events of a user's favourites stream (docs/product.md §3 Favourites), written once. */
const Mark = z.object({ userId: z.string(), providerId: z.string(), at: z.string() });

export const FavouriteProviderAdded = Mark;
export const FavouriteProviderRemoved = Mark;

/** Every favourites event's data schema, by type. */
export const FAVOURITES_EVENTS = { FavouriteProviderAdded, FavouriteProviderRemoved } as const;

type DataOf = { [K in keyof typeof FAVOURITES_EVENTS]: z.infer<(typeof FAVOURITES_EVENTS)[K]> };
export type FavouritesEvent = { [K in keyof DataOf]: { type: K; data: DataOf[K] } }[keyof DataOf];
