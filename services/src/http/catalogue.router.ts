import { Router } from 'express';
import {
  CATALOGUE_PATHS,
  DeleteServiceRequest,
  EditServiceRequest,
  FetchProvidersRequest,
  ProviderForm,
  ProviderIdRequest,
  ServiceInput,
  UpdateFavouriteRequest,
  providerFormFromBody,
  type OpenHours,
} from '@appointment/contracts/catalogue';
import { MESSAGES } from '@appointment/contracts/messages';
import { ProviderCurrencyRequest } from '@appointment/contracts/money';
import { CatalogueService } from '../catalogue/catalogue.service';
import { authOf, requireCapability, requireSignedIn } from './authenticate';
import { multipartWithImage, pendingImage } from './image-upload';
import type { RequestHandler } from 'express';
import { route } from './routes';

export interface CatalogueRouterDependencies {
  catalogue: CatalogueService;
  /** Where uploaded provider images are kept; served under /uploads. */
  uploadsDir: string;
  /** Counts a person's uploads against their daily cap (uploadsPerDay). */
  uploadLimit?: RequestHandler;
  /** The hours a provider's time slots open (the schedule's read model). */
  openHours?: (providerId: string, timezone: string) => Promise<OpenHours[]>;
}

/** docs/product.md §7.4 services and industries, §7.5 providers, and the favourites of §7.3. */
export const catalogueRouter = ({
  catalogue,
  uploadsDir,
  uploadLimit,
  openHours,
}: CatalogueRouterDependencies): Router => {
  const router = Router();

  router.get(route(CATALOGUE_PATHS.industries), requireSignedIn, (_req, res) => {
    res.json(catalogue.industries());
  });

  router.post(route(CATALOGUE_PATHS.getServices), requireCapability('services.view'), async (_req, res) => {
    res.json(await catalogue.services(CatalogueService.ownProvider(authOf(res))));
  });

  router.post(route(CATALOGUE_PATHS.addService), requireCapability('services.manage'), async (req, res) => {
    const service = await catalogue.addService(authOf(res), ServiceInput.parse(req.body));
    res.status(201).json({ service });
  });

  router.post(route(CATALOGUE_PATHS.editService), requireCapability('services.manage'), async (req, res) => {
    const { id, data } = EditServiceRequest.parse(req.body);
    res.json({ service: await catalogue.editService(authOf(res), id, data) });
  });

  router.post(
    route(CATALOGUE_PATHS.deleteService),
    requireCapability('services.manage'),
    async (req, res) => {
      const { id } = DeleteServiceRequest.parse(req.body);
      res.json({ deletedService: await catalogue.deleteService(authOf(res), id) });
    },
  );

  router.post(
    route(CATALOGUE_PATHS.addProvider),
    requireCapability('providers.manage'),
    multipartWithImage(uploadLimit),
    async (req, res) => {
      const form = ProviderForm.parse(providerFormFromBody((req.body ?? {}) as Record<string, unknown>));
      const image = pendingImage(req, uploadsDir);
      const provider = await catalogue.createProvider(authOf(res), form, image?.url ?? null);
      // Stored only once the provider that names it is created.
      await image?.keep();
      res.status(201).json({ message: MESSAGES.providerCreated, provider });
    },
  );

  router.get(route(CATALOGUE_PATHS.getProviders), requireCapability('providers.view'), async (_req, res) => {
    res.json({ providers: await catalogue.allProviders() });
  });

  router.post(route(CATALOGUE_PATHS.fetchProviders), requireSignedIn, async (req, res) => {
    res.json({ providers: await catalogue.activeProviders(FetchProvidersRequest.parse(req.body ?? {})) });
  });

  router.post(route(CATALOGUE_PATHS.providerById), requireSignedIn, async (req, res) => {
    const found = await catalogue.providerFor(authOf(res), ProviderIdRequest.parse(req.body).id);
    const provider = openHours ? { ...found, openHours: await openHours(found.id, found.timezone) } : found;
    res.json({ provider, services: provider.services });
  });

  router.get(
    route(CATALOGUE_PATHS.providerCurrency),
    requireCapability('services.view'),
    async (_req, res) => {
      const actor = authOf(res);
      const { currency } = await catalogue.providerFor(actor, CatalogueService.ownProvider(actor));
      res.json({ currency });
    },
  );

  router.post(
    route(CATALOGUE_PATHS.providerCurrency),
    requireCapability('services.manage'),
    async (req, res) => {
      const { currency } = ProviderCurrencyRequest.parse(req.body);
      res.json({
        message: MESSAGES.currencySaved,
        provider: await catalogue.setCurrency(authOf(res), currency),
      });
    },
  );

  router.get(route(CATALOGUE_PATHS.favourites), requireCapability('favourites.manage'), async (_req, res) => {
    res.json({ favorites: await catalogue.favourites(authOf(res)) });
  });

  router.post(
    route(CATALOGUE_PATHS.updateFavourite),
    requireCapability('favourites.manage'),
    async (req, res) => {
      const { providerId, favorite } = UpdateFavouriteRequest.parse(req.body);
      res.json({ favorites: await catalogue.setFavourite(authOf(res), providerId, favorite) });
    },
  );

  return router;
};
