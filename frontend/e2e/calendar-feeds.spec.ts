import { signIn } from './api-sign-in';
import { bookThroughApi } from './booking-helpers';
import { expect, test, uniqueName } from './booking-fixture';

/**
 * The calendar app of Connected Apps is the provider's private iCalendar feed, and a user
 * gets one of their own bookings in Settings, plus "Add to calendar" on each card. The
 * feeds are fetched from outside the browser, as a calendar app fetches them.
 */
test.describe('Calendar feeds (issue 11)', () => {
  test(
    'the admin connects the calendar, a user subscribes to their bookings, and both feeds list the booking',
    { tag: '@any-hour' },
    async ({ page, playwright, baseURL, api, providerWithSplitSlots }) => {
      const {
        provider,
        users: [user],
      } = await providerWithSplitSlots(
        {
          businessName: uniqueName('Calendar Clinic'),
          address: 'Calle Mayor 5, 28013 Madrid, Spain',
          service: 'Physio Session',
          startTime: '10:00',
          endTime: '12:00',
          parts: 4,
          days: 1,
        },
        'calendar-feed',
      );
      const booked = await bookThroughApi(
        api,
        user.email,
        user.password,
        provider,
        provider.timeSlots[0]!,
        2,
      );
      expect(booked.status()).toBe(201);
      const { appointment } = (await booked.json()) as { appointment: { _id: string } };
      const uid = `UID:${appointment._id}@appointment`;

      // The admin connects the calendar app and copies its address from Configure.
      await signIn(page, provider.email);
      await page.goto('/integrations/apps');
      const card = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: /Calendar/ }) });
      await expect(card).toContainText('Disconnected');
      await expect(card.getByRole('button', { name: 'Configure' })).toHaveCount(0);
      await card.getByRole('button', { name: 'Connect' }).click();
      await expect(card).toContainText('Connected');
      await card.getByRole('button', { name: 'Configure' }).click();
      const dialog = page.getByRole('dialog', { name: 'Calendar' });
      const providerUrl = await dialog.getByLabel('Calendar address').inputValue();
      expect(providerUrl).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
      await dialog.getByRole('button', { name: 'Close' }).click();

      const anonymous = await playwright.request.newContext({ baseURL });
      const providerFeed = await anonymous.get(new URL(providerUrl).pathname);
      expect(providerFeed.headers()['content-type']).toMatch(/^text\/calendar/);
      const providerText = await providerFeed.text();
      expect(providerText).toContain(uid);
      expect(providerText).toContain(`DTSTART;TZID=${provider.timeZone}:`);
      expect(providerText).toContain(`SUMMARY:Physio Session — ${user.name}`);

      // Disconnect: the address stops working at once.
      await card.getByRole('button', { name: 'Disconnect' }).click();
      await expect(card).toContainText('Disconnected');
      expect((await anonymous.get(new URL(providerUrl).pathname)).status()).toBe(404);

      // The user creates their own address in Settings.
      await signIn(page, user.email, user.password);
      await page.goto('/settings');
      const feedCard = page.getByRole('region', { name: 'Calendar feed' });
      await feedCard.getByRole('button', { name: 'Create calendar address' }).click();
      const userUrl = await feedCard.getByLabel('Your calendar address').inputValue();
      const userText = await (await anonymous.get(new URL(userUrl).pathname)).text();
      expect(userText).toContain(uid);
      expect(userText).toContain(`SUMMARY:Physio Session — ${provider.businessName}`);

      // "Add to calendar" on the appointment card downloads the one appointment.
      await page.goto('/appointments');
      await page.getByRole('button', { name: /^Pending/ }).click();
      const download = page.waitForEvent('download');
      await page.getByRole('link', { name: 'Add to calendar' }).first().click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^appointment-\d{4}-\d{2}-\d{2}\.ics$/);
      await anonymous.dispose();
    },
  );
});
