import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { Provider } from '@appointment/contracts/catalogue';
import type { TimeSlot } from '@appointment/contracts/schedule';
import { API_PATHS, DEMO, DEMO_PASSWORD, pendingRegistrationId, uniqueEmail } from './api-sign-in';

// Literal paths and texts: e2e files can import only types from contracts.
export const BOOKING_PATHS = {
  approveProvider: '/api/providers/approveprovider',
  addService: '/api/providerservice/addservice',
  fetchProviders: '/api/providers/fetchprovider',
  providerById: '/api/providers/getserviceproviderid',
  fetchSlot: '/api/schedulemanage/fetchslot',
  updateFavourite: '/api/appointments/updatefavoriteprovider',
  addTimeSlot: '/api/schedulemanage/addtimeslot',
  book: '/api/appointments/bookappointment',
} as const;

export const bearer = async (request: APIRequestContext, email: string): Promise<Record<string, string>> => {
  const login = await request.post(API_PATHS.login, { data: { email, password: DEMO_PASSWORD } });
  expect(login.ok(), `sign-in as ${email}`).toBeTruthy();
  const { token } = (await login.json()) as { token: string };
  return { Authorization: `Bearer ${token}` };
};

export interface BookableProvider {
  businessName: string;
  email: string;
}

/**
 * A provider of its own, for a test that depends on a provider's services or slots (tests run
 * in parallel against one server): registered, approved by the superadmin, and given the named
 * services by its admin. It has no time slots. `request` must not be the page's own context.
 */
export const createBookableProvider = async (
  request: APIRequestContext,
  options: {
    businessName: string;
    industry: string;
    address: string;
    services: string[];
    /** The services' price; above 0 makes them paid services (0 unless given). */
    price?: number;
    /** Issue 31: the services may be booked as a series. */
    allowRecurring?: boolean;
  },
): Promise<BookableProvider> => {
  const provider = { businessName: options.businessName, email: uniqueEmail('booking') };
  const registered = await request.post(API_PATHS.registerProvider, {
    data: {
      ...provider,
      industry: options.industry,
      phone: '3125550188',
      address: options.address,
      password: DEMO_PASSWORD,
      confirmPassword: DEMO_PASSWORD,
    },
  });
  expect(registered.status(), `registering ${provider.email}`).toBe(201);

  const superadmin = await bearer(request, DEMO.superadmin);
  const id = await pendingRegistrationId(request, provider.email, superadmin);
  const approved = await request.post(BOOKING_PATHS.approveProvider, {
    data: { id },
    headers: superadmin,
  });
  expect(approved.ok(), `approving ${provider.email}`).toBeTruthy();

  const admin = await bearer(request, provider.email);
  for (const name of options.services) {
    const added = await request.post(BOOKING_PATHS.addService, {
      data: {
        name,
        duration: 30,
        price: options.price ?? 0,
        automaticBooking: false,
        ...(options.allowRecurring ? { allowRecurring: true } : {}),
      },
      headers: admin,
    });
    expect(added.status(), `adding the service ${name}`).toBe(201);
  }
  return provider;
};

/** Opens the booking screen's provider list (docs/product.md §2.6). */
export const openBooking = async (page: Page): Promise<void> => {
  await page.goto('/appointments/book');
  await expect(page.getByRole('heading', { name: 'Book Appointment', level: 1 })).toBeVisible();
};

export const industries = (page: Page) => page.getByRole('complementary', { name: 'Industries' });

export const providerCards = (page: Page) => page.getByRole('list', { name: 'Providers' });

export const providerCard = (page: Page, name: string) =>
  providerCards(page).getByRole('article', { name, exact: true });

export const LONG_DATE =
  /^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), (January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4}$/;
export const TIME_RANGE = /^\d{1,2}:\d{2} (AM|PM) - \d{1,2}:\d{2} (AM|PM)$/;

import { dayKeyIn } from './clock';

export { dayKeyIn };

/** The Sunday that starts a day's week (docs/product.md §9): the week view's first day. */
export const sundayOf = (dayKey: string): string => {
  const date = new Date(`${dayKey}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - date.getUTCDay());
  return date.toISOString().slice(0, 10);
};

/** A day key as the screens write long dates: weekday, month, day, year. */
export const longDateOf = (dayKey: string): string =>
  new Date(`${dayKey}T12:00:00Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });

export interface ProviderWithSlots extends BookableProvider {
  providerId: string;
  timeZone: string;
  service: string;
  /** The split time slots, one a day from the first (in the provider's zone) on. */
  timeSlots: TimeSlot[];
}

/**
 * A provider of its own with one service and a daily time slot for `days` days from tomorrow (or
 * from `firstDay` days on), split into `parts` equal intervals, added by its admin through
 * POST /schedulemanage/addtimeslot.
 */
export const createProviderWithSplitSlots = async (
  request: APIRequestContext,
  options: {
    businessName: string;
    service: string;
    startTime: string;
    endTime: string;
    parts: number;
    days: number;
    /** The service's price; above 0 makes it a paid service. */
    price?: number;
    /** Where it is, which gives its currency and time zone; Houston, TX unless given. */
    address?: string;
    /** Office unless given. */
    industry?: string;
    /** The day of the first time slot, counted from today in the provider's zone; 1 unless given. */
    firstDay?: number;
    /** Issue 31: the service may be booked as a series. */
    allowRecurring?: boolean;
  },
): Promise<ProviderWithSlots> => {
  const industry = options.industry ?? 'Office';
  const firstDay = options.firstDay ?? 1;
  const provider = await createBookableProvider(request, {
    businessName: options.businessName,
    industry,
    address: options.address ?? '500 Main Street, Houston, TX 77002',
    services: [options.service],
    ...(options.price !== undefined ? { price: options.price } : {}),
    ...(options.allowRecurring ? { allowRecurring: true } : {}),
  });
  const admin = await bearer(request, provider.email);
  const found = await request.post(BOOKING_PATHS.fetchProviders, {
    data: { industry, search: options.businessName },
    headers: admin,
  });
  expect(found.ok(), `finding ${options.businessName}`).toBeTruthy();
  const { providers } = (await found.json()) as { providers: Provider[] };
  const record = providers.find((candidate) => candidate.name === options.businessName);
  if (!record) throw new Error(`${options.businessName} is not listed`);

  const added = await request.post(BOOKING_PATHS.addTimeSlot, {
    data: {
      date: dayKeyIn(record.timezone, firstDay),
      startTime: options.startTime,
      endTime: options.endTime,
      availableSlots: options.parts,
      addAsSlot: true,
      addTotalSlot: false,
      repeat: options.days > 1 ? 'daily' : 'none',
      ...(options.days > 1 ? { repeatUntil: dayKeyIn(record.timezone, firstDay + options.days - 1) } : {}),
      serviceIds: [options.service],
    },
    headers: admin,
  });
  expect(added.ok(), `adding time slots for ${options.businessName}`).toBeTruthy();
  const { timeslots } = (await added.json()) as { timeslots: TimeSlot[] };
  return {
    ...provider,
    providerId: record.id,
    timeZone: record.timezone,
    service: options.service,
    timeSlots: [...timeslots].sort((a, b) => a.date.localeCompare(b.date)),
  };
};

/**
 * Books an interval of a split time slot through the API, as `email` (docs/product.md §7.3), with
 * any extra fields of the form (a note, a picture).
 */
export const bookThroughApi = async (
  request: APIRequestContext,
  email: string,
  password: string,
  provider: ProviderWithSlots,
  timeSlot: TimeSlot,
  index: number,
  extra: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = {},
) => {
  const login = await request.post(API_PATHS.login, { data: { email, password } });
  expect(login.ok(), `sign-in as ${email}`).toBeTruthy();
  const { token } = (await login.json()) as { token: string };
  return request.post(BOOKING_PATHS.book, {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      servicename: provider.service,
      providerId: provider.providerId,
      timeslotId: timeSlot._id,
      date: timeSlot.date,
      index: String(index),
      automaticbooking: 'false',
      paymentneeded: 'false',
      ...extra,
    },
  });
};

/** Opens a provider's booking screen from the list and chooses one of its services. */
export const openProviderService = async (
  page: Page,
  provider: { businessName: string; service: string },
  industry = 'Office',
): Promise<void> => {
  await openBooking(page);
  await industries(page).getByRole('button', { name: industry }).click();
  await page.getByLabel('Search providers').fill(provider.businessName);
  await providerCard(page, provider.businessName)
    .getByRole('button', { name: provider.businessName, exact: true })
    .click();
  await page
    .getByRole('group', { name: 'Services' })
    .getByRole('button', { name: new RegExp(provider.service) })
    .click();
};

/** A 1×1 PNG, a real image for the booking form's picker. */
export const PNG_PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
