import { bookingPolicyOf, setBookingPolicy } from './policy/booking-policy';
import type { OpenHours } from '@appointment/contracts/catalogue';
import { MESSAGES } from '@appointment/contracts/messages';
import { pendingImage } from '../http/image-upload';
import { handlers, type OperationHandlers } from '../http/mount-operations';
import { CatalogueContext } from './catalogue-context';
import { addService, deleteService, editService, services } from './services/services';
import {
  activeProviders,
  allProviders,
  createProvider,
  providerFor,
  setCurrency,
} from './providers/providers';
import { favourites, setFavourite } from './favourites/favourites';
import { INDUSTRY_LIST } from '@appointment/contracts/constants';
import { ownProvider } from './catalogue-context';

export interface CatalogueHandlerDependencies {
  catalogue: CatalogueContext;
  /** Where uploaded provider images are kept; served under /uploads. */
  uploadsDir: string;
  /** The hours a provider's time slots open (the schedule's read model). */
  openHours?: (providerId: string, timezone: string) => Promise<OpenHours[]>;
}

/** docs/product.md §7.4 services and industries, §7.5 providers, and the favourites of §7.3. */
export const catalogueHandlers = ({
  catalogue,
  uploadsDir,
  openHours,
}: CatalogueHandlerDependencies): OperationHandlers =>
  handlers({
    industries: async () => [...INDUSTRY_LIST],
    getServices: ({ auth }) => services(catalogue, ownProvider(auth)),
    addService: async ({ auth, body }) => ({ service: await addService(catalogue, auth, body) }),
    editService: async ({ auth, body }) => ({
      service: await editService(catalogue, auth, body.id, body.data),
    }),
    deleteService: async ({ auth, body }) => ({
      deletedService: await deleteService(catalogue, auth, body.id),
    }),
    addProvider: async ({ req, auth, body }) => {
      const image = pendingImage(req, uploadsDir);
      const provider = await createProvider(catalogue, auth, body, image?.url ?? null);
      // Stored only once the provider that names it is created.
      await image?.keep();
      return { message: MESSAGES.providerCreated, provider };
    },
    getProviders: async () => ({ providers: await allProviders(catalogue) }),
    fetchProviders: async ({ body }) => ({ providers: await activeProviders(catalogue, body) }),
    providerById: async ({ auth, body }) => {
      const found = await providerFor(catalogue, auth, body.id);
      const provider = openHours ? { ...found, openHours: await openHours(found.id, found.timezone) } : found;
      return { provider, services: provider.services };
    },
    providerCurrency: async ({ auth }) => {
      const { currency } = await providerFor(catalogue, auth, ownProvider(auth));
      return { currency };
    },
    setProviderCurrency: async ({ auth, body }) => ({
      message: MESSAGES.currencySaved,
      provider: await setCurrency(catalogue, auth, body.currency),
    }),
    bookingPolicy: ({ auth }) => bookingPolicyOf(catalogue, auth),
    setBookingPolicy: async ({ auth, body }) => ({
      message: MESSAGES.policySaved,
      policy: await setBookingPolicy(catalogue, auth, body),
    }),
    favourites: async ({ auth }) => ({ favorites: await favourites(catalogue, auth) }),
    updateFavourite: async ({ auth, body }) => ({
      favorites: await setFavourite(catalogue, auth, body.providerId, body.favorite),
    }),
  });
