import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { dayKeyIn, withTestClock } from './clock';
import { API_PATHS, DEMO, DEMO_PASSWORD, pendingRegistrationId, signIn, uniqueEmail } from './api-sign-in';
import {
  createProviderWithSplitSlots,
  longDateOf,
  openProviderService,
  type ProviderWithSlots,
} from './booking-helpers';

// Literal paths: e2e files may import only types from contracts (see api-sign-in.ts).
export const SCHEDULING_PATHS = {
  approveProvider: '/api/providers/approveprovider',
  addService: '/api/providerservice/addservice',
} as const;

export interface ProviderAdmin {
  email: string;
  businessName: string;
}

/**
 * A provider of the test's own, so parallel tests never share a schedule: registered and
 * approved through the API, its admin signed in on `page`, and given the named services with
 * that admin's session.
 */
export const createProviderAdmin = async (
  page: Page,
  request: APIRequestContext,
  businessName: string,
  services: string[],
): Promise<ProviderAdmin> => {
  const email = uniqueEmail('schedule');
  const registered = await request.post(API_PATHS.registerProvider, {
    data: {
      businessName,
      industry: 'Fitness',
      email,
      phone: '3125550198',
      address: '200 Lake Shore Drive, Chicago, IL 60611',
      password: DEMO_PASSWORD,
      confirmPassword: DEMO_PASSWORD,
    },
  });
  expect(registered.status(), `registering ${businessName}`).toBe(201);

  const asSuperadmin = await request.post(API_PATHS.login, {
    data: { email: DEMO.superadmin, password: DEMO_PASSWORD },
  });
  expect(asSuperadmin.ok()).toBeTruthy();
  const id = await pendingRegistrationId(request, email);
  const approved = await request.post(SCHEDULING_PATHS.approveProvider, { data: { id } });
  expect(approved.ok(), `approving ${businessName}`).toBeTruthy();

  await signIn(page, email);
  for (const name of services) {
    const added = await page.request.post(SCHEDULING_PATHS.addService, {
      data: { name, description: `${name} for tests`, duration: 30, price: 0, automaticBooking: false },
    });
    expect(added.status(), `adding the service ${name}`).toBe(201);
  }
  return { email, businessName };
};

/** The zone of the providers `createProviderAdmin` makes (their address is in Chicago). */
export const PROVIDER_ZONE = 'America/Chicago';

/** The provider's calendar day `offset` days from its today (the run's clock), YYYY-MM-DD. */
export const dayKeyFromToday = (offset: number): string => dayKeyIn(PROVIDER_ZONE, offset);

/** The Monday after today in a time zone (a week on when today is Monday), YYYY-MM-DD. */
export const nextMondayKey = (timeZone: string): string => {
  const today = new Date(`${dayKeyIn(timeZone, 0)}T12:00:00Z`).getUTCDay(); // 0 is Sunday
  return dayKeyIn(timeZone, (8 - today) % 7 || 7);
};

/** The time zone the page's browser runs in (its calendar decides "next Monday" on the form). */
export const browserZone = (page: Page): Promise<string> =>
  page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);

/** A day key as the screens write long dates: weekday, month, day, year. */
export const longDate = (dayKey: string): string => {
  const [year, month, day] = dayKey.split('-').map(Number);
  return new Date(year!, month! - 1, day!).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });
};

/**
 * Issue 30: a provider of the test's own with a time slot 10:00–12:00 in two intervals on each of
 * two days, three and four days from its today (`first`, `second`), its admin signed in on
 * `page` on the Schedule screen.
 */
export const openScheduleOfTwoDays = async (
  page: Page,
  request: APIRequestContext,
  businessName: string,
  service: string,
): Promise<{ provider: ProviderWithSlots; first: string; second: string }> => {
  const provider = await createProviderWithSplitSlots(request, {
    businessName: `${businessName} ${Date.now().toString(36)}`,
    service,
    startTime: '10:00',
    endTime: '12:00',
    parts: 2,
    days: 2,
    firstDay: 3,
  });
  await signIn(page, provider.email);
  await page.goto('/scheduling/manage');
  return { provider, first: dayKeyIn(provider.timeZone, 3), second: dayKeyIn(provider.timeZone, 4) };
};

/**
 * Issue 30: a user's booking screen, opened in a browser context of its own right after the
 * admin's change, offers the provider's next available slot on `offered`, none on `gone`.
 */
export const expectNextSlotOn = async (
  browser: Browser,
  provider: ProviderWithSlots,
  offered: string,
  gone: string,
): Promise<void> => {
  const userContext = await withTestClock(await browser.newContext());
  const userPage = await userContext.newPage();
  await signIn(userPage, DEMO.user);
  await openProviderService(userPage, provider);
  const automatic = userPage.getByRole('region', { name: 'Next available slot' });
  await expect(automatic).toContainText(longDateOf(offered));
  await expect(automatic).not.toContainText(longDateOf(gone));
  await userContext.close();
};
