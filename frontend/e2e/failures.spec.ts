import { expect, test } from './clock';
import { AUTH_PATHS, DEMO_ACCOUNTS, signInAs, signInByApi, uniqueEmail } from './session';

// Failures are produced for real: the browser goes offline, or the server's own limits answer.

test('signing in while offline says "Network error occurred"', async ({ page, context }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO_ACCOUNTS.user);
  await page.getByLabel('Password').fill('password123');
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Sign In' }).click();

  await expect(page.getByRole('alert')).toHaveText('Network error occurred');
  await expect(page).toHaveURL(/\/login$/);
});

test('after too many failed sign-ins the server’s own message is shown', async ({ page }) => {
  const email = uniqueEmail('limited');
  for (let attempt = 0; attempt < 10; attempt += 1) {
    await page.request.post(AUTH_PATHS.login, { data: { email, password: 'wrong-password' } });
  }

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign In' }).click();

  await expect(page.getByRole('alert')).toHaveText(
    'Too many failed sign-in attempts. Please wait a minute and try again.',
  );
});

test('a registration that cannot reach the server says "An error occurred. Please try again."', async ({
  page,
  context,
}) => {
  await page.goto('/register');
  await page.getByRole('button', { name: /Register as a User/ }).click();
  await page.getByLabel('Name').fill('Ravi Menon');
  await page.getByLabel('Email').fill(uniqueEmail('offline'));
  await page.getByLabel('Phone').fill('9995550111');
  await page.getByLabel('Password', { exact: true }).fill('password123');
  await page.getByLabel('Confirm Password').fill('password123');
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Register' }).click();

  await expect(page.getByRole('alert')).toHaveText('An error occurred. Please try again.');
});

test('a logout the server never receives keeps the session and the menu open', async ({ page, context }) => {
  const { name } = await signInByApi(page, DEMO_ACCOUNTS.user);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: `Welcome back, ${name}` })).toBeVisible();

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();

  await expect(page.getByRole('menu', { name: 'Profile menu' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(await page.evaluate(() => window.localStorage.getItem('role'))).toBe('user');

  await context.setOffline(false);
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('the dashboard says so when the counts cannot be loaded', async ({ page, context }) => {
  await signInAs(page, 'user');
  await page.goto('/settings');
  // Settled: the session checked and the other screens fetched in the background (app/router.tsx).
  await page.waitForLoadState('networkidle');
  await context.setOffline(true);

  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Dashboard' })
    .click();

  await expect(page.getByRole('alert')).toHaveText('Failed to load data. Please try again later.');
});

test('the dashboard asks to sign in again when no role is stored', async ({ page }) => {
  await signInAs(page, 'user');
  await page.goto('/settings');
  // Settled first: the session's check would otherwise store the role again.
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => window.localStorage.removeItem('role'));

  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Dashboard' })
    .click();

  await expect(page.getByRole('alert')).toHaveText('Role is missing. Please login again.');
});
