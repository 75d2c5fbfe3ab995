import type { Page } from '@playwright/test';

/** Stores a role the way a successful login does (SPEC §2.3), on the app's own origin. */
export const signInAs = async (page: Page, role: string): Promise<void> => {
  await page.goto('/login');
  await page.evaluate((value) => window.localStorage.setItem('role', value), role);
};

export const rootClass = (page: Page): Promise<string> =>
  page.evaluate(() => document.documentElement.className);

export const storedTheme = (page: Page): Promise<string | null> =>
  page.evaluate(() => window.localStorage.getItem('theme'));
