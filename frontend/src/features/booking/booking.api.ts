import {
  CATALOGUE_PATHS,
  type FavouritesResponse,
  type Provider,
  type Service,
} from '@appointment/contracts/catalogue';
import { api } from '../../lib/api-client';

/** docs/product.md §7.3 POST /appointments/updatefavoriteprovider with the explicit value; answers the new list. */
export const updateFavourite = async (providerId: string, favourite: boolean): Promise<string[]> =>
  (
    await api.post<FavouritesResponse>(CATALOGUE_PATHS.updateFavourite, { providerId, favorite: favourite })
  ).favorites.map((entry) => entry.itemId);

/** docs/product.md §7.5 POST /providers/getserviceproviderid answers the provider and its services. */
export interface ProviderWithServices {
  provider: Provider;
  services: Service[];
}
