import { type Page } from '@playwright/test';
import { expect, test } from './clock';
import { DEMO, openFromMenu, openShellThenEndSession, signIn } from './api-sign-in';

const staffTable = (page: Page) => page.getByRole('table', { name: 'Staffs' });

test.describe('Staffs', () => {
  test('an admin sees the staff of their provider', async ({ page }) => {
    await signIn(page, DEMO.admin);
    await page.goto('/staffs');

    const table = staffTable(page);
    await expect(table.getByRole('columnheader')).toHaveText(['#', 'Name', 'Email', 'Phone', 'Role']);

    const admin = table.getByRole('row').filter({ hasText: DEMO.admin });
    await expect(admin.getByRole('cell')).toHaveText([
      '1',
      'Sunrise Clinic',
      DEMO.admin,
      '4912345678',
      'admin',
    ]);
    const incharge = table.getByRole('row').filter({ hasText: DEMO.incharge });
    await expect(incharge.getByRole('cell')).toHaveText([
      '2',
      'Ivan Incharge',
      DEMO.incharge,
      '4912345679',
      'incharge',
    ]);
  });

  test('an incharge sees the same list', async ({ page }) => {
    await signIn(page, DEMO.incharge);
    await page.goto('/staffs');

    await expect(staffTable(page).getByRole('row').filter({ hasText: DEMO.admin })).toBeVisible();
    await expect(staffTable(page).getByRole('row').filter({ hasText: DEMO.incharge })).toBeVisible();
  });

  test('says so when the list cannot be fetched', async ({ page }) => {
    await signIn(page, DEMO.admin);
    await openShellThenEndSession(page);
    await openFromMenu(page, 'Staffs');

    await expect(page.getByRole('main').getByRole('alert')).toHaveText(
      'Failed to fetch users. Please try again.',
    );
  });
});
