import { type Page } from '@playwright/test';
import { expect, test } from './clock';
import {
  API_PATHS,
  DEMO,
  DEMO_PASSWORD,
  loginStatus,
  openFromMenu,
  openShellThenEndSession,
  registerProvider,
  pendingRegistrationId,
  signIn,
} from './api-sign-in';

// Registered at the first start of an empty store and never decided by these tests.
const SEEDED = { name: 'Harbor Fitness', email: 'harbor@example.com', industry: 'Fitness' };

const table = (page: Page) => page.getByRole('table', { name: 'Manage Providers' });
const rowOf = (page: Page, email: string) => table(page).getByRole('row').filter({ hasText: email });

test.describe('Provider approval table', () => {
  test('a superadmin sees the registrations waiting, with Accept and Reject', async ({ page }) => {
    await signIn(page, DEMO.superadmin);
    await page.goto('/providerstablelist');

    await expect(table(page).getByRole('columnheader')).toHaveText(['Name', 'Email', 'Industry', 'Actions']);
    const seeded = rowOf(page, SEEDED.email);
    await expect(seeded.getByRole('cell').nth(0)).toHaveText(SEEDED.name);
    await expect(seeded.getByRole('cell').nth(2)).toHaveText(SEEDED.industry);
    await expect(seeded.getByRole('button', { name: 'Accept' })).toBeEnabled();
    await expect(seeded.getByRole('button', { name: 'Reject' })).toBeEnabled();

    const scrollArea = page.getByRole('region', { name: 'Providers waiting for approval' });
    await expect(scrollArea).toHaveCSS('max-height', '600px');
    await expect(scrollArea).toHaveCSS('overflow-y', 'auto');
  });

  test('accepting a provider removes the row and lets its admin sign in', async ({ page, request }) => {
    const provider = await registerProvider(request, 'Lakeside Offices');
    expect(await loginStatus(request, provider.email, DEMO_PASSWORD)).toBe(403);
    await signIn(page, DEMO.superadmin);
    await page.goto('/providerstablelist');

    await rowOf(page, provider.email).getByRole('button', { name: 'Accept' }).click();

    await expect(page.getByRole('status').getByText('Provider approved successfully')).toBeVisible();
    await expect(rowOf(page, provider.email)).toHaveCount(0);
    await expect(rowOf(page, SEEDED.email)).toBeVisible();
    await expect.poll(() => loginStatus(request, provider.email, DEMO_PASSWORD)).toBe(200);

    await page.reload();
    await expect(rowOf(page, SEEDED.email)).toBeVisible();
    await expect(rowOf(page, provider.email)).toHaveCount(0);
  });

  test('rejecting a provider asks first, then removes the row and the registration', async ({
    page,
    request,
  }) => {
    const provider = await registerProvider(request, 'Riverside Desks');
    await signIn(page, DEMO.superadmin);
    await page.goto('/providerstablelist');

    // Asked first; Cancel keeps the registration.
    await rowOf(page, provider.email).getByRole('button', { name: 'Reject' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Reject Provider' });
    await expect(confirm).toHaveAccessibleDescription(
      'Reject Riverside Desks? Their registration will be deleted.',
    );
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(rowOf(page, provider.email)).toBeVisible();

    await rowOf(page, provider.email).getByRole('button', { name: 'Reject' }).click();
    await confirm.getByRole('button', { name: 'Reject' }).click();

    await expect(page.getByRole('status').getByText('User deleted successfully')).toBeVisible();
    await expect(rowOf(page, provider.email)).toHaveCount(0);
    await expect.poll(() => loginStatus(request, provider.email, DEMO_PASSWORD)).toBe(401);

    await page.reload();
    await expect(rowOf(page, SEEDED.email)).toBeVisible();
    await expect(rowOf(page, provider.email)).toHaveCount(0);
  });

  test('a failed acceptance keeps the row and says so', async ({ page, request }) => {
    const provider = await registerProvider(request, 'Hilltop Cowork');
    await signIn(page, DEMO.superadmin);
    await page.goto('/providerstablelist');
    await expect(rowOf(page, provider.email)).toBeVisible();

    // Someone else rejects it first, from another session of the same superadmin.
    const id = await pendingRegistrationId(page.request, provider.email);
    const otherLogin = await request.post(API_PATHS.login, {
      data: { email: DEMO.superadmin, password: DEMO_PASSWORD },
    });
    expect(otherLogin.ok()).toBeTruthy();
    expect((await request.post(API_PATHS.rejectProvider, { data: { id } })).ok()).toBeTruthy();

    await rowOf(page, provider.email).getByRole('button', { name: 'Accept' }).click();

    await expect(page.getByRole('main').getByRole('alert')).toHaveText(
      'Failed to accept provider. Please try again.',
    );
    await expect(rowOf(page, provider.email).getByRole('button', { name: 'Accept' })).toBeEnabled();
  });

  test('support sees the table read-only', async ({ page }) => {
    await signIn(page, DEMO.support);
    await page.goto('/providerstablelist');

    await expect(table(page).getByRole('columnheader')).toHaveText(['Name', 'Email', 'Industry']);
    await expect(rowOf(page, SEEDED.email)).toBeVisible();
    await expect(table(page).getByRole('button')).toHaveCount(0);
  });

  test('says so when the providers cannot be fetched', async ({ page }) => {
    await signIn(page, DEMO.superadmin);
    await openShellThenEndSession(page);
    await openFromMenu(page, 'Manage Providers');

    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Error fetching providers');
  });
});
