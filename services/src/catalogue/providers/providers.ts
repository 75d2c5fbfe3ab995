import { randomUUID } from 'node:crypto';
import {
  industryIdOf,
  matchesProviderFilters,
  timezoneForAddress,
  type FetchProvidersRequest,
  type Provider,
  type ProviderFormFields,
} from '@appointment/contracts/catalogue';
import { MESSAGES } from '@appointment/contracts/messages';
import { defaultCurrencyForAddress } from '@appointment/contracts/money';
import {
  activeProvidersOf,
  allProviders as allProvidersOf,
  providerByIdOrAdmin,
  servicesOf,
} from '@appointment/projections/catalogue.queries';
import type { Actor } from '../../accounts/accounts-context';
import { NotFoundError } from '../../domain/errors';
import { onProvider, ownProvider, type CatalogueContext } from '../catalogue-context';
import { providerService } from '../services/services';

const providerWithServices = async (context: CatalogueContext, providerId: string): Promise<Provider> => {
  const provider = await providerByIdOrAdmin(context.deps.pool, providerId);
  if (!provider) throw new NotFoundError(MESSAGES.providerNotFound);
  return { ...provider, services: await servicesOf(context.deps.pool, provider.id) };
};

/** The admin chooses the currency all of their provider's prices are in. */
export const setCurrency = async (
  context: CatalogueContext,
  actor: Actor,
  currency: string,
): Promise<Provider> => {
  const providerId = ownProvider(actor);
  await onProvider(context, actor, providerId, { type: 'SetCurrency', data: { currency } });
  return providerWithServices(context, providerId);
};

/** docs/product.md §2.8 Add Provider: a superadmin adds an active provider with its services. */
export const createProvider = async (
  context: CatalogueContext,
  actor: Actor,
  form: ProviderFormFields,
  imageUrl: string | null,
): Promise<Provider> => {
  const providerId = randomUUID();
  await onProvider(context, actor, providerId, {
    type: 'CreateProvider',
    data: {
      providerId,
      name: form.name,
      industry: form.industry,
      email: form.email,
      phone: form.phone,
      address: form.address,
      description: form.description,
      imageUrl,
      workingHours: form.workingHours,
      breaks: form.breaks,
      specialties: form.specialties,
      timezone: timezoneForAddress(form.address),
      currency: form.currency ?? defaultCurrencyForAddress(form.address),
      services: form.services.map((service) => providerService(randomUUID(), service)),
    },
  });
  return providerWithServices(context, providerId);
};

/** Every provider, whatever its status (superadmin and support). */
export const allProviders = (context: CatalogueContext): Promise<Provider[]> =>
  allProvidersOf(context.deps.pool);

/** Active providers for browsing (docs/product.md §2.6), with the §5 filters. */
export const activeProviders = async (
  context: CatalogueContext,
  filters: FetchProvidersRequest,
): Promise<Provider[]> => {
  const industry = filters.industry?.trim() ? industryIdOf(filters.industry) : null;
  const providers = await activeProvidersOf(context.deps.pool, industry);
  return providers.filter((provider) => matchesProviderFilters(provider, filters));
};

/**
 * One provider with its services (docs/product.md §7.5 getserviceproviderid). Platform staff see any;
 * a provider's staff see their own; everyone sees active providers.
 */
export const providerFor = async (context: CatalogueContext, actor: Actor, id: string): Promise<Provider> => {
  const provider = await providerByIdOrAdmin(context.deps.pool, id);
  const visible =
    provider &&
    (provider.status === 'active' ||
      actor.role === 'superadmin' ||
      actor.role === 'support' ||
      (actor.providerId !== undefined && actor.providerId === provider.id));
  if (!provider || !visible) throw new NotFoundError(MESSAGES.providerNotFound);
  return { ...provider, services: await servicesOf(context.deps.pool, provider.id) };
};
