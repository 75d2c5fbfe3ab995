import { type Page } from '@playwright/test';
import { expect, test } from './clock';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, uniqueEmail } from './session';

/**
 * Two journeys entirely through the screens a person uses: a provider from registration to its admin's
 * menu, and a user kept out of a provider's screen.
 */

const signInThroughForm = async (page: Page, email: string) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
};

const signOut = async (page: Page) => {
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
};

test('a provider registers, the superadmin accepts it, and its admin signs in to the admin menu', async ({
  page,
}) => {
  const email = uniqueEmail('riverside');
  await page.goto('/register');
  await page.getByRole('button', { name: /Register as a Provider/ }).click();
  await page.getByLabel('Business Name').fill('Riverside Dental');
  await page.getByLabel('Industry').selectOption({ label: 'Healthcare' });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('3125550142');
  await page.getByLabel('Address').fill('8 River Road, Houston, TX 77002');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByLabel('Confirm Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('heading', { name: 'Registration Successful!' })).toBeVisible();

  await signInThroughForm(page, DEMO_ACCOUNTS.superadmin);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Manage Providers' })
    .click();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Riverside Dental');
  await row.getByRole('button', { name: 'Accept' }).click();
  await expect(row).toHaveCount(0);
  await signOut(page);

  await signInThroughForm(page, email);
  const menu = page.getByRole('navigation', { name: 'Main navigation' });
  for (const entry of ['Dashboard', 'Services', 'Staffs', 'Appointments', 'Schedule']) {
    await expect(menu.getByRole('link', { name: entry, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Book Appointment' })).toHaveCount(0);
});

test('a user who opens /services lands on /dashboard, and the API refuses the provider call with 403', async ({
  page,
}) => {
  await signInThroughForm(page, DEMO_ACCOUNTS.user);
  await page.goto('/services');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/staffs');
  await expect(page).toHaveURL(/\/dashboard$/);

  // The same session (the browser's cookie), asking the server directly for what the provider screens show.
  const refused = await page.request.get('/api/profile/getalluser');
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toEqual({ message: 'You do not have permission to do this' });
});
