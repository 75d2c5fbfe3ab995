import assert from 'node:assert/strict';
import type { z } from 'zod';
import {
  CATALOGUE_PATHS,
  type DeleteServiceRequest,
  type EditServiceRequest,
  type FavouriteEntry,
  type FetchProvidersRequest,
  type Provider,
  type ProviderFormInput,
  type ProviderIdRequest,
  type Service,
  type ServiceInput,
  type UpdateFavouriteRequest,
} from '@appointment/contracts/catalogue';
import { ok } from '../support/assertions';
import type { ApiResponse, Person, PlatformWorld } from '../support/world';
import { platformSupport } from './accounts';

/*
 * The catalogue (docs/product.md §2.6, §2.8, §5, §7.3–§7.5) as a client drives it: services, industries,
 * providers and favourites, with the bodies of contracts/catalogue.
 */

// ---------------------------------------------------------------- services

/** The service form as sent; a scenario may type anything into its number fields, or add a field. */
export type ServiceDraft = ServiceInput & Record<string, unknown>;

export const servicesRequest = (world: PlatformWorld, person: Person) =>
  world.request(person, 'POST', CATALOGUE_PATHS.getServices);

export const servicesOf = async (world: PlatformWorld, person: Person): Promise<Service[]> =>
  ok(await servicesRequest(world, person), 200, `${person.name} cannot list the services`) as Service[];

export const serviceNamed = async (world: PlatformWorld, person: Person, name: string): Promise<Service> => {
  const service = (await servicesOf(world, person)).find((candidate) => candidate.name === name);
  assert.ok(service, `${person.name} has no service "${name}"`);
  return service;
};

export const addService = (world: PlatformWorld, person: Person, draft: ServiceDraft) =>
  world.request(person, 'POST', CATALOGUE_PATHS.addService, { body: draft });

/** The edit form, filled with the service as listed and then changed, as the Edit dialog sends it. */
export const editService = async (
  world: PlatformWorld,
  person: Person,
  name: string,
  change: Partial<ServiceDraft>,
): Promise<ApiResponse> => {
  const current = await serviceNamed(world, person, name);
  const body: z.input<typeof EditServiceRequest> = {
    id: current._id,
    data: {
      name: current.name,
      ...(current.description ? { description: current.description } : {}),
      duration: current.duration,
      price: current.price,
      automaticBooking: current.automaticBooking,
      ...change,
    },
  };
  return world.request(person, 'POST', CATALOGUE_PATHS.editService, { body });
};

export const deleteService = (world: PlatformWorld, person: Person, service: Service) => {
  const body: z.input<typeof DeleteServiceRequest> = { id: service._id };
  return world.request(person, 'POST', CATALOGUE_PATHS.deleteService, { body });
};

export const industriesRequest = (world: PlatformWorld, person: Person) =>
  world.request(person, 'GET', CATALOGUE_PATHS.industries);

// ---------------------------------------------------------------- providers

/**
 * The Add Provider form, multipart as the screen sends it: every text field, the services as
 * JSON, and the picture.
 */
export const addProvider = (
  world: PlatformWorld,
  person: Person,
  fields: { [Field in keyof ProviderFormInput]?: string },
  image?: { name: string; bytes: Blob },
) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);
  if (image) form.append('image', image.bytes, image.name);
  return world.request(person, 'POST', CATALOGUE_PATHS.addProvider, { body: form });
};

/** The platform's list of every provider (superadmin and support). */
export const providerListRequest = (world: PlatformWorld, person: Person) =>
  world.request(person, 'GET', CATALOGUE_PATHS.getProviders);

export const providerList = async (world: PlatformWorld, person: Person): Promise<Provider[]> =>
  (
    ok(await providerListRequest(world, person), 200, `${person.name} cannot see the providers`) as {
      providers: Provider[];
    }
  ).providers;

/** A user's browsing: the active providers matching the filters. */
export const browseProviders = (
  world: PlatformWorld,
  person: Person,
  filters: z.input<typeof FetchProvidersRequest>,
) => world.request(person, 'POST', CATALOGUE_PATHS.fetchProviders, { body: filters });

/** Opens one provider's page (the provider, its services and opening hours). */
export const openProvider = (world: PlatformWorld, person: Person, id: string) => {
  const body: z.input<typeof ProviderIdRequest> = { id };
  return world.request(person, 'POST', CATALOGUE_PATHS.providerById, { body });
};

/**
 * A provider found by name on the platform's provider list, which the platform's support staff
 * read (the demo support account, on a browser of its own). A person in a scenario knows a
 * provider by name; its id and time zone are what a client learns from a list, and this list
 * also holds the providers a user cannot browse (one waiting for approval), which some
 * scenarios name on purpose.
 */
export const providerNamed = async (world: PlatformWorld, name: string): Promise<Provider> => {
  const providers = await providerList(world, await platformSupport(world));
  const named = providers.filter((provider) => provider.name === name);
  assert.equal(named.length, 1, `there is no single provider named "${name}"`);
  return named[0]!;
};

// ---------------------------------------------------------------- favourites

/** Marks a provider, or unmarks it; without a value the mark switches. */
export const markFavourite = (
  world: PlatformWorld,
  person: Person,
  providerId: string,
  favorite?: boolean,
) => {
  const body: z.input<typeof UpdateFavouriteRequest> =
    favorite === undefined ? { providerId } : { providerId, favorite };
  return world.request(person, 'POST', CATALOGUE_PATHS.updateFavourite, { body });
};

export const favouritesRequest = (world: PlatformWorld, person: Person) =>
  world.request(person, 'GET', CATALOGUE_PATHS.favourites);

/** The names of favourite providers, as the person finds them by opening each. */
export const favouriteNames = async (
  world: PlatformWorld,
  person: Person,
  entries: FavouriteEntry[],
): Promise<string[]> => {
  for (const entry of entries) {
    assert.ok(
      !Number.isNaN(Date.parse(entry.createdAt)),
      `a favourite without a date: ${JSON.stringify(entry)}`,
    );
  }
  // Opening them is the person's own view, but not what they did last: their last answer stays.
  const last = { world: world.lastResponse, person: person.lastResponse };
  const names: string[] = [];
  for (const entry of entries) {
    const { provider } = ok(
      await openProvider(world, person, entry.itemId),
      200,
      `${person.name} cannot open the favourite ${entry.itemId}`,
    ) as { provider: Provider };
    names.push(provider.name);
  }
  world.lastResponse = last.world;
  person.lastResponse = last.person;
  return names;
};
