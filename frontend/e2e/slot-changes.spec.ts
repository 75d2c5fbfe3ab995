import { expect, test } from './clock';
import { expectNextSlotOn, openScheduleOfTwoDays } from './scheduling-helpers';

/**
 * Issue 30: the admin changes one time slot and deletes another on the Schedule screen; the
 * user's booking screen follows at once.
 */
test('the admin edits one time slot and deletes another, and the booking screen follows', async ({
  page,
  request,
  browser,
}) => {
  const { provider, first, second } = await openScheduleOfTwoDays(
    page,
    request,
    'Reshaped Studio',
    'Desk Hour',
  );
  const rows = page.getByRole('row');

  // The first day's time slot goes: asked first, then gone from the list.
  await page
    .getByRole('button', { name: /^Delete the time slot of / })
    .first()
    .click();
  const asked = page.getByRole('alertdialog', { name: 'Delete this time slot?' });
  await asked.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(asked).toBeHidden();
  await expect(page.getByRole('button', { name: /^Delete the time slot of / })).toHaveCount(1);

  // The second day's becomes one hour, in one interval.
  await page.getByRole('button', { name: /^Edit the time slot of / }).click();
  const form = page.getByRole('dialog', { name: 'Edit Time Slot' });
  await form.getByLabel('End time').fill('11:00');
  await form.getByLabel('Available slots').fill('1');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form).toBeHidden();
  await expect(rows.filter({ hasText: '10:00–11:00' })).toHaveCount(1);

  await expectNextSlotOn(browser, provider, second, first);
});
