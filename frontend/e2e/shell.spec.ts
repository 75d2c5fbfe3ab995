import { expect, test } from './clock';
import { signInAs } from './session';

test('a user sent to /services lands on /dashboard with the user menu', async ({ page }) => {
  await signInAs(page, 'user');
  await page.goto('/services');

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome back, Guest', level: 1 })).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(menu.getByRole('link', { name: 'Book Appointment' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'My Appointments' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Services' })).toHaveCount(0);
});

test('a superadmin gets the platform menu and may open the providers screens', async ({ page }) => {
  await signInAs(page, 'superadmin');
  await page.goto('/providers');

  await expect(page).toHaveURL(/\/providers$/);
  await expect(page.getByRole('heading', { name: 'Service Providers', level: 1 })).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(menu.getByRole('link', { name: 'Service Providers' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Manage Providers' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Book Appointment' })).toHaveCount(0);
});

test('an admin sees the provider menu and the schedule breadcrumb', async ({ page }) => {
  await signInAs(page, 'admin');
  await page.goto('/scheduling/manage');

  await expect(page).toHaveURL(/\/scheduling\/manage$/);
  await expect(page.getByRole('banner').getByText('Appointment', { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Appointment logo' })).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(menu.getByRole('link', { name: 'Schedule' })).toBeVisible();
  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(breadcrumb.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  await expect(breadcrumb.getByRole('link', { name: 'Scheduling' })).toBeVisible();
  await expect(breadcrumb.getByText('Schedule Management')).toBeVisible();
});

test('the breadcrumb links every segment but the last', async ({ page }) => {
  await signInAs(page, 'superadmin');
  await page.goto('/integrations/api-keys');

  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(breadcrumb.getByRole('link', { name: 'Integrations' })).toHaveAttribute(
    'href',
    '/integrations',
  );
  await expect(breadcrumb.getByText('API Keys')).toBeVisible();
  await expect(breadcrumb.getByRole('link', { name: 'API Keys' })).toHaveCount(0);
});

test('on a small screen the side navigation is a slide-in drawer', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 720 });
  await signInAs(page, 'user');
  await page.goto('/dashboard');

  const menu = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(menu.getByRole('link', { name: 'Settings' })).toBeHidden();

  await page.getByRole('button', { name: 'Open navigation' }).click();
  await expect(menu.getByRole('link', { name: 'Settings' })).toBeVisible();

  await menu.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Settings' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open navigation' })).toBeVisible();
});
