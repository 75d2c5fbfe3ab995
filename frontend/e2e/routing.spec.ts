import { expect, test } from './clock';

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

test('an unknown address shows the router fallback with the error text', async ({ page }) => {
  await page.goto('/no-such-screen');

  await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
  await expect(page.getByText('404 Not Found')).toBeVisible();
  await expect(page.getByText('No route matches URL "/no-such-screen"')).toBeVisible();
});

test('a signed-out visitor to a signed-in screen goes to sign in', async ({ page }) => {
  await page.goto('/dashboard');

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
});
