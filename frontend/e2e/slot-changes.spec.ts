import { dayKeyIn, expect, test, withTestClock } from './clock';
import { DEMO, signIn } from './api-sign-in';
import { createProviderWithSplitSlots, longDateOf, openProviderService } from './booking-helpers';

/**
 * Issue 30: the admin changes one time slot and deletes another on the Schedule screen; the
 * user's booking screen follows at once.
 */
test('the admin edits one time slot and deletes another, and the booking screen follows', async ({
  page,
  request,
  browser,
}) => {
  const provider = await createProviderWithSplitSlots(request, {
    businessName: `Reshaped Studio ${Date.now().toString(36)}`,
    service: 'Desk Hour',
    startTime: '10:00',
    endTime: '12:00',
    parts: 2,
    days: 2,
    firstDay: 3,
  });
  const first = dayKeyIn(provider.timeZone, 3);
  const second = dayKeyIn(provider.timeZone, 4);

  await signIn(page, provider.email);
  await page.goto('/scheduling/manage');
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

  const userContext = await withTestClock(await browser.newContext());
  const userPage = await userContext.newPage();
  await signIn(userPage, DEMO.user);
  await openProviderService(userPage, provider);
  const automatic = userPage.getByRole('region', { name: 'Next available slot' });
  await expect(automatic).toContainText(longDateOf(second));
  await expect(automatic).not.toContainText(longDateOf(first));
  await userContext.close();
});
