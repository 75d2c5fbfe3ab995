import { expect, test } from './clock';
import type { Page } from '@playwright/test';
import { signInAs, signInByApi } from './session';

/** From /providers, Sunrise Clinic's card's Manage Provider: its detail page. */
const openSunriseDetail = async (page: Page) => {
  await page.goto('/providers');
  await page
    .getByRole('main')
    .getByRole('article', { name: 'Sunrise Clinic' })
    .getByRole('link', { name: 'Manage Provider' })
    .click();
};

test('a user sent to /services lands on /dashboard with the user menu', async ({ page }) => {
  await signInAs(page, 'user');
  await page.goto('/services');

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome back, Asha User', level: 1 })).toBeVisible();
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
  // Home is the dashboard; "Scheduling" has no screen of its own, so it is text.
  await expect(breadcrumb.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/dashboard');
  await expect(breadcrumb.getByText('Scheduling', { exact: true })).toBeVisible();
  await expect(breadcrumb.getByRole('link', { name: 'Scheduling' })).toHaveCount(0);
  await expect(breadcrumb.getByText('Schedule Management')).toBeVisible();
  await breadcrumb.getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the breadcrumb links the segments that have a screen, and names records, never ids', async ({
  page,
}) => {
  await signInAs(page, 'superadmin');
  await page.goto('/integrations/api-keys');

  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(breadcrumb.getByText('Integrations', { exact: true })).toBeVisible();
  await expect(breadcrumb.getByRole('link', { name: 'Integrations' })).toHaveCount(0);
  await expect(breadcrumb.getByText('API Keys')).toBeVisible();
  await expect(breadcrumb.getByRole('link', { name: 'API Keys' })).toHaveCount(0);

  await page.goto('/providerstablelist');
  await expect(breadcrumb.getByText('Manage Providers', { exact: true })).toBeVisible();

  await openSunriseDetail(page);
  await expect(page).toHaveURL(/\/providers\/[0-9a-f-]{36}$/);
  await expect(breadcrumb.getByRole('link', { name: 'Service Providers' })).toHaveAttribute(
    'href',
    '/providers',
  );
  await expect(breadcrumb.locator('[aria-current="page"]')).toHaveText('Sunrise Clinic');
});

test('a signed-in visit to /, /login or /register goes to the dashboard', async ({ page }) => {
  await signInByApi(page, 'user@example.com');
  for (const path of ['/', '/login', '/register']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/dashboard$/);
  }
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

test('on a phone the title is whole and the chat button leaves the last line of a page readable', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 720 });
  await signInByApi(page, 'superadmin@example.com');
  await page.goto('/dashboard');
  const title = page.getByRole('banner').getByText('Appointment', { exact: true });
  await expect(title).toBeVisible();
  // Whole (it was once cut to "Appoint…"), and clear of the theme choice beside it.
  expect(await title.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  const titleBox = (await title.boundingBox())!;
  const themeBox = (await page.getByRole('banner').getByLabel('Theme').boundingBox())!;
  expect(titleBox.x + titleBox.width).toBeLessThanOrEqual(themeBox.x);

  await openSunriseDetail(page);
  await expect(page.getByRole('heading', { name: 'Sunrise Clinic' })).toBeVisible();
  // Its daily 09:00–12:00 slots make every day open, the weekend too (no "Closed").
  const hours = page.getByRole('region', { name: 'Opening hours' });
  await expect(hours.getByRole('definition')).toHaveText(Array(7).fill('09:00 – 12:00'));
  // Scrolled to the end, whichever element scrolls.
  await page.evaluate(() => {
    for (const element of [document.scrollingElement, ...document.querySelectorAll('main, main *')])
      if (element && element.scrollHeight > element.clientHeight) element.scrollTop = element.scrollHeight;
  });
  const chat = await page.getByRole('button', { name: 'Open chat support' }).boundingBox();
  const lastLine = await page.getByRole('main').evaluate((main) => {
    const boxes = [...main.querySelectorAll('p, li, dd, dt, h2, h3')].map((element) =>
      element.getBoundingClientRect(),
    );
    return Math.max(...boxes.map((box) => box.bottom));
  });
  expect(lastLine).toBeLessThanOrEqual(chat!.y);
});

test('support opens every screen of its menu without an error, the dashboard with the platform counts', async ({
  page,
}) => {
  await signInByApi(page, 'support@example.com');
  await page.goto('/dashboard');
  const menu = page.getByRole('navigation', { name: 'Main navigation' });
  // The menu is drawn once the session is known: read its links then, not before.
  await expect(menu.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  const paths = await menu
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(paths).toContain('/dashboard');
  for (const path of paths) {
    await page.goto(path!);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
    // The dashboard once asked for counts support could not read.
    await expect(page.getByText(/Failed to load|permission/i)).toHaveCount(0);
  }
  await page.goto('/dashboard');
  await expect(
    page
      .getByRole('list', { name: 'Appointment counts' })
      .getByRole('listitem')
      .filter({ hasText: 'Total Appointments' }),
  ).toBeVisible();
});
