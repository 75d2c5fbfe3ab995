import { expect, test } from './clock';
import { rootClass, signInAs, storedTheme } from './session';

test('the theme starts as System and follows the emulated colour scheme', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/login');

  await expect(page.getByLabel('Theme')).toHaveValue('system');
  await expect.poll(() => rootClass(page)).toBe('light');

  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => rootClass(page)).toBe('dark');

  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => rootClass(page)).toBe('light');
});

test('choosing Dark puts the dark class on the page root and survives a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/login');

  await page.getByLabel('Theme').selectOption({ label: 'Dark' });

  await expect.poll(() => rootClass(page)).toBe('dark');
  await expect.poll(() => storedTheme(page)).toBe('dark');

  await page.reload();

  await expect(page.getByLabel('Theme')).toHaveValue('dark');
  await expect.poll(() => rootClass(page)).toBe('dark');
});

test('an explicit choice wins over the system preference', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/login');
  await expect.poll(() => rootClass(page)).toBe('dark');

  await page.getByLabel('Theme').selectOption({ label: 'Light' });
  await expect.poll(() => rootClass(page)).toBe('light');
  await expect.poll(() => storedTheme(page)).toBe('light');

  await page.getByLabel('Theme').selectOption({ label: 'System' });
  await expect.poll(() => rootClass(page)).toBe('dark');
  await expect.poll(() => storedTheme(page)).toBe('system');
});

test('the top bar of the signed-in shell offers the theme choice', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await signInAs(page, 'user');
  await page.goto('/dashboard');

  const banner = page.getByRole('banner');
  await banner.getByLabel('Theme').selectOption({ label: 'Dark' });

  await expect.poll(() => rootClass(page)).toBe('dark');
  await expect.poll(() => storedTheme(page)).toBe('dark');
});
