import { signIn } from './api-sign-in';
import { expect, openAs, test, uniqueName } from './booking-fixture';
import { openProviderService } from './booking-helpers';

/**
 * The booking screen, the confirm dialog and the appointment card write times on the provider's
 * clock; a viewer whose own zone reads another clock also sees the same times on theirs. The provider here is
 * in Houston (America/Chicago) and its time slots run 10:00–12:00 there.
 */
const scene = {
  service: 'Desk Hour',
  startTime: '10:00',
  endTime: '12:00',
  parts: 4,
  days: 2,
};

test.describe('A viewer in Tokyo, booking a provider in Houston', () => {
  test.use({ timezoneId: 'Asia/Tokyo' });

  test(
    'sees the slot, the confirm dialog and the booked appointment on both clocks',
    { tag: '@any-hour' },
    async ({ page, providerWithSplitSlots }) => {
      const {
        provider,
        users: [user],
      } = await providerWithSplitSlots({ businessName: uniqueName('Two Clocks'), ...scene }, 'viewer-time');
      await openAs(page, user, provider);

      // 10:00 in Houston is 00:00 or 01:00 the next day in Tokyo (daylight saving time or not), written on
      // the 12-hour clock as the provider's times are.
      const tokyo = /^Your time \(Asia\/Tokyo\): .+, (12|1):00 AM - (12|1):30 AM$/;
      const automatic = page.getByRole('region', { name: 'Next available slot' });
      await expect(automatic).toContainText('10:00 AM - 10:30 AM');
      await expect(automatic.getByTestId('viewer-time')).toHaveText(tokyo);

      await automatic.getByRole('button', { name: 'Book Now' }).click();
      const dialog = page.getByRole('dialog', { name: 'Confirm Booking' });
      await expect(dialog.getByTestId('viewer-time')).toHaveText(tokyo);
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await expect(dialog).toBeHidden();

      await page.goto('/appointments/list');
      const card = page.getByRole('article').filter({ hasText: 'Desk Hour' });
      await expect(card).toContainText('10:00 AM - 10:30 AM');
      await expect(card.getByTestId('viewer-time')).toHaveText(tokyo);
    },
  );
});

test.describe('A viewer on the provider’s own clock', () => {
  test.use({ timezoneId: 'America/Chicago' });

  test('sees the times once', { tag: '@any-hour' }, async ({ page, providerWithSplitSlots }) => {
    const {
      provider,
      users: [user],
    } = await providerWithSplitSlots({ businessName: uniqueName('One Clock'), ...scene }, 'viewer-time-same');
    await openAs(page, user, provider);

    const automatic = page.getByRole('region', { name: 'Next available slot' });
    await expect(automatic).toContainText('10:00 AM - 10:30 AM');
    await automatic.getByRole('button', { name: 'Book Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm Booking' });
    await expect(dialog).toContainText('from 10:00 AM to 10:30 AM');
    await expect(dialog.getByTestId('viewer-time')).toHaveCount(0);
    await expect(automatic.getByTestId('viewer-time')).toHaveCount(0);
  });
});

test.describe('A viewer in Tokyo whose profile says India', () => {
  test.use({ timezoneId: 'Asia/Tokyo' });

  test('finds Asia/Kolkata on the profile by typing, and "Your time" follows it', async ({
    page,
    providerWithSplitSlots,
  }) => {
    const {
      provider,
      users: [user],
    } = await providerWithSplitSlots({ businessName: uniqueName('Profile Clock'), ...scene }, 'viewer-zone');
    await signIn(page, user.email, user.password);
    await page.goto('/profile');
    const details = page.getByRole('form', { name: 'Profile details' });
    await details.getByRole('searchbox', { name: 'Search zones' }).fill('Kolkata');
    const zones = details.getByLabel('Timezone');
    await expect(zones.getByRole('option', { name: 'Asia/Kolkata' })).toHaveCount(1);
    await zones.selectOption('Asia/Kolkata');
    await details.getByRole('button', { name: 'Save Changes' }).click();
    await expect(details.getByText('Profile updated')).toBeVisible();

    // 10:00 in Houston is 20:30 or 21:30 in India (daylight saving time in Houston or not).
    const india = /^Your time \(Asia\/Kolkata\): .+, (8|9):30 PM - (9|10):00 PM$/;
    await openProviderService(page, provider);
    const automatic = page.getByRole('region', { name: 'Next available slot' });
    await expect(automatic.getByTestId('viewer-time')).toHaveText(india);
    // The session keeps it: a new page load still writes India's clock, not the device's.
    await page.reload();
    await openProviderService(page, provider);
    await expect(
      page.getByRole('region', { name: 'Next available slot' }).getByTestId('viewer-time'),
    ).toHaveText(india);
  });
});
