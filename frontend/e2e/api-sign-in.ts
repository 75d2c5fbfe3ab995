import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { LoginResponse } from '@appointment/contracts/accounts';

// Written out rather than imported: Playwright loads the contracts package as CommonJS, so only
// its types can be imported here. The values are those of contracts/src/accounts.ts.
export const DEMO_PASSWORD = 'password123';
export const API_PATHS = {
  /** Sign-in as an API client: the token in the body, for bearer calls. */
  login: '/api/auth/login?token=true',
  /** Sign-in as the web app does it: the httpOnly cookie only. */
  browserLogin: '/api/auth/login',
  logout: '/api/auth/logout',
  registerUser: '/api/auth/register/user',
  registerProvider: '/api/auth/registerprovider',
  pendingProviders: '/api/profile/getuser',
  rejectProvider: '/api/providers/rejectprovider',
  /** The local outbox, served while DEV_MAILBOX=true (the browser tests' launcher sets it). */
  mailbox: '/api/dev/mailbox',
} as const;

export const DEMO = {
  user: 'user@example.com',
  admin: 'admin@example.com',
  incharge: 'incharge@example.com',
  superadmin: 'superadmin@example.com',
  support: 'support@example.com',
} as const;

/**
 * The id of a registration waiting for approval (GET /api/profile/getuser), asked as `headers` say (a
 * superadmin's bearer) or as the request's own session. The registration's answer waits a bounded time for
 * the read models, so on a loaded machine the list may hold it a moment later: it is asked again for up to
 * 15 seconds.
 */
export const pendingRegistrationId = async (
  request: APIRequestContext,
  email: string,
  headers?: Record<string, string>,
): Promise<string> => {
  let id: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(API_PATHS.pendingProviders, headers ? { headers } : {});
        expect(response.ok(), 'listing the providers waiting for approval').toBeTruthy();
        const { users } = (await response.json()) as { users: { _id: string; email: string }[] };
        id = users.find((candidate) => candidate.email === email)?._id;
        return id;
      },
      { message: `${email} is waiting for approval`, timeout: 15_000 },
    )
    .toBeTruthy();
  return id!;
};

/** A fresh address per call, so a test that changes an account never touches another test's data. */
export const uniqueEmail = (prefix: string): string =>
  `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/**
 * Signs in through the real API and stores what a successful login stores (docs/product.md §2.3, §3): the
 * httpOnly session cookie lands in the browser context, `role` in local storage (no token:
 * the session stays out of any script's reach).
 */
export const signIn = async (page: Page, email: string, password = DEMO_PASSWORD): Promise<LoginResponse> => {
  const response = await page.request.post(API_PATHS.browserLogin, { data: { email, password } });
  expect(response.ok(), `sign-in as ${email}`).toBeTruthy();
  const body = (await response.json()) as LoginResponse;
  await page.goto('/login');
  await page.evaluate((role) => window.localStorage.setItem('role', role), body.role);
  return body;
};

/** Ends the session on the server only; the browser still believes it is signed in. */
export const endSessionOnServer = async (page: Page): Promise<void> => {
  const response = await page.request.post(API_PATHS.logout);
  expect(response.ok()).toBeTruthy();
};

/**
 * Opens the shell, lets its start-up session check (GET /api/auth/me) pass, then ends the session
 * on the server. The next screen opened from the menu meets a refused call, as after a session
 * expires while the app is open.
 */
export const openShellThenEndSession = async (page: Page): Promise<void> => {
  const sessionChecked = page.waitForResponse((response) => response.url().endsWith('/api/auth/me'));
  await page.goto('/dashboard');
  expect((await sessionChecked).ok()).toBeTruthy();
  await endSessionOnServer(page);
};

export const openFromMenu = (page: Page, label: string) =>
  page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: label }).click();

export interface RegisteredUser {
  name: string;
  email: string;
  phone: string;
  password: string;
}

/**
 * Opens the link of the newest mail to `email` whose link matches `path` (the confirmation of a
 * new account's address, by default), as its owner would.
 */
export const openMailedLink = async (
  request: APIRequestContext,
  email: string,
  path = '/api/auth/verify?',
): Promise<void> => {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`${API_PATHS.mailbox}?to=${encodeURIComponent(email)}`);
        expect(response.ok(), 'the local outbox (DEV_MAILBOX=true) answers').toBeTruthy();
        const { messages } = (await response.json()) as { messages: { text: string }[] };
        link = messages
          .map((message) => /https?:\/\/\S+/.exec(message.text)?.[0])
          .find((found) => found?.includes(path));
        return link;
      },
      { message: `a mail to ${email} with a link to ${path}`, timeout: 15_000 },
    )
    .toBeTruthy();
  const { pathname, search } = new URL(link!);
  const opened = await request.get(`${pathname}${search}`, { maxRedirects: 0 });
  expect(opened.status(), `opening the link mailed to ${email}`).toBe(303);
};

/**
 * A new user account, its address confirmed as its owner would (an unconfirmed account may not
 * book); `confirmed: false` leaves it unconfirmed.
 */
export const registerUser = async (
  request: APIRequestContext,
  prefix: string,
  { confirmed = true }: { confirmed?: boolean } = {},
): Promise<RegisteredUser> => {
  const user = {
    name: `Tess ${prefix}`,
    email: uniqueEmail(prefix),
    phone: '5125550123',
    password: DEMO_PASSWORD,
  };
  const response = await request.post(API_PATHS.registerUser, {
    data: { ...user, confirmPassword: user.password },
  });
  expect(response.ok(), `registering ${user.email}`).toBeTruthy();
  if (confirmed) await openMailedLink(request, user.email);
  return user;
};

export interface RegisteredProvider {
  businessName: string;
  email: string;
  industry: string;
}

export const registerProvider = async (
  request: APIRequestContext,
  businessName: string,
): Promise<RegisteredProvider> => {
  const provider = { businessName, email: uniqueEmail('provider'), industry: 'Office' };
  const response = await request.post(API_PATHS.registerProvider, {
    data: {
      ...provider,
      phone: '3125550147',
      address: '77 Wacker Drive, Chicago, IL 60601',
      password: DEMO_PASSWORD,
      confirmPassword: DEMO_PASSWORD,
    },
  });
  expect(response.ok(), `registering provider ${businessName}`).toBeTruthy();
  return provider;
};

/** The status a sign-in answers, without touching the page's own session. */
export const loginStatus = async (request: APIRequestContext, email: string, password: string) => {
  const response = await request.post(API_PATHS.login, { data: { email, password } });
  return response.status();
};
