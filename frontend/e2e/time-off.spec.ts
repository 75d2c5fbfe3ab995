import { dayKeyIn, expect, test, withTestClock } from './clock';
import { DEMO, signIn } from './api-sign-in';
import { createProviderWithSplitSlots, longDateOf, openProviderService } from './booking-helpers';

/** Issue 30: the admin takes a day off on the Schedule screen; the user's booking screen follows at once. */
test(
  'the admin takes a day off and the booking screen offers no slot that day',
  { tag: '@any-hour' },
  async ({ page, request, browser }) => {
    const provider = await createProviderWithSplitSlots(request, {
      businessName: `Leave Studio ${Date.now().toString(36)}`,
      service: 'Desk Day',
      startTime: '10:00',
      endTime: '12:00',
      parts: 2,
      days: 2,
      firstDay: 3,
    });
    const dayOff = dayKeyIn(provider.timeZone, 3);
    const dayAfter = dayKeyIn(provider.timeZone, 4);

    await signIn(page, provider.email);
    await page.goto('/scheduling/manage');
    const section = page.getByRole('region', { name: 'Time off' });
    await expect(section.getByRole('table', { name: 'Time off' })).toContainText('No time off planned.');
    const form = section.getByRole('form', { name: 'Add time off' });
    await form.getByRole('button', { name: 'Add time off' }).click();
    await expect(form.getByText(/Enter the first day/)).toBeVisible();
    await form.getByLabel('From (date)').fill(dayOff);
    await form.getByLabel('Reason').fill('Holiday');
    await form.getByRole('button', { name: 'Add time off' }).click();
    await expect(section.getByRole('status', { name: 'Time off' })).toHaveText(
      'No booking is inside this time off.',
    );
    const row = section
      .getByRole('table', { name: 'Time off' })
      .getByRole('row')
      .filter({ hasText: 'Holiday' });
    await expect(row).toContainText('whole day');

    const userContext = await withTestClock(await browser.newContext());
    const userPage = await userContext.newPage();
    await signIn(userPage, DEMO.user);
    await openProviderService(userPage, provider);
    const automatic = userPage.getByRole('region', { name: 'Next available slot' });
    await expect(automatic).toContainText(longDateOf(dayAfter));
    await expect(automatic).not.toContainText(longDateOf(dayOff));
    await userContext.close();
  },
);
