import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { API_PATHS, DEMO, DEMO_PASSWORD, uniqueEmail } from './api-sign-in';

// Literal paths and texts: e2e files can import only types from contracts.
export const BOOKING_PATHS = {
  approveProvider: '/api/providers/approveprovider',
  addService: '/api/providerservice/addservice',
  fetchProviders: '/api/providers/fetchprovider',
  providerById: '/api/providers/getserviceproviderid',
  fetchSlot: '/api/schedulemanage/fetchslot',
  updateFavourite: '/api/appointments/updatefavoriteprovider',
} as const;

const bearer = async (request: APIRequestContext, email: string): Promise<Record<string, string>> => {
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
  options: { businessName: string; industry: string; address: string; services: string[] },
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
  const pending = await request.get(API_PATHS.pendingProviders, { headers: superadmin });
  expect(pending.ok(), 'listing the providers waiting for approval').toBeTruthy();
  const { users } = (await pending.json()) as { users: { _id: string; email: string }[] };
  const user = users.find((candidate) => candidate.email === provider.email);
  if (!user) throw new Error(`${provider.email} is not waiting for approval`);
  const approved = await request.post(BOOKING_PATHS.approveProvider, {
    data: { id: user._id },
    headers: superadmin,
  });
  expect(approved.ok(), `approving ${provider.email}`).toBeTruthy();

  const admin = await bearer(request, provider.email);
  for (const name of options.services) {
    const added = await request.post(BOOKING_PATHS.addService, {
      data: { name, duration: 30, price: 0, automaticBooking: false },
      headers: admin,
    });
    expect(added.status(), `adding the service ${name}`).toBe(201);
  }
  return provider;
};

/** Opens the booking screen's provider list (SPEC §2.6). */
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
