import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { FavouriteEntry, Industry, Provider, Service } from '@appointment/contracts/catalogue';
import { Then, When, Given, type DataTable } from '@cucumber/cucumber';
import {
  addProvider,
  addService,
  browseProviders,
  deleteService,
  editService,
  favouriteNames,
  favouritesRequest,
  industriesRequest,
  markFavourite,
  openProvider,
  providerList,
  providerListRequest,
  providerNamed,
  serviceNamed,
  servicesOf,
  servicesRequest,
  type ServiceDraft,
} from '../drivers/catalogue';
import { amountOf, assertRefusedOn, lastResponseOf, ok, sameRows } from '../support/assertions';
import type { PlatformWorld } from '../support/world';
import { formatMoney } from '@appointment/contracts/money';

/* Services, providers and favourites (docs/product.md §2.6, §2.8, §5, §7.3–§7.5), driven through the API. */

const money = (text: string): number => amountOf(text);
const yesNo = (text: string): boolean => {
  assert.ok(['yes', 'no'].includes(text), `write yes or no, not "${text}"`);
  return text === 'yes';
};
const showYesNo = (value: boolean) => (value ? 'yes' : 'no');

// ---------------------------------------------------------------- services

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
    const response = await deleteService(this, person, service);
    const { deletedService } = ok(response, 200, 'deleting failed') as { deletedService: Service };
    assert.equal(deletedService._id, service._id);
    assert.equal(deletedService.name, name);
  },
);

When('{person} asks for the services', async function (this: PlatformWorld, who: string) {
  await servicesRequest(this, this.person(who));
});

const serviceRows = (services: Service[]) =>
  services.map((service) => ({
    service: service.name,
    minutes: String(service.duration),
    price: formatMoney(service.price, service.currency),
    'payment needed': showYesNo(service.isPaymentNeeded),
    'automatic booking': showYesNo(service.automaticBooking),
  }));

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
  await industriesRequest(this, this.person(who));
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

/** The Add Provider form's fields, named as a scenario names them; services written out as JSON. */
const providerForm = (fields: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(fields).map(([label, value]) => {
      const key = PROVIDER_FIELDS[label];
      assert.ok(key, `the Add Provider form has no field "${label}"`);
      return [key, key === 'services' ? JSON.stringify(parseServices(value)) : value];
    }),
  );

When('{person} adds this provider:', async function (this: PlatformWorld, who: string, table: DataTable) {
  await addProvider(this, this.person(who), providerForm(table.rowsHash()));
});

When(
  '{person} adds a provider with the {word} {string}',
  async function (this: PlatformWorld, who: string, field: string, value: string) {
    assert.ok(PROVIDER_FIELDS[field], `the Add Provider form has no field "${field}"`);
    await addProvider(this, this.person(who), providerForm({ ...LOTUS_PHYSIO, [field]: value }));
  },
);

When(
  '{person} adds a provider with a text file named {string} as its image',
  async function (this: PlatformWorld, who: string, fileName: string) {
    const bytes = new Blob(['These are my notes, not a picture.\n'.repeat(4)], { type: 'text/plain' });
    await addProvider(this, this.person(who), providerForm(LOTUS_PHYSIO), { name: fileName, bytes });
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

Then(
  '{person} sees these providers in the provider list:',
  async function (this: PlatformWorld, who: string, table: DataTable) {
    const providers = await providerList(this, this.person(who));
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
    const provider = (await providerList(this, this.person(who))).find((p) => p.name === name);
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
    const providers = await providerList(this, this.person(who));
    assert.ok(!providers.some((provider) => provider.name === name), `"${name}" is listed`);
  },
);

When('{person} asks for the provider list', async function (this: PlatformWorld, who: string) {
  await providerListRequest(this, this.person(who));
});

When(
  '{person} looks for providers with the industry {string}, the location {string} and the search {string}',
  async function (this: PlatformWorld, who: string, industry: string, location: string, search: string) {
    const filters = Object.fromEntries(
      Object.entries({ industry, location, search }).filter(([, value]) => value !== ''),
    );
    await browseProviders(this, this.person(who), filters);
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
  const { id } = await providerNamed(this, name);
  await openProvider(this, this.person(who), id);
});

When(
  '{person} opens her/his/their own provider by her/his/their account id',
  async function (this: PlatformWorld, who: string) {
    const person = this.person(who);
    assert.ok(person.userId, `${who} has not signed in`);
    await openProvider(this, person, person.userId);
  },
);

When('{person} opens a provider that does not exist', async function (this: PlatformWorld, who: string) {
  await openProvider(this, this.person(who), randomUUID());
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

const marksFavourite = async (world: PlatformWorld, who: string, name: string, favorite?: boolean) => {
  const { id } = await providerNamed(world, name);
  await markFavourite(world, world.person(who), id, favorite);
};

When(
  '{person} marks {string} as a favourite',
  async function (this: PlatformWorld, who: string, name: string) {
    await marksFavourite(this, who, name, true);
  },
);

Given(
  '{person} has marked {string} as a favourite',
  async function (this: PlatformWorld, who: string, name: string) {
    await marksFavourite(this, who, name, true);
    ok(lastResponseOf(this.person(who)), 200, 'marking failed');
  },
);

When(
  '{person} removes {string} from her/his/their favourites',
  async function (this: PlatformWorld, who: string, name: string) {
    await marksFavourite(this, who, name, false);
  },
);

When(
  '{person} taps the favourite mark of {string}',
  async function (this: PlatformWorld, who: string, name: string) {
    await marksFavourite(this, who, name);
  },
);

When('{person} asks for her/his/their favourites', async function (this: PlatformWorld, who: string) {
  await favouritesRequest(this, this.person(who));
});

const favouritesAre = async function (this: PlatformWorld, who: string, names: string[]) {
  const person = this.person(who);
  // The answer to the change holds the new list, and so does asking for it afterwards.
  const changed = lastResponseOf(person);
  if (changed.headers && (changed.body as { favorites?: unknown }).favorites !== undefined) {
    const { favorites } = ok(changed, 200, 'the favourites were not changed') as {
      favorites: FavouriteEntry[];
    };
    assert.deepEqual(await favouriteNames(this, person, favorites), names, 'the answer to the change');
  }
  const response = await favouritesRequest(this, person);
  const { favorites } = ok(response, 200, `${who} cannot see the favourites`) as {
    favorites: FavouriteEntry[];
  };
  assert.deepEqual(await favouriteNames(this, person, favorites), names);
};
Then("{person}'s favourites are {providers}", favouritesAre);
Then('{person} has no favourites', async function (this: PlatformWorld, who: string) {
  await favouritesAre.call(this, who, []);
});
