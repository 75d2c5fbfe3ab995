import type { OpenHours } from '@appointment/contracts/catalogue';
import { MESSAGES } from '@appointment/contracts/messages';
import { pendingImage } from '../http/image-upload';
import { handlers, type OperationHandlers } from '../http/mount-operations';
import { CatalogueService } from './catalogue.service';

export interface CatalogueHandlerDependencies {
  catalogue: CatalogueService;
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
    industries: async () => [...catalogue.industries()],
    getServices: ({ auth }) => catalogue.services(CatalogueService.ownProvider(auth)),
    addService: async ({ auth, body }) => ({ service: await catalogue.addService(auth, body) }),
    editService: async ({ auth, body }) => ({
      service: await catalogue.editService(auth, body.id, body.data),
    }),
    deleteService: async ({ auth, body }) => ({
      deletedService: await catalogue.deleteService(auth, body.id),
    }),
    addProvider: async ({ req, auth, body }) => {
      const image = pendingImage(req, uploadsDir);
      const provider = await catalogue.createProvider(auth, body, image?.url ?? null);
      // Stored only once the provider that names it is created.
      await image?.keep();
      return { message: MESSAGES.providerCreated, provider };
    },
    getProviders: async () => ({ providers: await catalogue.allProviders() }),
    fetchProviders: async ({ body }) => ({ providers: await catalogue.activeProviders(body) }),
    providerById: async ({ auth, body }) => {
      const found = await catalogue.providerFor(auth, body.id);
      const provider = openHours ? { ...found, openHours: await openHours(found.id, found.timezone) } : found;
      return { provider, services: provider.services };
    },
    providerCurrency: async ({ auth }) => {
      const { currency } = await catalogue.providerFor(auth, CatalogueService.ownProvider(auth));
      return { currency };
    },
    setProviderCurrency: async ({ auth, body }) => ({
      message: MESSAGES.currencySaved,
      provider: await catalogue.setCurrency(auth, body.currency),
    }),
    favourites: async ({ auth }) => ({ favorites: await catalogue.favourites(auth) }),
    updateFavourite: async ({ auth, body }) => ({
      favorites: await catalogue.setFavourite(auth, body.providerId, body.favorite),
    }),
  });
