import { expect, type Page } from '@playwright/test';
import type { Appointment } from '@appointment/contracts/appointments';
import { test } from './clock';
import { APPOINTMENT_PATHS, createProviderWithBookings } from './appointments-helpers';
import { signInByApi } from './session';

// Literal paths and texts: e2e files can import only types from contracts.
const API_KEYS_PATH = '/api/integrations/apikeys';
const TEXTS = {
  copied: 'API key copied to clipboard',
  revoked: 'This API key is unknown or has been revoked',
  outOfScope: 'This API key does not have the scope this call needs',
  loadFailed: 'An error occurred while loading this integration. Please try refreshing the page.',
} as const;

const toast = (page: Page, text: string) => page.getByRole('status').getByText(text);
const keysTable = (page: Page) => page.getByRole('table', { name: 'API Keys' });

test.describe('API keys (issue 10)', () => {
  test("the admin creates a key, copies it, and the key lists that provider's appointments from outside the browser", async ({
    page,
    context,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const outside = await playwright.request.newContext({ baseURL });
    const fixture = await createProviderWithBookings(outside, 'Keys');
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);

    await signInByApi(page, fixture.adminEmail);
    await page.goto('/dashboard');
    const menu = page.getByRole('navigation', { name: 'Main navigation' });
    const integrations = menu.getByRole('list', { name: 'Integrations' });
    for (const screen of ['API Keys', 'Webhooks', 'Connected Apps', 'Integration Settings'])
      await expect(integrations.getByRole('link', { name: screen })).toBeVisible();
    await integrations.getByRole('link', { name: 'API Keys' }).click();
    await expect(page).toHaveURL(/\/integrations\/api-keys$/);
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByText('API Keys')).toBeVisible();
    await expect(keysTable(page)).toContainText('No API keys yet');

    await page.getByRole('button', { name: 'Generate New Key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Generate New Key' });
    await dialog.getByRole('button', { name: 'Generate Key' }).click();
    await expect(dialog.getByText('Key name is required')).toBeVisible();
    await expect(dialog.getByText('Choose at least one scope')).toBeVisible();
    await dialog.getByLabel('Key name').fill('CRM sync');
    await dialog.getByRole('checkbox', { name: /appointments:read/ }).check();
    await dialog.getByRole('button', { name: 'Generate Key' }).click();

    const shown = dialog.getByRole('status', { name: 'New API key' });
    await expect(shown).toHaveText(/^apt_[A-Za-z0-9_-]{43}$/);
    const key = (await shown.textContent())!;
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await expect(toast(page, TEXTS.copied)).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    // Shown for 2 seconds, then gone.
    await expect(toast(page, TEXTS.copied)).toHaveCount(0, { timeout: 5_000 });
    await dialog.getByRole('button', { name: 'Done' }).click();

    // The list masks it: prefix…last 4, never the whole key.
    const row = keysTable(page).getByRole('row', { name: /CRM sync/ });
    await expect(row).toContainText(`${key.slice(0, 8)}…${key.slice(-4)}`);
    await expect(row).toContainText('appointments:read');
    await expect(row).toContainText('Never');
    await expect(page.getByText(key)).toHaveCount(0);

    // From outside the browser (no cookie): the key lists this provider's appointments, and only within its scope.
    const asKey = { Authorization: `Bearer ${key}` };
    const listed = await outside.post(APPOINTMENT_PATHS.list, { headers: asKey, data: { filters: {} } });
    expect(listed.status()).toBe(200);
    const { appointments } = (await listed.json()) as { appointments: Appointment[] };
    expect(appointments.map((a) => a._id).sort()).toEqual(fixture.appointments.map((a) => a._id).sort());
    const write = await outside.post(APPOINTMENT_PATHS.updateStatus, {
      headers: asKey,
      data: { appointmentId: fixture.appointments[0]!._id, status: 'scheduled' },
    });
    expect([write.status(), (await write.json()).message]).toEqual([403, TEXTS.outOfScope]);

    await page.reload();
    await expect(row).not.toContainText('Never');

    // Delete asks first, then the key stops working at once.
    await row.getByRole('button', { name: 'Delete CRM sync' }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete API key' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(keysTable(page).getByRole('row', { name: /CRM sync/ })).toHaveCount(0);
    const after = await outside.post(APPOINTMENT_PATHS.list, { headers: asKey, data: { filters: {} } });
    expect([after.status(), (await after.json()).message]).toEqual([401, TEXTS.revoked]);
    await outside.dispose();
  });

  test('a failing list shows the integration error screen with Refresh Page', async ({ page }) => {
    await signInByApi(page, 'admin@example.com');
    await page.route(`**${API_KEYS_PATH}`, (route) =>
      route.fulfill({ status: 500, json: { message: 'down' } }),
    );
    await page.goto('/integrations/api-keys');
    await expect(page.getByRole('alert')).toContainText(TEXTS.loadFailed);
    await page.unroute(`**${API_KEYS_PATH}`);
    await page.getByRole('button', { name: 'Refresh Page' }).click();
    await expect(keysTable(page)).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test("support reads every provider's keys but may neither generate nor delete", async ({ page }) => {
    await signInByApi(page, 'support@example.com');
    await page.goto('/dashboard');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'API Keys' })
      .click();
    await expect(page).toHaveURL(/\/integrations\/api-keys$/);
    await expect(keysTable(page).getByRole('columnheader', { name: 'Provider' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Generate New Key' })).toHaveCount(0);
    await expect(keysTable(page).getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
  });
});
