import { type Page } from '@playwright/test';
import { withTestClock } from './clock';
import { signIn } from './api-sign-in';
import { adminPanel, APPOINTMENT_PATHS, expectCounts } from './appointments-helpers';
import { expect, test, uniqueName, type SplitSlots } from './booking-fixture';
import { dayKeyIn, longDateOf, openProviderService, type ProviderWithSlots } from './booking-helpers';

// Literal paths and texts: e2e files can import only types from contracts.
const PAYMENT_PATHS = {
  paymentSuccess: '/api/appointments/paymentsuccess',
  sandboxPay: '/api/payments/sandbox/pay',
} as const;

const TEXTS = {
  checkoutTitle: 'Payment Checkout',
  frameTitle: 'Payment checkout',
  paymentReceived: 'Payment received; your appointment will be confirmed shortly',
  declined:
    'Payment declined. Your appointment stays pending and unpaid, and will be cancelled if it is not paid within 15 minutes.',
  failed: 'The payment failed. Please try again.',
  scheduled: 'Appointment marked as scheduled',
} as const;

const toast = (page: Page, text: string) => page.getByRole('status').getByText(text);

const checkoutDialog = (page: Page) => page.getByRole('dialog', { name: TEXTS.checkoutTitle });

const checkoutFrame = (page: Page) =>
  checkoutDialog(page).frameLocator(`iframe[title="${TEXTS.frameTitle}"]`);

interface ListedAppointment {
  _id: string;
  status: string;
  paid: boolean;
  paymentNeeded: boolean;
  amount: number;
  serviceName: string;
}

/** The signed-in user's appointments, through the page's own session. */
const myAppointments = async (page: Page): Promise<ListedAppointment[]> => {
  const response = await page.request.post(APPOINTMENT_PATHS.list, {
    data: { filters: { status: 'all' }, role: 'user' },
  });
  expect(response.ok(), 'listing my appointments').toBeTruthy();
  return ((await response.json()) as { appointments: ListedAppointment[] }).appointments;
};

/** A provider of the test's own with a paid service ($50) and a split time slot daily from tomorrow. */
const paidHours = (name: string): SplitSlots => ({
  businessName: uniqueName(name),
  service: 'Paid Hour',
  startTime: '10:00',
  endTime: '12:00',
  parts: 4,
  days: 3,
  price: 50,
});

/** docs/product.md §4 steps 1–7 through the screens: automatic mode, Book Now, Submit; the checkout opens. */
const bookThroughUi = async (page: Page, provider: ProviderWithSlots): Promise<void> => {
  await openProviderService(page, provider);
  const automatic = page.getByRole('region', { name: 'Next available slot' });
  await expect(automatic).toContainText(longDateOf(dayKeyIn(provider.timeZone, 1)));
  await expect(automatic).toContainText('10:00 AM - 10:30 AM');
  await automatic.getByRole('button', { name: 'Book Now' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Booking' });
  await expect(confirm).toContainText('Book appointment for Paid Hour on');
  const booked = page.waitForResponse((response) => response.url().endsWith(APPOINTMENT_PATHS.book));
  await confirm.getByRole('button', { name: 'Submit' }).click();
  const response = await booked;
  expect(response.status()).toBe(201);
  const body = (await response.json()) as {
    order?: { id: string; amount: number; currency: string };
    checkout?: { gateway: string; url?: string };
  };
  expect(body.order?.amount).toBe(5000);
  // In the provider's currency, from its country (Houston, TX: US dollars).
  expect(body.order?.currency).toBe('USD');
  expect(body.checkout?.gateway).toBe('sandbox');

  // Step 6: /appointments; step 7: the checkout, over the appointments screen.
  await expect(page).toHaveURL(/\/appointments$/);
  await expect(page.getByRole('heading', { name: 'My Appointments', level: 1 })).toBeVisible();
  await expect(confirm).toBeHidden();
  const dialog = checkoutDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Pay $50.00 for Paid Hour.');
  await expect(checkoutFrame(page).getByRole('heading', { name: 'Sandbox checkout' })).toBeVisible();
  await expect(checkoutFrame(page).getByText('Paid Hour')).toBeVisible();
};

test.describe('Paid booking: checkout, live notification and confirmation (docs/product.md §2.6, §4 booking flow)', () => {
  test(
    'a user pays in the checkout; the admin hears of it live and confirms; the counts follow',
    { tag: '@any-hour' },
    async ({ page, browser, baseURL, providerWithSplitSlots }) => {
      // Two browsers and a payment job: more than the default time when the whole suite runs at once.
      test.setTimeout(60_000);
      const {
        provider,
        users: [user],
      } = await providerWithSplitSlots(paidHours('Paid Desk'), 'paid-booking');

      // The provider's admin watches the dashboard in a browser of their own.
      const adminContext = await withTestClock(await browser.newContext({ baseURL }));
      try {
        const admin = await adminContext.newPage();
        await signIn(admin, provider.email);
        // Its live connection registers before anyone books (listened for before it can happen).
        const registered = new Promise<void>((resolve) => {
          admin.on('websocket', (socket) => {
            socket.on('framesent', (frame) => {
              if (String(frame.payload).includes('"register"')) resolve();
            });
          });
        });
        await admin.goto('/dashboard');
        await expect(adminPanel(admin)).toBeVisible();
        await registered;

        // The user books the paid service and lands on /appointments with the checkout open.
        await signIn(page, user.email, user.password);
        await bookThroughUi(page, provider);
        await expectCounts(page, { Pending: 1, Scheduled: 0, Total: 1 });

        // Pay inside the checkout: the result is sent, the checkout closes, /appointments again.
        const confirmed = page.waitForResponse((response) =>
          response.url().endsWith(PAYMENT_PATHS.paymentSuccess),
        );
        const refreshed = page.waitForRequest(
          (request) => request.url().endsWith(APPOINTMENT_PATHS.stats) && request.method() === 'POST',
        );
        await checkoutFrame(page).getByRole('button', { name: 'Pay' }).click();
        const confirmation = await confirmed;
        expect(confirmation.status()).toBe(202);
        const sent = confirmation.request().postDataJSON() as Record<string, string>;
        expect(sent.orderId).toMatch(/^order_/);
        expect(sent.paymentId).toBeTruthy();
        expect(sent.signature).toBeTruthy();
        await refreshed;
        await expect(checkoutDialog(page)).toBeHidden();
        await expect(toast(page, TEXTS.paymentReceived)).toBeVisible();
        await expect(page).toHaveURL(/\/appointments$/);
        await expectCounts(page, { Pending: 1, Scheduled: 0, Total: 1 });
        // The payment is recorded shortly after (a job); the service is not automatic, so it stays pending.
        await expect
          .poll(async () => (await myAppointments(page)).map(({ status, paid }) => ({ status, paid })))
          .toEqual([{ status: 'pending', paid: true }]);

        // The admin's page, never reloaded, got the live notifications: the booking, awaiting its
        // payment, then the payment ("booked" only once paid).
        const notifications = admin.getByRole('region', { name: 'Notifications' });
        await expect(notifications).toBeVisible();
        await expect(
          notifications.getByRole('listitem').getByText(/^New appointment awaiting payment: /),
        ).toHaveText(new RegExp(`^New appointment awaiting payment: ${user.name} booked Paid Hour on `));
        await expect(notifications.getByRole('listitem').getByText(/^Paid: /)).toHaveText(
          new RegExp(`^Paid: ${user.name}'s appointment for Paid Hour on `),
        );

        // The live event also refreshes the open dashboard: the booking is there without a reload.
        const item = adminPanel(admin)
          .getByRole('list', { name: 'Appointments' })
          .getByRole('article')
          .filter({ hasText: user.email });
        await expect(item).toHaveCount(1);
        await expect(item).toContainText('Paid Hour');

        // The panel says the booking is paid, and rejecting it is asked first.
        await admin.reload();
        await expect(item.getByText('Paid', { exact: true })).toBeVisible();
        await item.getByRole('button', { name: 'Reject' }).click();
        const ask = admin.getByRole('alertdialog', { name: 'Reject a paid booking' });
        await expect(ask).toContainText('the payment is not refunded automatically');
        await ask.getByRole('button', { name: 'Keep booking' }).click();
        await expect(ask).toBeHidden();
        await expect(item.getByText('pending', { exact: true })).toBeVisible();
        await item.getByRole('button', { name: 'Confirm' }).click();
        await expect(toast(admin, TEXTS.scheduled)).toBeVisible();
        await expect(item.getByText('scheduled', { exact: true })).toBeVisible();

        // The user's counts follow.
        await page.reload();
        await expectCounts(page, { Scheduled: 1, Pending: 0, Total: 1 });
      } finally {
        await adminContext.close();
      }
    },
  );

  test(
    'a failed payment can be tried again; Decline keeps the appointment pending and unpaid, and Pay now pays it',
    { tag: '@any-hour' },
    async ({ page, providerWithSplitSlots }) => {
      test.setTimeout(60_000);
      const {
        provider,
        users: [user],
      } = await providerWithSplitSlots(paidHours('Declined Desk'), 'paid-booking');
      await signIn(page, user.email, user.password);
      await bookThroughUi(page, provider);

      // A payment the gateway refuses: the checkout stays open and says so.
      await page.route(`**${PAYMENT_PATHS.sandboxPay}`, (route) =>
        route.fulfill({ status: 500, json: { message: 'Internal server error' } }),
      );
      await checkoutFrame(page).getByRole('button', { name: 'Pay' }).click();
      await expect(checkoutDialog(page).getByRole('alert')).toHaveText(TEXTS.failed);
      await expect(checkoutFrame(page).getByRole('button', { name: 'Pay' })).toBeEnabled();
      await page.unroute(`**${PAYMENT_PATHS.sandboxPay}`);

      // Decline: the checkout closes and the user is told the appointment waits, unpaid.
      let confirmations = 0;
      page.on('request', (request) => {
        if (request.url().endsWith(PAYMENT_PATHS.paymentSuccess)) confirmations += 1;
      });
      await checkoutFrame(page).getByRole('button', { name: 'Decline' }).click();
      await expect(checkoutDialog(page)).toBeHidden();
      // It says what happened and until when the slot is held.
      await expect(
        page
          .getByRole('status')
          .getByText(
            /^Payment was not completed; your slot is held until \d{1,2}:\d{2} [AP]M \([A-Za-z_/+-]+\)\.$/,
          ),
      ).toBeVisible();
      await expect(page).toHaveURL(/\/appointments$/);
      expect(confirmations).toBe(0);

      const [appointment] = await myAppointments(page);
      expect(appointment).toMatchObject({ status: 'pending', paid: false, paymentNeeded: true, amount: 50 });
      await page.reload();
      await expectCounts(page, { Pending: 1, Scheduled: 0, Cancelled: 0, Total: 1 });
      await expect(checkoutDialog(page)).toBeHidden();

      // The list says the booking still awaits its payment, and offers to pay it now.
      await page.goto('/appointments/list');
      const card = page.getByRole('article').filter({ hasText: 'Paid Hour' });
      await expect(card.getByText('Awaiting payment', { exact: true })).toBeVisible();
      await expect(
        card.getByText(/^Awaiting payment: held until \d{1,2}:\d{2} [AP]M \([A-Za-z_/+-]+\)$/),
      ).toBeVisible();
      await card.getByRole('button', { name: 'Pay now' }).click();
      await expect(checkoutDialog(page)).toBeVisible();
      await checkoutFrame(page).getByRole('button', { name: 'Pay' }).click();
      await expect(checkoutDialog(page)).toBeHidden();
      await expect
        .poll(async () => (await myAppointments(page)).map(({ status, paid }) => ({ status, paid })))
        .toEqual([{ status: 'pending', paid: true }]);
    },
  );
});
