import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './clock';
import { AUTH_PATHS, DEMO_ACCOUNTS as DEMO, DEMO_PASSWORD, signInByApi, uniqueEmail } from './session';

const stored = (page: Page, key: string) =>
  page.evaluate((storageKey) => window.localStorage.getItem(storageKey), key);

const nameOf = async (request: APIRequestContext, email: string): Promise<string> => {
  const response = await request.post(AUTH_PATHS.login, { data: { email, password: DEMO_PASSWORD } });
  return ((await response.json()) as { user: { name: string } }).user.name;
};

const signInThroughForm = async (page: Page, email: string, password = DEMO_PASSWORD) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
};

test.describe('Signing in and out', () => {
  test('a wrong password is refused with the spec text', async ({ page }) => {
    await signInThroughForm(page, DEMO.user, 'not-the-password');

    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    await expect(page).toHaveURL(/\/login$/);
    expect(await stored(page, 'app_token')).toBeNull();
  });

  test('a user signs in, is greeted by name, stays signed in on reload and logs out', async ({
    page,
    request,
  }) => {
    const name = await nameOf(request, DEMO.user);
    await signInThroughForm(page, DEMO.user);

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: `Welcome back, ${name}` })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Profile menu' })).toContainText(name);
    expect(await stored(page, 'role')).toBe('user');
    // No script can read the session; it lives in the httpOnly cookie only.
    expect(await stored(page, 'app_token')).toBeNull();
    expect(await page.evaluate(() => document.cookie)).not.toContain('sid=');
    expect((await page.context().cookies()).find((cookie) => cookie.name === 'sid')).toMatchObject({
      httpOnly: true,
    });
    const counts = page.getByRole('list', { name: 'Appointment counts' });
    await expect(counts.getByRole('listitem').filter({ hasText: 'Total Appointments' })).toContainText('0');

    await page.reload();
    await expect(page.getByRole('heading', { name: `Welcome back, ${name}` })).toBeVisible();

    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    expect(await stored(page, 'role')).toBeNull();
    expect(await stored(page, 'app_token')).toBeNull();

    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('each role signs in to its own menu', async ({ page }) => {
    const menu = page.getByRole('navigation', { name: 'Main navigation' });

    await signInThroughForm(page, DEMO.admin);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(menu.getByRole('link', { name: 'Schedule' })).toBeVisible();
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);

    await signInThroughForm(page, DEMO.superadmin);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(menu.getByRole('link', { name: 'Manage Providers' })).toBeVisible();
    expect(await stored(page, 'role')).toBe('superadmin');
  });

  test('a session the server no longer knows sends the visitor back to sign in', async ({ page }) => {
    await signInByApi(page, DEMO.user);
    expect((await page.request.post(AUTH_PATHS.logout)).ok()).toBeTruthy();

    await page.goto('/dashboard');

    await expect(page).toHaveURL(/\/login$/);
    expect(await stored(page, 'role')).toBeNull();
    expect(await stored(page, 'app_token')).toBeNull();
  });
});

test.describe('Registering', () => {
  const fillUser = async (page: Page, email: string) => {
    await page.goto('/register');
    await page.getByRole('button', { name: /Register as a User/ }).click();
    await page.getByLabel('Name').fill('Ravi Menon');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone').fill('9995550111');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByLabel('Confirm Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Register' }).click();
  };

  const fillProvider = async (page: Page, email: string) => {
    await page.goto('/register');
    await page.getByRole('button', { name: /Register as a Provider/ }).click();
    await page.getByLabel('Business Name').fill('Lakeside Physio');
    await page.getByLabel('Industry').selectOption({ label: 'Healthcare' });
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone').fill('3125550199');
    await page.getByLabel('Address').fill('12 Lake Shore Drive, Chicago, IL 60611');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByLabel('Confirm Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Register' }).click();
  };

  test('a new user is told the account was created and where the e-mail went', async ({ page }) => {
    const email = uniqueEmail('ravi');
    await fillUser(page, email);

    await expect(page).toHaveURL(/\/registration-success$/);
    await expect(page.getByRole('heading', { name: 'Registration Successful!' })).toBeVisible();
    await expect(page.getByText(/account has been created/)).toContainText('verify');
    await expect(page.getByText('A confirmation e-mail has been sent to')).toContainText(email);

    await page.getByRole('button', { name: 'Proceed to Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an address already registered is told to log in', async ({ page }) => {
    await fillUser(page, DEMO.user);

    await expect(page.getByRole('alert')).toHaveText('User already exists. Please log in instead.');
    await expect(page).toHaveURL(/\/register$/);
  });

  test('a new provider hears about the review, sees the toast and is sent to sign in', async ({ page }) => {
    const email = uniqueEmail('lakeside');
    await fillProvider(page, email);

    await expect(page).toHaveURL(/\/registration-success$/);
    await expect(page.getByRole('heading', { name: 'Registration Successful!' })).toBeVisible();
    await expect(page.getByText(/review it within 24-48 hours/)).toBeVisible();
    await expect(page.getByText('A confirmation e-mail has been sent to')).toContainText(email);
    await expect(
      page.getByRole('status').filter({ hasText: 'Registration successful! Redirecting to login...' }),
    ).toBeVisible();

    await expect(page).toHaveURL(/\/login$/, { timeout: 6_000 });
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  });

  test('a provider address already registered is told to log in', async ({ page }) => {
    await fillProvider(page, DEMO.admin);

    await expect(page.getByRole('alert')).toHaveText('User already exists. Please log in instead.');
  });
});
