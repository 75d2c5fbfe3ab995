import { expect, test } from './clock';
import { expectNextSlotOn, openScheduleOfTwoDays } from './scheduling-helpers';

/** Issue 30: the admin takes a day off on the Schedule screen; the user's booking screen follows at once. */
test(
  'the admin takes a day off and the booking screen offers no slot that day',
  { tag: '@any-hour' },
  async ({ page, request, browser }) => {
    const {
      provider,
      first: dayOff,
      second: dayAfter,
    } = await openScheduleOfTwoDays(page, request, 'Leave Studio', 'Desk Day');
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

    await expectNextSlotOn(browser, provider, dayAfter, dayOff);
  },
);
