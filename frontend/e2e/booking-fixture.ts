import type { APIRequestContext, Page } from '@playwright/test';
import { registerUser, signIn, type RegisteredUser } from './api-sign-in';
import { createProviderWithSplitSlots, openProviderService, type ProviderWithSlots } from './booking-helpers';
import { test as clockTest } from './clock';

export { expect } from './clock';

/** A name no earlier run used, so each test books at a provider of its own. */
export const uniqueName = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

type SplitSlots = Parameters<typeof createProviderWithSplitSlots>[1];

export interface BookingScene {
  provider: ProviderWithSlots;
  /** One registered user per prefix asked for, in that order. */
  users: RegisteredUser[];
}

export interface BookingFixtures {
  /** The API, as a client that is not the browser (set-up, a rival's booking); closed after the test. */
  api: APIRequestContext;
  /** A provider with split slots and the users who book there, made through the API. */
  bookingScene: (slots: SplitSlots, ...userPrefixes: string[]) => Promise<BookingScene>;
}

/**
 * The booking specs' shared set-up: the pinned clock of `clock.ts`, an API client, and the
 * provider-with-slots scene they book in.
 */
export const test = clockTest.extend<BookingFixtures>({
  api: async ({ playwright, baseURL }, use) => {
    const api = await playwright.request.newContext({ baseURL });
    await use(api);
    await api.dispose();
  },
  bookingScene: async ({ api }, use) => {
    await use(async (slots, ...userPrefixes) => {
      const provider = await createProviderWithSplitSlots(api, slots);
      const users: RegisteredUser[] = [];
      for (const prefix of userPrefixes) users.push(await registerUser(api, prefix));
      return { provider, users };
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
