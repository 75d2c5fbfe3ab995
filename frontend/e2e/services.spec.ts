import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './clock';
import { DEMO, openFromMenu, openShellThenEndSession, signIn } from './api-sign-in';
import { addServiceByApi, createActiveProvider, SERVICE_PATHS } from './services-helpers';

// The texts of contracts/src/messages.ts, written out (e2e files import only types from contracts).
const TEXT = {
  noServices: 'No services yet. Add your first service.',
  loadFailed: 'Failed to load services. Please try again.',
  nameRequired: 'Service name is required',
  durationMin: 'Duration must be at least 1 minute',
  priceMin: 'Price must be non-negative',
  nameTaken: 'A service with this name already exists',
  added: 'Service added successfully',
  updated: 'Service updated successfully',
  deleted: 'Service deleted successfully',
  deleteFailed: 'Failed to delete the service. Please try again.',
} as const;

const main = (page: Page) => page.getByRole('main');
const card = (page: Page, name: string) => main(page).getByRole('article', { name });
const formDialog = (page: Page, title: 'Add Service' | 'Edit Service') =>
  page.getByRole('dialog', { name: title });
const toast = (page: Page, text: string) => page.getByRole('status').getByText(text);

const fields = (dialog: Locator) => ({
  name: dialog.getByLabel('Service Name'),
  description: dialog.getByLabel('Description (optional)'),
  duration: dialog.getByLabel('Duration (minutes)'),
  price: dialog.getByLabel('Price ($)'),
  isPaymentNeeded: dialog.getByLabel('Payment needed'),
  automaticBooking: dialog.getByLabel('Confirm bookings automatically'),
});

test.describe('Services management', () => {
  test('an admin adds a service, after the form has shown its messages', async ({ page, request }) => {
    const provider = await createActiveProvider(request, 'Lakeshore Yoga');
    await signIn(page, provider.email);
    await page.goto('/services');

    await expect(main(page).getByRole('heading', { name: 'Services', level: 1 })).toBeVisible();
    await expect(main(page).getByText(TEXT.noServices)).toBeVisible();

    // The form opens with the docs/product.md §9 defaults; isPaymentNeeded follows the price and is locked.
    await main(page).getByRole('button', { name: 'Add Service' }).click();
    const dialog = formDialog(page, 'Add Service');
    const form = fields(dialog);
    await expect(form.name).toHaveValue('');
    await expect(form.duration).toHaveValue('30');
    await expect(form.price).toHaveValue('0');
    await expect(form.price).toHaveAttribute('step', '0.01');
    await expect(form.isPaymentNeeded).not.toBeChecked();
    await expect(form.isPaymentNeeded).toBeDisabled();
    await expect(form.automaticBooking).not.toBeChecked();

    // docs/product.md §5 messages under the fields.
    await form.duration.fill('0');
    await form.price.fill('-5');
    await dialog.getByRole('button', { name: 'Add Service' }).click();
    await expect(dialog.getByText(TEXT.nameRequired)).toBeVisible();
    await expect(dialog.getByText(TEXT.durationMin)).toBeVisible();
    await expect(dialog.getByText(TEXT.priceMin)).toBeVisible();
    await expect(form.name).toHaveAttribute('aria-invalid', 'true');
    await expect(form.isPaymentNeeded).not.toBeChecked();

    // Each message goes away once its field is right; a price above 0 ticks isPaymentNeeded.
    await form.name.fill('Vinyasa Flow');
    await expect(dialog.getByText(TEXT.nameRequired)).toHaveCount(0);
    await form.description.fill('A 45-minute flowing class for all levels.');
    await form.duration.fill('45');
    await expect(dialog.getByText(TEXT.durationMin)).toHaveCount(0);
    await form.price.fill('80.5');
    await expect(dialog.getByText(TEXT.priceMin)).toHaveCount(0);
    await expect(form.isPaymentNeeded).toBeChecked();
    await expect(form.isPaymentNeeded).toBeDisabled();
    await form.automaticBooking.check();
    await dialog.getByRole('button', { name: 'Add Service' }).click();

    await expect(toast(page, TEXT.added)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(main(page).getByText(TEXT.noServices)).toHaveCount(0);
    const added = card(page, 'Vinyasa Flow');
    await expect(added).toContainText('A 45-minute flowing class for all levels.');
    await expect(added).toContainText('45 minutes');
    await expect(added).toContainText('$80.50');
    await expect(added).toContainText('Payment required');
    await expect(added).toContainText('Bookings confirmed automatically');

    // The server keeps it, with isPaymentNeeded computed from the price.
    await page.reload();
    await expect(card(page, 'Vinyasa Flow')).toContainText('Payment required');
  });

  test('an admin edits a service; a price of 0 unticks isPaymentNeeded', async ({ page, request }) => {
    const provider = await createActiveProvider(request, 'Riverside Barre');
    await signIn(page, provider.email);
    await addServiceByApi(page, {
      name: 'Barre Basics',
      description: 'An hour at the barre.',
      duration: 60,
      price: 35,
      automaticBooking: true,
    });
    await page.goto('/services');

    await card(page, 'Barre Basics').getByRole('button', { name: 'Edit' }).click();
    const dialog = formDialog(page, 'Edit Service');
    const form = fields(dialog);
    await expect(form.name).toHaveValue('Barre Basics');
    await expect(form.description).toHaveValue('An hour at the barre.');
    await expect(form.duration).toHaveValue('60');
    await expect(form.price).toHaveValue('35');
    await expect(form.isPaymentNeeded).toBeChecked();
    await expect(form.automaticBooking).toBeChecked();

    await form.price.fill('0');
    await expect(form.isPaymentNeeded).not.toBeChecked();
    await expect(form.isPaymentNeeded).toBeDisabled();
    await form.name.fill('Community Barre');
    await form.automaticBooking.uncheck();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();

    await expect(toast(page, TEXT.updated)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(card(page, 'Barre Basics')).toHaveCount(0);
    const edited = card(page, 'Community Barre');
    await expect(edited).toContainText('$0.00');
    await expect(edited).toContainText('Free');
    await expect(edited).toContainText('Bookings confirmed by the provider');
    await expect(edited).not.toContainText('Payment required');

    await page.reload();
    await expect(card(page, 'Community Barre')).toContainText('Free');
  });

  test('an admin deletes a service after confirming', async ({ page, request }) => {
    const provider = await createActiveProvider(request, 'Eastside Boxing');
    await signIn(page, provider.email);
    await addServiceByApi(page, { name: 'Bag Work', duration: 30, price: 15, automaticBooking: false });
    await page.goto('/services');

    // Delete asks first; Cancel keeps the card.
    await card(page, 'Bag Work').getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Service' });
    await expect(confirm).toContainText('Bag Work');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(card(page, 'Bag Work')).toBeVisible();

    await card(page, 'Bag Work').getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, TEXT.deleted)).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(card(page, 'Bag Work')).toHaveCount(0);
    await expect(main(page).getByText(TEXT.noServices)).toBeVisible();

    await page.reload();
    await expect(main(page).getByText(TEXT.noServices)).toBeVisible();
  });

  test('a second service with the same name is refused with the server reason', async ({ page, request }) => {
    const provider = await createActiveProvider(request, 'Northside Pilates');
    await signIn(page, provider.email);
    await page.goto('/services');
    await expect(main(page).getByText(TEXT.noServices)).toBeVisible();

    await main(page).getByRole('button', { name: 'Add Service' }).click();
    const dialog = formDialog(page, 'Add Service');
    await fields(dialog).name.fill('Reformer Class');
    await dialog.getByRole('button', { name: 'Add Service' }).click();
    await expect(toast(page, TEXT.added)).toBeVisible();
    await expect(card(page, 'Reformer Class')).toContainText('Free');

    await main(page).getByRole('button', { name: 'Add Service' }).click();
    await fields(dialog).name.fill('reformer class');
    await dialog.getByRole('button', { name: 'Add Service' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(TEXT.nameTaken);
    await expect(dialog).toBeVisible();

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(main(page).getByRole('article')).toHaveCount(1);
  });

  test('shows the server field errors and a failed delete', async ({ page, request }) => {
    const provider = await createActiveProvider(request, 'Westloop Spin');
    await signIn(page, provider.email);
    await addServiceByApi(page, { name: 'Spin Class', duration: 50, price: 20, automaticBooking: false });
    await page.goto('/services');

    // A 400 names its fields as the edit call nests them (data.name); the message sits under the field.
    await page.route(`**${SERVICE_PATHS.edit}`, (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          message: 'Service name is too long',
          errors: [{ field: 'data.name', message: 'Service name is too long' }],
        }),
      }),
    );
    await card(page, 'Spin Class').getByRole('button', { name: 'Edit' }).click();
    const dialog = formDialog(page, 'Edit Service');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog.getByText('Service name is too long')).toHaveCount(1);
    await expect(fields(dialog).name).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await fields(dialog).name.fill('Spin Class Plus');
    await expect(dialog.getByText('Service name is too long')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    await page.route(`**${SERVICE_PATHS.delete}`, (route) => route.abort());
    await card(page, 'Spin Class').getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Service' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm.getByRole('alert')).toHaveText(TEXT.deleteFailed);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(card(page, 'Spin Class')).toContainText('$20.00');
  });

  test("the admin changes the provider's currency and every price follows (issue 18)", async ({
    page,
    request,
  }) => {
    const provider = await createActiveProvider(request, 'Loop Pilates');
    await signIn(page, provider.email);
    await addServiceByApi(page, { name: 'Reformer', duration: 50, price: 20, automaticBooking: false });
    await page.goto('/services');

    // A provider in Chicago starts in US dollars.
    const currency = main(page).getByRole('form', { name: 'Currency' });
    await expect(currency.getByLabel('Currency')).toHaveValue('USD');
    await expect(card(page, 'Reformer')).toContainText('$20.00');

    await currency.getByLabel('Currency').selectOption('EUR');
    await currency.getByRole('button', { name: 'Save currency' }).click();
    await expect(toast(page, 'Currency saved')).toBeVisible();
    await expect(card(page, 'Reformer')).toContainText('€20.00');
    await main(page).getByRole('button', { name: 'Add Service' }).click();
    await expect(formDialog(page, 'Add Service').getByLabel('Price (€)')).toHaveValue('0');
    await formDialog(page, 'Add Service').getByRole('button', { name: 'Cancel' }).click();

    // The server keeps it.
    await page.reload();
    await expect(main(page).getByRole('form', { name: 'Currency' }).getByLabel('Currency')).toHaveValue(
      'EUR',
    );
    await expect(card(page, 'Reformer')).toContainText('€20.00');
  });

  test('the admin sets the booking policy in Policies, after the form has shown its message (issue 29)', async ({
    page,
    request,
  }) => {
    const provider = await createActiveProvider(request, 'Harbour Physio');
    await signIn(page, provider.email);
    await page.goto('/services');

    const policies = main(page).getByRole('form', { name: 'Policies' });
    const cancelBy = policies.getByLabel('Cancel up to (hours before the start)');
    // The default until the admin sets one: 24 h, 24 h, no fee, no no-show charge, 2 reschedules.
    await expect(cancelBy).toHaveValue('24');
    await expect(policies.getByLabel('Reschedule up to (hours before the start)')).toHaveValue('24');
    await expect(policies.getByLabel('Late cancellation fee')).toHaveValue('none');
    await expect(policies.getByLabel('Charge a no-show (the payment is kept)')).not.toBeChecked();
    await expect(policies.getByLabel('Reschedules allowed per booking')).toHaveValue('2');

    await cancelBy.fill('800');
    await policies.getByRole('button', { name: 'Save policy' }).click();
    await expect(policies.getByRole('alert')).toHaveText('Enter a whole number of hours from 0 to 720');

    await cancelBy.fill('48');
    await expect(policies.getByRole('alert')).toHaveCount(0);
    await policies.getByLabel('Late cancellation fee').selectOption('percent');
    await policies.getByLabel('Fee (% of the price)').fill('50');
    await policies.getByLabel('Charge a no-show (the payment is kept)').check();
    await policies.getByLabel('Reschedules allowed per booking').fill('1');
    await policies.getByRole('button', { name: 'Save policy' }).click();
    await expect(toast(page, 'Booking policy saved')).toBeVisible();

    // Read again from the server: the policy in force.
    await page.reload();
    await expect(cancelBy).toHaveValue('48');
    await expect(policies.getByLabel('Fee (% of the price)')).toHaveValue('50');
    await expect(policies.getByLabel('Charge a no-show (the payment is kept)')).toBeChecked();
    await expect(policies.getByLabel('Reschedules allowed per booking')).toHaveValue('1');
  });

  test('an incharge sees the services read-only', async ({ page }) => {
    await signIn(page, DEMO.incharge);
    await page.goto('/services');

    const consultation = card(page, 'General Consultation');
    await expect(consultation).toContainText('30 minutes');
    // The demo clinic is in Kerala, India: rupees, which the incharge is told.
    await expect(consultation).toContainText('₹50.00');
    await expect(consultation).toContainText('Payment required');
    const followUp = card(page, 'Follow-up Visit');
    await expect(followUp).toContainText('15 minutes');
    await expect(followUp).toContainText('₹0.00');
    await expect(followUp).toContainText('Free');
    await expect(followUp).toContainText('Bookings confirmed automatically');

    await expect(main(page).getByText('Prices are in INR (₹).')).toBeVisible();
    await expect(main(page).getByRole('form', { name: 'Currency' })).toHaveCount(0);
    // The booking policy, told in a sentence; only the admin changes it.
    await expect(main(page).getByRole('form', { name: 'Policies' })).toHaveCount(0);
    await expect(main(page).getByRole('region', { name: 'Policies' })).toContainText(
      'Cancel up to 24 h and reschedule up to 24 h before the start; at most 2 reschedules per booking.',
    );
    await expect(main(page).getByRole('button', { name: 'Add Service' })).toHaveCount(0);
    await expect(main(page).getByRole('button', { name: /^(Edit|Delete)/ })).toHaveCount(0);
  });

  test('says so when the services cannot be loaded', async ({ page }) => {
    await signIn(page, DEMO.admin);
    await openShellThenEndSession(page);
    await openFromMenu(page, 'Services');

    await expect(main(page).getByRole('alert')).toContainText(TEXT.loadFailed);
  });
});
