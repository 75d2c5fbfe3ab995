import {
  CATALOGUE_PATHS,
  type FavouritesResponse,
  type FetchProvidersRequest,
  type Industry,
  type Provider,
  type Service,
} from '@appointment/contracts/catalogue';
import { APPOINTMENT_PATHS } from '@appointment/contracts/appointments';
import { SCHEDULE_PATHS, type FetchSlotResponse } from '@appointment/contracts/schedule';
import { api } from '../../lib/api-client';
import type { PaidBookingResponse } from '../../lib/events';

/** docs/product.md §7.4 GET /industry/getindustry. */
export const fetchIndustries = (): Promise<Industry[]> => api.get<Industry[]>(CATALOGUE_PATHS.industries);

/** docs/product.md §7.5 POST /providers/fetchprovider: active providers matching the filters. */
export const fetchProviders = async (filters: FetchProvidersRequest): Promise<Provider[]> =>
  (await api.post<{ providers: Provider[] }>(CATALOGUE_PATHS.fetchProviders, filters)).providers;

/** docs/product.md §7.3 GET /appointments/getfavorites: the ids of the user's favourite providers. */
export const fetchFavourites = async (): Promise<string[]> =>
  (await api.get<FavouritesResponse>(CATALOGUE_PATHS.favourites)).favorites.map((entry) => entry.itemId);

/** docs/product.md §7.3 POST /appointments/updatefavoriteprovider with the explicit value; answers the new list. */
export const updateFavourite = async (providerId: string, favorite: boolean): Promise<string[]> =>
  (
    await api.post<FavouritesResponse>(CATALOGUE_PATHS.updateFavourite, { providerId, favorite })
  ).favorites.map((entry) => entry.itemId);

export interface ProviderWithServices {
  provider: Provider;
  services: Service[];
}

/** docs/product.md §7.5 POST /providers/getserviceproviderid: the provider and its services. */
export const fetchProviderServices = (id: string): Promise<ProviderWithServices> =>
  api.post<ProviderWithServices>(CATALOGUE_PATHS.providerById, { id });

/** docs/product.md §7.5 POST /schedulemanage/fetchslot: serviceId carries the service name. */
export const fetchSlots = (providerId: string, serviceName: string): Promise<FetchSlotResponse> =>
  api.post<FetchSlotResponse>(SCHEDULE_PATHS.fetchSlot, { providerId, serviceId: serviceName });

/** docs/product.md §7.3 POST /appointments/bookappointment: the multipart booking form, booked once per key. */
export const bookAppointment = (form: FormData, idempotencyKey: string): Promise<PaidBookingResponse> =>
  api.post<PaidBookingResponse>(APPOINTMENT_PATHS.book, form, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
