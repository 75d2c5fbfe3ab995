import type { Page } from '@playwright/test';

/**
 * Signs in as the demo account of a role. A stored role alone no longer counts as signed in:
 * the web app holds no token, so it asks the server, which needs the session cookie.
 */
export const signInAs = async (page: Page, role: keyof typeof DEMO_ACCOUNTS): Promise<void> => {
  await signInByApi(page, DEMO_ACCOUNTS[role]);
};

export const rootClass = (page: Page): Promise<string> =>
  page.evaluate(() => document.documentElement.className);

export const storedTheme = (page: Page): Promise<string | null> =>
  page.evaluate(() => window.localStorage.getItem('theme'));

/** The demo accounts created at first start; the same password for all. */
export const DEMO_ACCOUNTS = {
  user: 'user@example.com',
  admin: 'admin@example.com',
  incharge: 'incharge@example.com',
  superadmin: 'superadmin@example.com',
  support: 'support@example.com',
} as const;
export const DEMO_PASSWORD = 'password123';

// Literal paths: the contracts package is CommonJS TypeScript, which Playwright's ESM loader
// cannot import by name.
export const AUTH_PATHS = { login: '/api/auth/login', logout: '/api/auth/logout' } as const;

export const uniqueEmail = (prefix: string): string =>
  `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** Signs in through the API and stores what a successful login stores, as the form would. */
export const signInByApi = async (page: Page, email: string): Promise<{ name: string; role: string }> => {
  const response = await page.request.post(AUTH_PATHS.login, { data: { email, password: DEMO_PASSWORD } });
  if (!response.ok()) throw new Error(`sign-in as ${email} answered ${response.status()}`);
  const body = (await response.json()) as { role: string; user: { name: string } };
  await page.goto('/login');
  await page.evaluate((role) => window.localStorage.setItem('role', role), body.role);
  return { name: body.user.name, role: body.role };
};
