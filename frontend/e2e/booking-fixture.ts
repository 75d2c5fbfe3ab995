import type { APIRequestContext, Page } from '@playwright/test';
import { registerUser, signIn, type RegisteredUser } from './api-sign-in';
import { createProviderWithSplitSlots, openProviderService, type ProviderWithSlots } from './booking-helpers';
import { test as clockTest } from './clock';

export { expect } from './clock';

/** A name no earlier run used, so each test books at a provider of its own. */
export const uniqueName = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/** The provider's name, its one service and its daily time slot: see createProviderWithSplitSlots. */
export type SplitSlots = Parameters<typeof createProviderWithSplitSlots>[1];

/**
 * The desk most booking specs book at: a provider of its own named after `prefix`, its service
 * "Desk Hour" daily from 10:00 to 12:00 in 4 intervals for `days` days; `more` changes any of it.
 */
export const deskHours = (prefix: string, days: number, more: Partial<SplitSlots> = {}): SplitSlots => ({
  businessName: uniqueName(prefix),
  service: 'Desk Hour',
  startTime: '10:00',
  endTime: '12:00',
  parts: 4,
  days,
  ...more,
});

export interface BookingScene<Users extends RegisteredUser[] = RegisteredUser[]> {
  provider: ProviderWithSlots;
  /** One registered user per prefix asked for, in that order. */
  users: Users;
}

export interface BookingFixtures {
  /** The API, as a client that is not the browser (set-up, a rival's booking); closed after the test. */
  api: APIRequestContext;
  /**
   * A provider of the test's own (tests run in parallel against one server) whose daily time slot
   * is split into intervals, and a registered user per prefix asked for, made through the API.
   */
  providerWithSplitSlots: <Prefixes extends string[]>(
    slots: SplitSlots,
    ...userPrefixes: Prefixes
  ) => Promise<BookingScene<{ [P in keyof Prefixes]: RegisteredUser }>>;
}

/**
 * The shared set-up of the specs that need a provider with split slots: the pinned clock of
 * `clock.ts`, an API client, and the provider with the users who book there.
 */
export const test = clockTest.extend<BookingFixtures>({
  api: async ({ playwright, baseURL }, use) => {
    const api = await playwright.request.newContext({ baseURL });
    await use(api);
    await api.dispose();
  },
  providerWithSplitSlots: async ({ api }, use) => {
    await use(async <Prefixes extends string[]>(slots: SplitSlots, ...userPrefixes: Prefixes) => {
      const provider = await createProviderWithSplitSlots(api, slots);
      const users: RegisteredUser[] = [];
      for (const prefix of userPrefixes) users.push(await registerUser(api, prefix));
      // As many users as prefixes, in their order: a test names each without checking it is there.
      return { provider, users: users as { [P in keyof Prefixes]: RegisteredUser } };
    });
  },
});

/** Signs the user in and opens the provider's only service on the booking screen. */
export const openAs = async (
  page: Page,
  user: RegisteredUser,
  provider: ProviderWithSlots,
): Promise<void> => {
  await signIn(page, user.email, user.password);
  await openProviderService(page, provider);
};
