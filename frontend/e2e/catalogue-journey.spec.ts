import { dayKeyIn, expect, test, withTestClock } from './clock';
import { signIn } from './api-sign-in';
import { createBookableProvider, industries, openBooking, providerCard } from './booking-helpers';
import { longDate } from './scheduling-helpers';

/**
 * The catalogue journey: an admin adds a service and a daily repeating time slot through the
 * screens; a user then finds the provider by industry and location and sees the slot.
 */
test(
  'an admin publishes a service with daily slots and a user finds the provider and its next slot',
  { tag: '@any-hour' },
  async ({ browser, playwright }) => {
    const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const name = `Thrissur Yoga ${Date.now().toString(36)}`;
    // No services yet: the admin adds the first one on the Services screen.
    const provider = await createBookableProvider(request, {
      businessName: name,
      industry: 'Fitness',
      address: '14 Swaraj Round, Thrissur, Kerala 680001',
      services: [],
    });

    const adminPage = await (await withTestClock(await browser.newContext())).newPage();
    await signIn(adminPage, provider.email);
    await adminPage.goto('/services');
    const main = adminPage.getByRole('main');
    await main.getByRole('button', { name: 'Add Service' }).click();
    const serviceDialog = adminPage.getByRole('dialog', { name: 'Add Service' });
    await serviceDialog.getByLabel('Service Name').fill('Morning Yoga');
    await serviceDialog.getByLabel('Duration (minutes)').fill('60');
    // A provider in Kerala, India prices in rupees.
    await serviceDialog.getByLabel('Price (₹)').fill('12');
    await expect(serviceDialog.getByLabel('Payment needed')).toBeChecked();
    await serviceDialog.getByRole('button', { name: 'Add Service' }).click();
    await expect(main.getByRole('article', { name: 'Morning Yoga' })).toBeVisible();

    // Days two to four from the provider's today (Thrissur: Asia/Kolkata).
    const first = dayKeyIn('Asia/Kolkata', 2);
    await adminPage.goto('/scheduling/manage');
    await adminPage.getByRole('button', { name: 'Add Time Slot' }).click();
    const slotDialog = adminPage.getByRole('dialog', { name: 'Create Time Slot' });
    await slotDialog.getByLabel('Date', { exact: true }).fill(first);
    await slotDialog.getByLabel('Start time').fill('09:00');
    await slotDialog.getByLabel('End time').fill('11:00');
    await slotDialog.getByRole('checkbox', { name: 'Morning Yoga' }).check();
    await slotDialog.getByRole('checkbox', { name: 'Split into equal slots' }).check();
    await slotDialog.getByLabel('Available slots').fill('2');
    await slotDialog.getByLabel('Repeat', { exact: true }).selectOption('daily');
    await slotDialog.getByLabel('Repeat until').fill(dayKeyIn('Asia/Kolkata', 4));
    await expect(slotDialog.getByText('Creates 3 time slots')).toBeVisible();
    await slotDialog.getByRole('button', { name: 'Create Time Slot' }).click();
    await expect(slotDialog).toHaveCount(0);
    await expect(
      adminPage.getByRole('table', { name: 'Time slots' }).getByRole('row').filter({ hasText: '09:00' }),
    ).toHaveCount(3);

    const userPage = await (await withTestClock(await browser.newContext())).newPage();
    await signIn(userPage, 'user@example.com');
    await openBooking(userPage);
    await industries(userPage).getByRole('button', { name: 'Fitness' }).click();
    await userPage.getByLabel('Location').selectOption('Thrissur');
    const card = providerCard(userPage, name);
    await expect(card).toBeVisible();
    await expect(providerCard(userPage, 'Peak Performance Gym')).toHaveCount(0);
    await card.getByRole('button', { name, exact: true }).click();

    await userPage
      .getByRole('group', { name: 'Services' })
      .getByRole('button', { name: /Morning Yoga/ })
      .click();
    const next = userPage.getByRole('region', { name: 'Next available slot' });
    await expect(next.getByText(longDate(first), { exact: true })).toBeVisible();
    await expect(next.getByText(/9:00 AM\s*[-–]\s*10:00 AM/)).toBeVisible();
    await request.dispose();
  },
);
