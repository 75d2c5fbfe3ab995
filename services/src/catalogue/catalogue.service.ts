import type {
  FavouriteEntry,
  FetchProvidersRequest,
  Provider,
  ProviderFormFields,
  Service,
  ServiceFields,
} from '@appointment/contracts/catalogue';
import { INDUSTRY_LIST } from '@appointment/contracts/constants';
import type { Actor } from '../accounts/accounts.service';
import {
  catalogueContext,
  ownProvider,
  type CatalogueContext,
  type CatalogueDependencies,
} from './catalogue-context';
import { favourites, setFavourite } from './favourites/favourites';
import {
  activeProviders,
  allProviders,
  createProvider,
  providerFor,
  setCurrency,
} from './providers/providers';
import { addService, deleteService, editService, services } from './services/services';

export type { CatalogueDependencies } from './catalogue-context';

/**
 * The catalogue area: industries, providers, their services and users' favourites. Each use case
 * is its own slice (providers/, services/, favourites/); this class holds what they share
 * (read-your-writes) for the routes.
 */
export class CatalogueService {
  private readonly context: CatalogueContext;

  constructor(deps: CatalogueDependencies) {
    this.context = catalogueContext(deps);
  }

  /** The provider an admin or incharge works for. */
  static ownProvider(actor: Actor): string {
    return ownProvider(actor);
  }

  industries() {
    return INDUSTRY_LIST;
  }

  services(providerId: string): Promise<Service[]> {
    return services(this.context, providerId);
  }

  addService(actor: Actor, fields: ServiceFields): Promise<Service> {
    return addService(this.context, actor, fields);
  }

  editService(actor: Actor, serviceId: string, fields: ServiceFields): Promise<Service> {
    return editService(this.context, actor, serviceId, fields);
  }

  deleteService(actor: Actor, serviceId: string): Promise<Service> {
    return deleteService(this.context, actor, serviceId);
  }

  setCurrency(actor: Actor, currency: string): Promise<Provider> {
    return setCurrency(this.context, actor, currency);
  }

  createProvider(actor: Actor, form: ProviderFormFields, imageUrl: string | null): Promise<Provider> {
    return createProvider(this.context, actor, form, imageUrl);
  }

  allProviders(): Promise<Provider[]> {
    return allProviders(this.context);
  }

  activeProviders(filters: FetchProvidersRequest): Promise<Provider[]> {
    return activeProviders(this.context, filters);
  }

  providerFor(actor: Actor, id: string): Promise<Provider> {
    return providerFor(this.context, actor, id);
  }

  favourites(actor: Actor): Promise<FavouriteEntry[]> {
    return favourites(this.context, actor);
  }

  setFavourite(actor: Actor, providerId: string, favourite?: boolean): Promise<FavouriteEntry[]> {
    return setFavourite(this.context, actor, providerId, favourite);
  }
}
