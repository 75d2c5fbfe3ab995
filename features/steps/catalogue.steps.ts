import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import {
  CATALOGUE_PATHS,
  type FavouriteEntry,
  type Industry,
  type Provider,
  type Service,
} from '@appointment/contracts/catalogue';
import { defineParameterType, Then, When, Given, type DataTable } from '@cucumber/cucumber';
import type { ApiResponse, Person, PlatformWorld } from '../support/world';
import { formatMoney } from '@appointment/contracts/money';
import { amountOf, lastResponseOf, messageOf } from './accounts.helpers';

/*
 * Services, providers and favourites (SPEC §2.6, §2.8, §5, §7.3–§7.5), driven through the API.
 * Helpers used by the schedule steps are exported from here.
 */

/** A list of providers as written in a scenario: `"A"`, `"A" and "B"`, `"A", "B" and "C"`, `no provider`. */
defineParameterType({
  name: 'providers',
  regexp: /no providers?|"[^"]*"(?:(?:, | and )"[^"]*")*/,
  transformer: (text: string): string[] => [...text.matchAll(/"([^"]*)"/g)].map((match) => match[1]!),
});

export type FieldErrors = { field: string; message: string }[];

export const ok = (response: ApiResponse, status: number, what: string): unknown => {
  assert.equal(response.status, status, `${what}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
};

/** A refusal of a form: 400, the message, and the message on the field in question. */
export const assertRefusedOn = (response: ApiResponse, message: string, field: string) => {
  const { status, body } = response;
  assert.equal(status, 400, `expected a refusal, got ${status} ${JSON.stringify(body)}`);
  const { errors = [] } = body as { message: string; errors?: FieldErrors };
  assert.ok(
    errors.some((error) => error.field === field && error.message === message),
    `"${message}" is not said about ${field}: ${JSON.stringify(body)}`,
  );
  assert.equal(messageOf(response), errors[0]?.message, 'the answer leads with another message');
};

/** The id of a provider, looked up by name in the catalogue's read model (plumbing, not behaviour). */
export const providerIdOf = async (world: PlatformWorld, name: string): Promise<string> => {
  await world.ensurePlatform();
  const { rows } = await world.pool.query<{ id: string }>(
    'SELECT id FROM rm_catalogue.providers WHERE name = $1',
    [name],
  );
  assert.equal(rows.length, 1, `there is no single provider named "${name}"`);
  return rows[0]!.id;
};

const providerNameOf = async (world: PlatformWorld, id: string): Promise<string> => {
  const { rows } = await world.pool.query<{ name: string }>(
    'SELECT name FROM rm_catalogue.providers WHERE id = $1',
    [id],
  );
  assert.ok(rows[0], `there is no provider ${id}`);
  return rows[0].name;
};

/**
 * A request with its own body and headers (a multipart form, an Idempotency-Key), sent with the
 * person's cookies. The answer becomes the person's last response, as with world.request.
 */
export const sendRaw = async (
  world: PlatformWorld,
  person: Person,
  path: string,
  { body, headers = {} }: { body: FormData | object; headers?: Record<string, string> },
): Promise<ApiResponse> => {
  await world.ensurePlatform();
  const all: Record<string, string> = { ...headers };
  if (!(body instanceof FormData)) all['content-type'] = 'application/json';
  if (person.cookies.size > 0) {
    all.cookie = [...person.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
  const response = await fetch(new URL(path, world.baseUrl), {
    method: 'POST',
    headers: all,
    body: body instanceof FormData ? body : JSON.stringify(body),
  });
  const text = await response.text();
  const parsed = (response.headers.get('content-type') ?? '').includes('application/json')
    ? (JSON.parse(text) as unknown)
    : text;
  const result = { status: response.status, body: parsed, headers: response.headers };
  world.lastResponse = result;
  person.lastResponse = result;
  return result;
};

const money = (text: string): number => amountOf(text);
const yesNo = (text: string): boolean => {
  assert.ok(['yes', 'no'].includes(text), `write yes or no, not "${text}"`);
  return text === 'yes';
};
const showYesNo = (value: boolean) => (value ? 'yes' : 'no');

// ---------------------------------------------------------------- services

export interface ServiceDraft {
  name: string;
  description?: string;
  duration: number | string;
  price: number | string;
  automaticBooking: boolean;
  [other: string]: unknown;
}

export const servicesOf = async (world: PlatformWorld, person: Person): Promise<Service[]> => {
  const response = await world.request(person, 'POST', CATALOGUE_PATHS.getServices);
  return ok(response, 200, `${person.name} cannot list the services`) as Service[];
};

export const serviceNamed = async (world: PlatformWorld, person: Person, name: string): Promise<Service> => {
  const service = (await servicesOf(world, person)).find((candidate) => candidate.name === name);
  assert.ok(service, `${person.name} has no service "${name}"`);
  return service;
};

export const addService = (world: PlatformWorld, person: Person, draft: ServiceDraft) =>
  world.request(person, 'POST', CATALOGUE_PATHS.addService, { body: draft });

const draftFrom = (table: DataTable): ServiceDraft => {
  const row = table.rowsHash();
  return {
    name: row.name ?? '',
    ...(row.description ? { description: row.description } : {}),
    duration: Number(row.minutes ?? 30),
    price: money(row.price ?? '0'),
    automaticBooking: yesNo(row['automatic booking'] ?? 'no'),
  };
};

const simpleDraft = (name: string, minutes: number, price: number): ServiceDraft => ({
  name,
  duration: minutes,
  price,
  automaticBooking: false,
});

When(
  '{person} adds the service {string} taking {int} minutes at {price}',
  async function (this: PlatformWorld, who: string, name: string, minutes: number, price: string) {
    await addService(this, this.person(who), simpleDraft(name, minutes, amountOf(price)));
  },
);

Given(
  '{person} has added the service {string} taking {int} minutes at {price}',
  async function (this: PlatformWorld, who: string, name: string, minutes: number, price: string) {
    ok(
      await addService(this, this.person(who), simpleDraft(name, minutes, amountOf(price))),
      201,
      'adding failed',
    );
  },
);

Given(
  '{person} has added this service:',
  async function (this: PlatformWorld, who: string, table: DataTable) {
    ok(await addService(this, this.person(who), draftFrom(table)), 201, 'adding failed');
  },
);

When(
  '{person} adds the service {string} at {price}, saying that no payment is needed',
  async function (this: PlatformWorld, who: string, name: string, price: string) {
    await addService(this, this.person(who), {
      ...simpleDraft(name, 30, amountOf(price)),
      isPaymentNeeded: false,
    });
  },
);

const SERVICE_FIELDS: Record<string, keyof ServiceDraft> = {
  name: 'name',
  duration: 'duration',
  price: 'price',
};

When(
  '{person} adds a service with the {word} {string}',
  async function (this: PlatformWorld, who: string, field: string, value: string) {
    const key = SERVICE_FIELDS[field];
    assert.ok(key, `a service has no field "${field}"`);
    const draft: ServiceDraft = simpleDraft('Vaccination', 20, 50);
    // A number field holds what was typed: a number when it reads as one.
    draft[key] =
      key !== 'name' && value.trim() !== '' && !Number.isNaN(Number(value)) ? Number(value) : value;
    await addService(this, this.person(who), draft);
  },
);

Then(
  "{person}'s service is refused with {string} on the {word}",
  function (this: PlatformWorld, who: string, message: string, field: string) {
    const key = SERVICE_FIELDS[field];
    assert.ok(key, `a service has no field "${field}"`);
    assertRefusedOn(lastResponseOf(this.person(who)), message, String(key));
  },
);

const editService = async (
  world: PlatformWorld,
  person: Person,
  name: string,
  change: Partial<ServiceDraft>,
): Promise<ApiResponse> => {
  const current = await serviceNamed(world, person, name);
  const data: ServiceDraft = {
    name: current.name,
    ...(current.description ? { description: current.description } : {}),
    duration: current.duration,
    price: current.price,
    automaticBooking: current.automaticBooking,
    ...change,
  };
  return world.request(person, 'POST', CATALOGUE_PATHS.editService, { body: { id: current._id, data } });
};

When(
  '{person} changes the price of {string} to {price}',
  async function (this: PlatformWorld, who: string, name: string, price: string) {
    await editService(this, this.person(who), name, { price: amountOf(price) });
  },
);

When(
  '{person} renames the service {string} to {string}',
  async function (this: PlatformWorld, who: string, name: string, newName: string) {
    await editService(this, this.person(who), name, { name: newName });
  },
);

Given(
  '{person} has renamed the service {string} to {string}',
  async function (this: PlatformWorld, who: string, name: string, newName: string) {
    ok(await editService(this, this.person(who), name, { name: newName }), 200, 'renaming failed');
  },
);

When(
  '{person} deletes the service {string}',
  async function (this: PlatformWorld, who: string, name: string) {
    const person = this.person(who);
    const service = await serviceNamed(this, person, name);
    const response = await this.request(person, 'POST', CATALOGUE_PATHS.deleteService, {
      body: { id: service._id },
    });
    const { deletedService } = ok(response, 200, 'deleting failed') as { deletedService: Service };
    assert.equal(deletedService._id, service._id);
    assert.equal(deletedService.name, name);
  },
);

When('{person} asks for the services', async function (this: PlatformWorld, who: string) {
  await this.request(this.person(who), 'POST', CATALOGUE_PATHS.getServices);
});

const serviceRows = (services: Service[]) =>
  services.map((service) => ({
    service: service.name,
    minutes: String(service.duration),
    price: formatMoney(service.price, service.currency),
    'payment needed': showYesNo(service.isPaymentNeeded),
    'automatic booking': showYesNo(service.automaticBooking),
  }));

/**
 * Compares the columns the scenario names, in the order listed; or in any order, for lists whose
 * order nobody chose (services created together with their provider).
 */
export const sameRows = (
  seen: Record<string, string>[],
  table: DataTable | Record<string, string>[],
  what: string,
  { anyOrder = false }: { anyOrder?: boolean } = {},
) => {
  const expected = Array.isArray(table) ? table : table.hashes();
  const columns = Object.keys(expected[0] ?? {});
  const shown = seen.map((row) => Object.fromEntries(columns.map((column) => [column, row[column]])));
  const sorted = (rows: Record<string, string | undefined>[]) =>
    anyOrder ? [...rows].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))) : rows;
  assert.deepEqual(sorted(shown), sorted(expected), `${what}:\n${JSON.stringify(seen, null, 1)}`);
};

Then('{person} sees these services:', async function (this: PlatformWorld, who: string, table: DataTable) {
  sameRows(serviceRows(await servicesOf(this, this.person(who))), table, `${who} sees other services`);
});

Then(
  '{person} is shown the service {string} with payment needed: {word}',
  function (this: PlatformWorld, who: string, name: string, needed: string) {
    const { service } = ok(lastResponseOf(this.person(who)), 201, 'no service was saved') as {
      service: Service;
    };
    assert.equal(service.name, name);
    assert.equal(service.isPaymentNeeded, yesNo(needed));
  },
);

Then(
  '{person} is shown the changed service {string} with payment needed: {word}',
  function (this: PlatformWorld, who: string, name: string, needed: string) {
    const { service } = ok(lastResponseOf(this.person(who)), 200, 'the service was not changed') as {
      service: Service;
    };
    assert.equal(service.name, name);
    assert.equal(service.isPaymentNeeded, yesNo(needed));
  },
);

Then(
  '{person} has exactly one service called {string}',
  async function (this: PlatformWorld, who: string, name: string) {
    const services = await servicesOf(this, this.person(who));
    const named = services.filter((service) => service.name.toLowerCase() === name.toLowerCase());
    assert.equal(named.length, 1, `${JSON.stringify(services)}`);
  },
);

// ---------------------------------------------------------------- industries

When('{person} asks for the industries', async function (this: PlatformWorld, who: string) {
  await this.request(this.person(who), 'GET', CATALOGUE_PATHS.industries);
});

Then('{person} is offered these industries:', function (this: PlatformWorld, who: string, table: DataTable) {
  const industries = ok(lastResponseOf(this.person(who)), 200, 'no industries') as Industry[];
  assert.deepEqual(
    industries.map((industry) => ({ industry: industry.name, id: industry.id, icon: industry.icon })),
    table.hashes(),
  );
});

// ---------------------------------------------------------------- providers

const PROVIDER_FIELDS: Record<string, string> = {
  name: 'name',
  'e-mail': 'email',
  phone: 'phone',
  industry: 'industry',
  address: 'address',
  description: 'description',
  services: 'services',
  specialties: 'specialties',
};

/** "Physiotherapy Session (45 minutes, $30); Posture Check (15 minutes, $0)" */
const parseServices = (text: string): ServiceDraft[] =>
  text
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => {
      const match = /^(.+?) \((\d+) minutes?, ([$€£₹][\d.]+)\)$/.exec(part);
      assert.ok(match, `write a service as "Name (N minutes, ₹P)", not "${part}"`);
      return simpleDraft(match[1]!, Number(match[2]), money(match[3]!));
    });

const LOTUS_PHYSIO: Record<string, string> = {
  name: 'Lotus Physio',
  'e-mail': 'lotus@example.org',
  phone: '4842555012',
  industry: 'Healthcare',
  address: '14 Marine Drive, Kochi, Kerala 682031',
  description: 'Physiotherapy for sports injuries and back pain.',
  services: 'Physiotherapy Session (45 minutes, ₹30)',
};

const providerFormData = (fields: Record<string, string>, image?: { name: string; bytes: Blob }) => {
  const form = new FormData();
  for (const [label, value] of Object.entries(fields)) {
    const key = PROVIDER_FIELDS[label];
    assert.ok(key, `the Add Provider form has no field "${label}"`);
    form.append(key, key === 'services' ? JSON.stringify(parseServices(value)) : value);
  }
  if (image) form.append('image', image.bytes, image.name);
  return form;
};

const addProvider = (world: PlatformWorld, person: Person, form: FormData) =>
  sendRaw(world, person, CATALOGUE_PATHS.addProvider, { body: form });

When('{person} adds this provider:', async function (this: PlatformWorld, who: string, table: DataTable) {
  await addProvider(this, this.person(who), providerFormData(table.rowsHash()));
});

When(
  '{person} adds a provider with the {word} {string}',
  async function (this: PlatformWorld, who: string, field: string, value: string) {
    assert.ok(PROVIDER_FIELDS[field], `the Add Provider form has no field "${field}"`);
    await addProvider(this, this.person(who), providerFormData({ ...LOTUS_PHYSIO, [field]: value }));
  },
);

When(
  '{person} adds a provider with a text file named {string} as its image',
  async function (this: PlatformWorld, who: string, fileName: string) {
    const bytes = new Blob(['These are my notes, not a picture.\n'.repeat(4)], { type: 'text/plain' });
    await addProvider(this, this.person(who), providerFormData(LOTUS_PHYSIO, { name: fileName, bytes }));
  },
);

Then(
  "{person}'s provider is refused with {string} on the {word}",
  function (this: PlatformWorld, who: string, message: string, field: string) {
    const key = PROVIDER_FIELDS[field];
    assert.ok(key, `the Add Provider form has no field "${field}"`);
    assertRefusedOn(lastResponseOf(this.person(who)), message, key);
  },
);

Then(
  '{person} is shown the new provider {string}, active, offering:',
  function (this: PlatformWorld, who: string, name: string, table: DataTable) {
    const { provider } = ok(lastResponseOf(this.person(who)), 201, 'no provider was created') as {
      provider: Provider;
    };
    assert.equal(provider.name, name);
    assert.equal(provider.status, 'active');
    assert.equal(provider.imageUrl, null);
    sameRows(serviceRows(provider.services ?? []), table, 'the new provider offers other services', {
      anyOrder: true,
    });
  },
);

const allProviders = async (world: PlatformWorld, person: Person): Promise<Provider[]> => {
  const response = await world.request(person, 'GET', CATALOGUE_PATHS.getProviders);
  return (ok(response, 200, `${person.name} cannot see the providers`) as { providers: Provider[] })
    .providers;
};

Then(
  '{person} sees these providers in the provider list:',
  async function (this: PlatformWorld, who: string, table: DataTable) {
    const providers = await allProviders(this, this.person(who));
    const rows = providers
      .map((provider) => ({
        provider: provider.name,
        industry: provider.industry,
        status: provider.status,
        'e-mail': provider.email,
      }))
      .sort((a, b) => a.provider.localeCompare(b.provider));
    sameRows(rows, table, `${who} sees other providers`);
  },
);

Then(
  '{person} sees {string} in the provider list, {word}, with the specialties {string}',
  async function (this: PlatformWorld, who: string, name: string, status: string, specialties: string) {
    const provider = (await allProviders(this, this.person(who))).find((p) => p.name === name);
    assert.ok(provider, `"${name}" is not in the list`);
    assert.equal(provider.status, status);
    assert.deepEqual(
      provider.specialties,
      specialties.split(',').map((s) => s.trim()),
    );
  },
);

Then(
  '{person} does not see {string} in the provider list',
  async function (this: PlatformWorld, who: string, name: string) {
    const providers = await allProviders(this, this.person(who));
    assert.ok(!providers.some((provider) => provider.name === name), `"${name}" is listed`);
  },
);

When('{person} asks for the provider list', async function (this: PlatformWorld, who: string) {
  await this.request(this.person(who), 'GET', CATALOGUE_PATHS.getProviders);
});

When(
  '{person} looks for providers with the industry {string}, the location {string} and the search {string}',
  async function (this: PlatformWorld, who: string, industry: string, location: string, search: string) {
    const filters = Object.fromEntries(
      Object.entries({ industry, location, search }).filter(([, value]) => value !== ''),
    );
    await this.request(this.person(who), 'POST', CATALOGUE_PATHS.fetchProviders, { body: filters });
  },
);

Then('{person} finds {providers}', function (this: PlatformWorld, who: string, names: string[]) {
  const { providers } = ok(lastResponseOf(this.person(who)), 200, 'browsing failed') as {
    providers: Provider[];
  };
  assert.ok(
    providers.every((provider) => provider.status === 'active'),
    'a provider that is not active is listed',
  );
  assert.deepEqual(providers.map((provider) => provider.name).sort(), [...names].sort());
});

When('{person} opens the provider {string}', async function (this: PlatformWorld, who: string, name: string) {
  const id = await providerIdOf(this, name);
  await this.request(this.person(who), 'POST', CATALOGUE_PATHS.providerById, { body: { id } });
});

When(
  '{person} opens her/his/their own provider by her/his/their account id',
  async function (this: PlatformWorld, who: string) {
    const person = this.person(who);
    assert.ok(person.userId, `${who} has not signed in`);
    await this.request(person, 'POST', CATALOGUE_PATHS.providerById, { body: { id: person.userId } });
  },
);

When('{person} opens a provider that does not exist', async function (this: PlatformWorld, who: string) {
  await this.request(this.person(who), 'POST', CATALOGUE_PATHS.providerById, { body: { id: randomUUID() } });
});

Then(
  '{person} sees {string} in {string} at {string} with these services:',
  function (
    this: PlatformWorld,
    who: string,
    name: string,
    industry: string,
    address: string,
    table: DataTable,
  ) {
    const { provider, services } = ok(lastResponseOf(this.person(who)), 200, 'the provider did not open') as {
      provider: Provider;
      services: Service[];
    };
    assert.equal(provider.name, name);
    assert.equal(provider.industry, industry);
    assert.equal(provider.address, address);
    assert.deepEqual(provider.services, services, 'the provider lists other services than the answer');
    sameRows(serviceRows(services), table, `${name} offers other services`, { anyOrder: true });
  },
);

Then('{person} is shown no provider', function (this: PlatformWorld, who: string) {
  const { status, body } = lastResponseOf(this.person(who));
  assert.equal(status, 404, `expected "not found", got ${status} ${JSON.stringify(body)}`);
  assert.equal((body as { provider?: unknown }).provider, undefined);
});

// ---------------------------------------------------------------- favourites

const markFavourite = async (world: PlatformWorld, who: string, name: string, favorite?: boolean) => {
  const providerId = await providerIdOf(world, name);
  await world.request(world.person(who), 'POST', CATALOGUE_PATHS.updateFavourite, {
    body: favorite === undefined ? { providerId } : { providerId, favorite },
  });
};

When(
  '{person} marks {string} as a favourite',
  async function (this: PlatformWorld, who: string, name: string) {
    await markFavourite(this, who, name, true);
  },
);

Given(
  '{person} has marked {string} as a favourite',
  async function (this: PlatformWorld, who: string, name: string) {
    await markFavourite(this, who, name, true);
    ok(lastResponseOf(this.person(who)), 200, 'marking failed');
  },
);

When(
  '{person} removes {string} from her/his/their favourites',
  async function (this: PlatformWorld, who: string, name: string) {
    await markFavourite(this, who, name, false);
  },
);

When(
  '{person} taps the favourite mark of {string}',
  async function (this: PlatformWorld, who: string, name: string) {
    await markFavourite(this, who, name);
  },
);

When('{person} asks for her/his/their favourites', async function (this: PlatformWorld, who: string) {
  await this.request(this.person(who), 'GET', CATALOGUE_PATHS.favourites);
});

const favouriteNames = async (world: PlatformWorld, entries: FavouriteEntry[]) => {
  for (const entry of entries) {
    assert.ok(
      !Number.isNaN(Date.parse(entry.createdAt)),
      `a favourite without a date: ${JSON.stringify(entry)}`,
    );
  }
  return Promise.all(entries.map((entry) => providerNameOf(world, entry.itemId)));
};

const favouritesAre = async function (this: PlatformWorld, who: string, names: string[]) {
  const person = this.person(who);
  // The answer to the change holds the new list, and so does asking for it afterwards.
  const changed = lastResponseOf(person);
  if (changed.headers && (changed.body as { favorites?: unknown }).favorites !== undefined) {
    const { favorites } = ok(changed, 200, 'the favourites were not changed') as {
      favorites: FavouriteEntry[];
    };
    assert.deepEqual(await favouriteNames(this, favorites), names, 'the answer to the change');
  }
  const response = await this.request(person, 'GET', CATALOGUE_PATHS.favourites);
  const { favorites } = ok(response, 200, `${who} cannot see the favourites`) as {
    favorites: FavouriteEntry[];
  };
  assert.deepEqual(await favouriteNames(this, favorites), names);
};
Then("{person}'s favourites are {providers}", favouritesAre);
Then('{person} has no favourites', async function (this: PlatformWorld, who: string) {
  await favouritesAre.call(this, who, []);
});
