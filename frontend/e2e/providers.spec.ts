import { type Page } from '@playwright/test';
import { expect, test } from './clock';
import { DEMO, signIn, uniqueEmail } from './api-sign-in';
import { TINY_PNG, addProviderByApi, uniqueName } from './providers-helpers';

const providerCard = (page: Page, name: string) => page.getByRole('article', { name, exact: true });
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search' });
const industryFilter = (page: Page) => page.getByRole('combobox', { name: 'Industry' });
const addDialog = (page: Page) => page.getByRole('dialog', { name: 'Add Provider' });

/** Fills the required fields of the open Add Provider form with one service. */
const fillRequired = async (page: Page, name: string) => {
  const dialog = addDialog(page);
  await dialog.getByLabel('Provider name').fill(name);
  await dialog.getByLabel('Email').fill(uniqueEmail('refused'));
  await dialog.getByLabel('Phone').fill('3125550177');
  await dialog.getByLabel('Industry').selectOption('Office');
  await dialog.getByLabel('Address').fill('1 Wacker Drive, Chicago, IL 60601');
  await dialog.getByRole('button', { name: 'Add service' }).click();
  await dialog.getByRole('group', { name: 'Service 1' }).getByLabel('Service name').fill('Desk Day Pass');
};

test.describe('Service Providers', () => {
  test('a superadmin sees every provider as a card with its status', async ({ page }) => {
    await signIn(page, DEMO.superadmin);
    await page.goto('/providers');

    await expect(page.getByRole('heading', { level: 1, name: 'Service Providers' })).toBeVisible();
    const sunrise = providerCard(page, 'Sunrise Clinic');
    await expect(sunrise).toContainText('Healthcare');
    await expect(sunrise).toContainText('12 Stadium Road, Palakkad, Kerala 678001');
    await expect(sunrise.getByText('Active', { exact: true })).toBeVisible();
    await expect(sunrise.getByRole('link', { name: 'Manage Provider' })).toBeVisible();

    const harbor = providerCard(page, 'Harbor Fitness');
    await expect(harbor).toContainText('Fitness');
    await expect(harbor.getByText('Pending', { exact: true })).toBeVisible();

    for (const name of ['Peak Performance Gym', 'Thrissur Dental Care', 'Downtown Cowork Hub']) {
      await expect(providerCard(page, name)).toBeVisible();
    }
  });

  test('the search matches part of a name or of an e-mail address', async ({ page }) => {
    await signIn(page, DEMO.superadmin);
    await page.goto('/providers');
    await expect(providerCard(page, 'Sunrise Clinic')).toBeVisible();

    await searchBox(page).fill('HARBOR@exam');
    await expect(providerCard(page, 'Harbor Fitness')).toBeVisible();
    await expect(providerCard(page, 'Sunrise Clinic')).toHaveCount(0);

    await searchBox(page).fill('performance g');
    await expect(providerCard(page, 'Peak Performance Gym')).toBeVisible();
    await expect(providerCard(page, 'Harbor Fitness')).toHaveCount(0);

    await searchBox(page).fill('no provider is called this');
    await expect(page.getByText('No providers match your filters.')).toBeVisible();

    await searchBox(page).fill('');
    await expect(providerCard(page, 'Sunrise Clinic')).toBeVisible();
  });

  test('the industry filter shows one industry or all of them', async ({ page }) => {
    await signIn(page, DEMO.superadmin);
    await page.goto('/providers');

    await expect(industryFilter(page).getByRole('option')).toHaveText([
      'All Industries',
      'Healthcare',
      'Fitness',
      'Office',
      'Other',
    ]);

    await industryFilter(page).selectOption('Office');
    await expect(providerCard(page, 'Downtown Cowork Hub')).toBeVisible();
    await expect(providerCard(page, 'Sunrise Clinic')).toHaveCount(0);
    await expect(providerCard(page, 'Peak Performance Gym')).toHaveCount(0);

    await industryFilter(page).selectOption('Healthcare');
    await expect(providerCard(page, 'Sunrise Clinic')).toBeVisible();
    await expect(providerCard(page, 'Thrissur Dental Care')).toBeVisible();
    await expect(providerCard(page, 'Downtown Cowork Hub')).toHaveCount(0);

    await industryFilter(page).selectOption('All Industries');
    await expect(providerCard(page, 'Downtown Cowork Hub')).toBeVisible();
    await expect(providerCard(page, 'Harbor Fitness')).toBeVisible();
  });

  test('support sees the providers but cannot add one', async ({ page }) => {
    await signIn(page, DEMO.support);
    await page.goto('/providers');

    await expect(providerCard(page, 'Sunrise Clinic')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Provider' })).toHaveCount(0);
  });

  test('Cancel closes the Add Provider form without adding anything', async ({ page }) => {
    await signIn(page, DEMO.superadmin);
    await page.goto('/providers');

    await page.getByRole('button', { name: 'Add Provider' }).click();
    const dialog = addDialog(page);
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Provider name').fill('Never Saved Provider');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(providerCard(page, 'Never Saved Provider')).toHaveCount(0);

    // Opening again starts from an empty form.
    await page.getByRole('button', { name: 'Add Provider' }).click();
    await expect(addDialog(page).getByLabel('Provider name')).toHaveValue('');
  });

  test('a superadmin adds a provider with an image and a service, then opens it', async ({ page }) => {
    const name = uniqueName('Lakeside Physio');
    const email = uniqueEmail('lakeside');
    await signIn(page, DEMO.superadmin);
    await page.goto('/providers');
    await expect(providerCard(page, 'Sunrise Clinic')).toBeVisible();

    await page.getByRole('button', { name: 'Add Provider' }).click();
    const dialog = addDialog(page);
    const submit = dialog.getByRole('button', { name: 'Add Provider' });

    // Nothing filled in: every required field says what it needs.
    await submit.click();
    for (const message of [
      'Provider name is required',
      'Invalid email address',
      'Phone number must be at least 10 digits',
      'Industry is required',
      'Address is required',
      'At least one service is required',
    ]) {
      await expect(dialog.getByText(message, { exact: true })).toBeVisible();
    }

    // A file that is not an image is refused and not kept.
    const picker = dialog.getByLabel('Provider image');
    await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(dialog.getByRole('alert')).toHaveText('Please select a valid image file.');
    await expect(dialog.getByRole('img', { name: 'Chosen image preview' })).toHaveCount(0);

    await dialog.getByLabel('Provider name').fill(name);
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Phone').fill('3125550188');
    await dialog.getByLabel('Industry').selectOption('Healthcare');
    await dialog.getByLabel('Address').fill('5 Lake Shore Drive, Chicago, IL 60611');
    await dialog.getByLabel('Description').fill('Physiotherapy by the lake.');
    await picker.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: TINY_PNG });
    const preview = dialog.getByRole('img', { name: 'Chosen image preview' });
    await expect(preview).toBeVisible();
    // The blob: preview loads (the content security policy allows blob: images).
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(dialog.getByText('Please select a valid image file.')).toHaveCount(0);

    await dialog.getByLabel('Specialty').fill('Sports injuries, Rehab');
    await dialog.getByRole('button', { name: 'Add specialty' }).click();
    const chips = dialog.getByRole('list', { name: 'Specialties' });
    await expect(chips.getByRole('listitem')).toHaveText(['Sports injuries×', 'Rehab×']);

    // Working hours start at 09:00-17:00 on weekdays, weekends off.
    const monday = dialog.getByRole('group', { name: 'Monday' });
    await expect(monday.getByRole('switch', { name: 'Monday available' })).toBeChecked();
    await expect(monday.getByLabel('Start time')).toHaveValue('09:00');
    await expect(monday.getByLabel('End time')).toHaveValue('17:00');
    await expect(dialog.getByRole('switch', { name: 'Saturday available' })).not.toBeChecked();
    await expect(dialog.getByRole('switch', { name: 'Sunday available' })).not.toBeChecked();

    // A new break is 12:00-13:00; an end before the start is refused.
    await dialog.getByRole('button', { name: 'Add break' }).click();
    const lunch = dialog.getByRole('group', { name: 'Break 1' });
    await expect(lunch.getByLabel('Start time')).toHaveValue('12:00');
    await expect(lunch.getByLabel('End time')).toHaveValue('13:00');
    await lunch.getByLabel('End time').fill('11:00');
    await expect(lunch.getByText('End time must be after start time')).toBeVisible();
    await lunch.getByLabel('End time').fill('13:00');
    await expect(lunch.getByText('End time must be after start time')).toHaveCount(0);

    await dialog.getByRole('button', { name: 'Add service' }).click();
    const service = dialog.getByRole('group', { name: 'Service 1' });
    await service.getByLabel('Service name').fill('Initial Assessment');
    await service.getByLabel('Duration (minutes)').fill('45');
    await service.getByLabel('Price ($)').fill('25');
    await service.getByLabel('Confirm bookings automatically').check();
    await expect(dialog.getByText('At least one service is required')).toHaveCount(0);

    await submit.click();
    await expect(page.getByText('Provider added successfully!')).toBeVisible();
    await expect(dialog).toBeHidden();

    const card = providerCard(page, name);
    await expect(card).toBeVisible();
    await expect(card).toContainText('Healthcare');
    await expect(card).toContainText('3125550188');
    await expect(card.getByText('Active', { exact: true })).toBeVisible();
    await expect(card.getByRole('img', { name: `${name} image` })).toBeVisible();

    await card.getByRole('link', { name: 'Manage Provider' }).click();
    await expect(page).toHaveURL(/\/providers\/[^/]+$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText('New', { exact: true })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByText('5 Lake Shore Drive, Chicago, IL 60611')).toBeVisible();
    await expect(page.getByText('Physiotherapy by the lake.')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Specialties' }).getByRole('listitem')).toHaveText([
      'Sports injuries',
      'Rehab',
    ]);
    const services = page.getByRole('list', { name: 'Services' });
    await expect(services.getByRole('listitem')).toHaveCount(1);
    await expect(services.getByRole('listitem')).toContainText('Initial Assessment');
    await expect(services.getByRole('listitem')).toContainText('45 minutes');
    await expect(services.getByRole('listitem')).toContainText('$25');
    // The hours are those its time slots open; it has none yet.
    await expect(page.getByText('No time slots open in the next four weeks.')).toBeVisible();

    await page.getByRole('link', { name: 'Back to Service Providers' }).click();
    await expect(page).toHaveURL(/\/providers$/);
    await expect(providerCard(page, name)).toBeVisible();
  });

  test('a refused or failed save keeps the form open and says why', async ({ page }) => {
    const name = uniqueName('Refused Cowork');
    await signIn(page, DEMO.superadmin);
    await page.goto('/providers');
    await page.getByRole('button', { name: 'Add Provider' }).click();
    const dialog = addDialog(page);
    await fillRequired(page, name);

    // Named and typed as a PNG, but not one: the browser lets it through, the server refuses it (400).
    await dialog
      .getByLabel('Provider image')
      .setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') });
    await dialog.getByRole('button', { name: 'Add Provider' }).click();
    await expect(dialog.getByRole('alert')).toHaveText([
      'Please select a valid image file.',
      'Please select a valid image file.',
    ]);
    await expect(dialog).toBeVisible();

    // Any other failure says only that something went wrong.
    await page.route('**/api/providers/addprovider', (route) => route.abort());
    await dialog.getByRole('button', { name: 'Remove image' }).click();
    await dialog.getByRole('button', { name: 'Add Provider' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Something went wrong.');
    await expect(dialog).toBeVisible();

    await page.unroute('**/api/providers/addprovider');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(providerCard(page, name)).toHaveCount(0);
  });

  test('says so when the providers cannot be fetched', async ({ page }) => {
    await signIn(page, DEMO.superadmin);
    await page.route('**/api/providers/getprovider', (route) => route.abort());
    await page.goto('/providers');

    await expect(page.getByRole('main').getByRole('alert')).toHaveText(
      'Failed to fetch providers. Please try again.',
    );
  });

  test('the detail of a demo provider lists its services with minutes and prices', async ({ page }) => {
    await signIn(page, DEMO.superadmin);
    await page.goto('/providers');

    await providerCard(page, 'Sunrise Clinic').getByRole('link', { name: 'Manage Provider' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sunrise Clinic' })).toBeVisible();
    await expect(page.getByText('12 Stadium Road, Palakkad, Kerala 678001')).toBeVisible();
    const services = page.getByRole('list', { name: 'Services' });
    const consultation = services.getByRole('listitem').filter({ hasText: 'General Consultation' });
    await expect(consultation).toContainText('30 minutes');
    // Sunrise Clinic is in Kerala, India, so its prices are in rupees.
    await expect(consultation).toContainText('₹50.00');
    const followUp = services.getByRole('listitem').filter({ hasText: 'Follow-up Visit' });
    await expect(followUp).toContainText('15 minutes');
    await expect(followUp).toContainText('₹0.00');
  });

  test('a provider added through the API shows a placeholder image and its detail', async ({ page }) => {
    await signIn(page, DEMO.superadmin);
    const provider = await addProviderByApi(page.request, {
      name: uniqueName('Riverside Yoga'),
      specialties: ['Vinyasa'],
      services: [{ name: 'Morning Flow', duration: 75, price: 18.5, automaticBooking: true }],
    });

    await page.goto('/providers');
    await searchBox(page).fill(provider.email);
    const card = providerCard(page, provider.name);
    await expect(card.getByRole('img', { name: `No image for ${provider.name}` })).toBeVisible();

    await page.goto(`/providers/${provider.id}`);
    await expect(page.getByRole('heading', { level: 1, name: provider.name })).toBeVisible();
    await expect(page.getByText('Fitness', { exact: true })).toBeVisible();
    const item = page.getByRole('list', { name: 'Services' }).getByRole('listitem');
    await expect(item).toContainText('Morning Flow');
    await expect(item).toContainText('75 minutes');
    await expect(item).toContainText('$18.5');
  });

  test('an unknown provider id says the provider could not be loaded', async ({ page }) => {
    await signIn(page, DEMO.superadmin);
    await page.goto('/providers/no-such-provider');

    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Failed to load provider information');
    await expect(page.getByRole('link', { name: 'Back to Service Providers' })).toHaveAttribute(
      'href',
      '/providers',
    );
  });
});
