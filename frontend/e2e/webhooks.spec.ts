import { AxeBuilder } from '@axe-core/playwright';
import { DEMO, signIn } from './api-sign-in';
import { bookThroughApi } from './booking-helpers';
import { expect, test, uniqueName } from './booking-fixture';
import { startLocalPeer } from './local-peer';

/** A provider's system hears its bookings through a webhook the admin adds on screen. */

test('the admin adds a webhook, a booking is delivered with 200, and Redeliver sends it again', async ({
  page,
  api,
  providerWithSplitSlots,
}) => {
  const receiver = await startLocalPeer();
  try {
    const {
      provider,
      users: [user],
    } = await providerWithSplitSlots(
      {
        businessName: uniqueName('Hooked Clinic'),
        service: 'Check-up',
        startTime: '09:00',
        endTime: '12:00',
        parts: 6,
        days: 1,
      },
      'hooked',
    );
    await signIn(page, provider.email);
    await page.goto('/integrations/webhooks');
    await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();
    await expect(page.getByText('No webhooks yet.')).toBeVisible();

    await page.getByRole('button', { name: 'Add Webhook' }).click();
    const form = page.getByRole('dialog', { name: 'Add Webhook' });
    await form.getByLabel('Name').fill('CRM');
    await form.getByLabel('URL').fill(`${receiver.url}/hooks`);
    await expect(form.getByRole('checkbox', { name: 'appointment.booked' })).toBeChecked();
    await form.getByRole('button', { name: 'Add Webhook' }).click();
    const secret = page.getByRole('dialog', { name: 'Signing Secret' });
    await expect(secret.getByLabel('Signing secret')).toHaveText(/^whsec_[A-Za-z0-9+/=]{44}$/);
    await secret.getByRole('button', { name: 'Done' }).click();
    const row = page.getByRole('row').filter({ hasText: 'CRM' });
    await expect(row).toContainText('appointment.booked');
    await expect(row).toContainText('Active');

    const booked = await bookThroughApi(api, user.email, user.password, provider, provider.timeSlots[0]!, 1);
    expect(booked.ok(), 'the booking').toBeTruthy();
    await expect.poll(() => receiver.heard.length, { timeout: 15_000 }).toBe(1);
    expect(JSON.parse(receiver.heard[0]!.body)).toMatchObject({ type: 'appointment.booked' });

    await row.getByRole('button', { name: 'Deliveries' }).click();
    const log = page.getByRole('table', { name: 'Deliveries of CRM' });
    const delivery = log.getByRole('row').filter({ hasText: 'appointment.booked' });
    await expect(delivery).toContainText('succeeded', { timeout: 15_000 });
    await expect(delivery.getByRole('cell').nth(3)).toHaveText('200');
    await expect(delivery.getByRole('cell').nth(2)).toHaveText('1');
    // The screen with its table and log meets WCAG 2 AA, as every screen does.
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(violations.map((violation) => violation.id)).toEqual([]);

    await delivery.getByRole('button', { name: 'Redeliver' }).click();
    await expect.poll(() => receiver.heard.length, { timeout: 15_000 }).toBe(2);
    expect(receiver.heard[1]!.headers['webhook-id']).toBe(receiver.heard[0]!.headers['webhook-id']);
    await expect(delivery.getByRole('cell').nth(2)).toHaveText('2', { timeout: 15_000 });
  } finally {
    await receiver.close();
  }
});

test("the superadmin picks a provider on Webhooks and adds one for it; support only reads; the provider's admin sees it", async ({
  page,
  providerWithSplitSlots,
}) => {
  const { provider } = await providerWithSplitSlots({
    businessName: uniqueName('Staffed Clinic'),
    service: 'Check-up',
    startTime: '09:00',
    endTime: '10:00',
    parts: 2,
    days: 1,
  });

  await signIn(page, DEMO.superadmin);
  await page.goto('/integrations/webhooks');
  // Every provider's until one is picked; adding needs the provider it is for.
  await expect(page.getByLabel('Provider')).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Add Webhook' })).toHaveCount(0);
  await page.getByLabel('Provider').selectOption({ label: provider.businessName });
  await expect(page.getByText('No webhooks yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Add Webhook' }).click();
  const form = page.getByRole('dialog', { name: 'Add Webhook' });
  await form.getByLabel('Name').fill('Platform CRM');
  await form.getByLabel('URL').fill('https://crm.example.com/hooks');
  await form.getByRole('button', { name: 'Add Webhook' }).click();
  await page.getByRole('dialog', { name: 'Signing Secret' }).getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Platform CRM' })).toContainText('Active');

  await signIn(page, DEMO.support);
  await page.goto('/integrations/webhooks');
  await page.getByLabel('Provider').selectOption({ label: provider.businessName });
  const row = page.getByRole('row').filter({ hasText: 'Platform CRM' });
  await expect(row).toContainText('https://crm.example.com/hooks');
  await expect(row.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add Webhook' })).toHaveCount(0);

  await signIn(page, provider.email);
  await page.goto('/integrations/webhooks');
  await expect(page.getByLabel('Provider')).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: 'Platform CRM' })).toContainText('appointment.booked');
});
