import type { Page } from '@playwright/test';
import { expect, openAs, test, uniqueName } from './booking-fixture';

const checkoutDialog = (page: Page) => page.getByRole('dialog', { name: 'Payment Checkout' });

/**
 * Once, the service showed "$50" but the checkout said "Pay ₹50.00" / "INR 50.00". One currency
 * per provider, from its country: a provider in Spain prices in euros, and the booking screen, the
 * confirm dialog and the checkout all say the same "€50.00".
 */
test.describe('One currency per provider (issue 18)', () => {
  test('a provider in a euro country shows the same euro price from the service card to the checkout', async ({
    page,
    providerWithSplitSlots,
  }) => {
    const {
      provider,
      users: [user],
    } = await providerWithSplitSlots(
      {
        businessName: uniqueName('Clínica Madrid'),
        address: 'Calle Mayor 5, 28013 Madrid, Spain',
        service: 'Physio Session',
        startTime: '10:00',
        endTime: '12:00',
        parts: 4,
        days: 2,
        price: 50,
      },
      'euro-booking',
    );

    await openAs(page, user, provider);

    // The service card on the booking screen.
    const card = page
      .getByRole('group', { name: 'Services' })
      .getByRole('button', { name: /Physio Session/ });
    await expect(card).toContainText('€50.00');
    await expect(card).not.toContainText('$');

    // The confirm dialog.
    await page
      .getByRole('region', { name: 'Next available slot' })
      .getByRole('button', { name: 'Book Now' })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Confirm Booking' });
    await expect(confirm).toContainText('Price: €50.00');

    // The checkout: the app's summary, and the gateway's own page, in the same euros.
    await confirm.getByRole('button', { name: 'Submit' }).click();
    const checkout = checkoutDialog(page);
    await expect(checkout).toContainText('Pay €50.00 for Physio Session.');
    const gateway = checkout.frameLocator('iframe[title="Payment checkout"]');
    await expect(gateway.getByText('€50.00')).toBeVisible();
    await expect(gateway.getByText(/INR|₹|\$/)).toHaveCount(0);
  });
});
