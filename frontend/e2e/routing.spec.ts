import { expect, test } from './clock';
import { signInByApi } from './session';

test('the root address sends a visitor to sign in under the "Appointment" heading', async ({ page }) => {
  await page.goto('/');

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Appointment', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
});

test('the other auth screens share the "Appointment" heading', async ({ page }) => {
  for (const path of ['/register', '/registration-success']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Appointment', level: 1 })).toBeVisible();
  }
});

test('an unknown address says the page is not found, inside the shell once signed in', async ({ page }) => {
  await page.goto('/no-such-screen');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');

  await signInByApi(page, 'user@example.com');
  await page.goto('/no-such-screen');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  // The shell stays: its navigation and the way back.
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a signed-out visitor to a signed-in screen goes to sign in', async ({ page }) => {
  await page.goto('/dashboard');

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
});
