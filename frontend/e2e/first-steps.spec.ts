import { expect, test } from './clock';
import { dayKeyIn } from './clock';
import { uniqueName } from './booking-fixture';
import { createProviderAdmin, PROVIDER_ZONE } from './scheduling-helpers';

/**
 * Issue 32, item 15: a newly approved provider's admin lands on a dashboard that says what to do
 * first: add a service, add time slots (or apply a template), set the booking policy. Each step
 * goes once done, the panel once all are.
 */
test("a new provider's dashboard lists its first steps until each is done", async ({
  page,
  playwright,
  baseURL,
}) => {
  const api = await playwright.request.newContext({ baseURL });
  await createProviderAdmin(page, api, uniqueName('Newcomer Studio'), []);
  await api.dispose();

  await page.goto('/dashboard');
  const steps = page.getByRole('region', { name: 'First steps', exact: true });
  await expect(steps.getByRole('listitem')).toHaveText([
    'Add a service',
    'Add time slots or apply a template',
    'Set your booking policy',
  ]);
  await steps.getByRole('link', { name: 'Add a service' }).click();
  await expect(page).toHaveURL(/\/services$/);

  const added = await page.request.post('/api/providerservice/addservice', {
    data: {
      name: 'Open Studio',
      description: 'An hour on the floor',
      duration: 30,
      price: 0,
      automaticBooking: false,
    },
  });
  expect(added.status()).toBe(201);
  await page.goto('/dashboard');
  await expect(steps.getByRole('listitem')).toHaveText([
    'Add time slots or apply a template',
    'Set your booking policy',
  ]);

  const slot = await page.request.post('/api/schedulemanage/addtimeslot', {
    data: {
      date: dayKeyIn(PROVIDER_ZONE, 2),
      startTime: '09:00',
      endTime: '10:00',
      availableSlots: 2,
      addAsSlot: true,
      addTotalSlot: false,
      repeat: 'none',
      serviceIds: ['Open Studio'],
    },
  });
  expect(slot.ok(), await slot.text()).toBeTruthy();
  await page.goto('/dashboard');
  await expect(steps.getByRole('listitem')).toHaveText(['Set your booking policy']);

  // The default policy kept, saved as it is on the Services screen: chosen all the same.
  await page.goto('/services');
  await page.getByRole('button', { name: 'Save policy' }).click();
  await expect(page.getByRole('status').getByText('Booking policy saved')).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible();
  await expect(page.getByRole('region', { name: "Your provider's history" })).toBeVisible();
  await expect(steps).toHaveCount(0);
});
