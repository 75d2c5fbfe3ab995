import { type Page } from '@playwright/test';
import { signIn } from './api-sign-in';
import { appointmentList, longDate, statusCard } from './appointments-helpers';
import { expect, openAs, test, uniqueName } from './booking-fixture';
import { bookThroughApi, dayKeyIn } from './booking-helpers';

/**
 * Issue 31: on a service that allows it, the confirm dialog offers Repeat, lists every occurrence
 * with those not free marked before anything is held, and books them all at once (or the free
 * ones only). The provider's history tells each booking as part of its series.
 */

const confirmDialog = (page: Page) => page.getByRole('dialog', { name: 'Confirm Booking' });
const SERIES_PATH = '/api/appointments/series';

test.describe('Recurring bookings (issue 31)', () => {
  test('a user books a 6-week series', { tag: '@any-hour' }, async ({ page, providerWithSplitSlots }) => {
    const {
      provider,
      users: [user],
    } = await providerWithSplitSlots(
      {
        businessName: uniqueName('Series Desk'),
        service: 'Desk Hour',
        startTime: '10:00',
        endTime: '12:00',
        parts: 4,
        days: 36,
        allowRecurring: true,
      },
      'series-user',
    );
    await openAs(page, user, provider);
    await page
      .getByRole('region', { name: 'Next available slot' })
      .getByRole('button', { name: 'Book Now' })
      .click();
    const dialog = confirmDialog(page);
    await dialog.getByRole('checkbox', { name: 'Repeat' }).check();
    // Every week, six times: each occurrence listed and free before anything is held.
    const occurrences = dialog.getByRole('list', { name: 'Occurrences of the series' }).getByRole('listitem');
    await expect(occurrences).toHaveCount(6);
    for (let k = 0; k < 6; k++) await expect(occurrences.nth(k)).toContainText('Free');

    const answered = page.waitForResponse((response) => response.url().endsWith(SERIES_PATH));
    await dialog.getByRole('button', { name: 'Book all 6' }).click();
    const response = await answered;
    expect(response.status()).toBe(201);
    const { seriesId, bookings } = (await response.json()) as {
      seriesId: string;
      bookings: { appointment: { date: string; series?: { seriesId: string; occurrence: number } } }[];
    };
    expect(bookings.map(({ appointment }) => [appointment.date, appointment.series?.occurrence])).toEqual(
      Array.from({ length: 6 }, (_, k) => [dayKeyIn(provider.timeZone, 1 + 7 * k), k + 1]),
    );
    expect(bookings.every(({ appointment }) => appointment.series?.seriesId === seriesId)).toBe(true);
    await expect(page).toHaveURL(/\/appointments$/);
    await expect(page.getByText('Series booked successfully')).toBeVisible();

    // From the list, the user cancels the fourth week and all the following ones.
    await statusCard(page, 'Total').click();
    const cards = appointmentList(page).getByRole('article');
    await expect(cards).toHaveCount(6);
    await cards
      .getByRole('button', { name: `Cancel Desk Hour on ${longDate(dayKeyIn(provider.timeZone, 22))}` })
      .click();
    const cancelDialog = page.getByRole('alertdialog', { name: 'Cancel appointment' });
    await cancelDialog
      .getByRole('checkbox', { name: 'Also cancel the following appointments of this series' })
      .check();
    await cancelDialog.getByRole('button', { name: 'Cancel appointment' }).click();
    await expect(
      page
        .getByRole('status')
        .getByText('The appointment and the following ones of its series were cancelled'),
    ).toBeVisible();
    await expect(cards.getByText('cancelled', { exact: true })).toHaveCount(3);

    // The provider's admin reads the series in the history timeline.
    await page.context().clearCookies();
    await signIn(page, provider.email);
    await page.goto('/dashboard');
    await page
      .getByRole('region', { name: "Your provider's history" })
      .getByRole('link', { name: 'Open History' })
      .click();
    const timeline = page.getByRole('list', { name: 'Timeline' });
    await expect(
      timeline.getByTestId('history-entry').filter({ hasText: '1 of 6 of a series.' }),
    ).toBeVisible();
    await expect(
      timeline.getByTestId('history-entry').filter({ hasText: '6 of 6 of a series.' }),
    ).toBeVisible();
  });

  test(
    'a taken occurrence is marked; all of the series is refused, the free ones only are booked',
    { tag: '@any-hour' },
    async ({ page, api, providerWithSplitSlots }) => {
      const {
        provider,
        users: [user, rival],
      } = await providerWithSplitSlots(
        {
          businessName: uniqueName('Series Clash'),
          service: 'Desk Hour',
          startTime: '10:00',
          endTime: '12:00',
          parts: 4,
          days: 29,
          allowRecurring: true,
        },
        'series-user',
        'series-rival',
      );
      // The rival holds the third week's first interval.
      const third = provider.timeSlots.find((slot) => slot.date === dayKeyIn(provider.timeZone, 15))!;
      expect((await bookThroughApi(api, rival.email, rival.password, provider, third, 1)).status()).toBe(201);

      await openAs(page, user, provider);
      await page
        .getByRole('region', { name: 'Next available slot' })
        .getByRole('button', { name: 'Book Now' })
        .click();
      const dialog = confirmDialog(page);
      await dialog.getByRole('checkbox', { name: 'Repeat' }).check();
      await dialog.getByLabel('Occurrences', { exact: true }).fill('4');
      const occurrences = dialog
        .getByRole('list', { name: 'Occurrences of the series' })
        .getByRole('listitem');
      await expect(occurrences).toHaveCount(4);
      await expect(occurrences.nth(2)).toContainText('Not free: This slot was just booked');

      await dialog.getByRole('button', { name: 'Book all 4' }).click();
      await expect(dialog.getByRole('alert')).toContainText(
        'Not every occurrence of the series is free, so none was booked',
      );
      const answered = page.waitForResponse((response) => response.url().endsWith(SERIES_PATH));
      await dialog.getByRole('button', { name: 'Book the 3 free ones only' }).click();
      const { bookings, skipped } = (await (await answered).json()) as {
        bookings: unknown[];
        skipped: { occurrence: number }[];
      };
      expect(bookings).toHaveLength(3);
      expect(skipped.map((occurrence) => occurrence.occurrence)).toEqual([3]);
      await expect(page).toHaveURL(/\/appointments$/);
    },
  );
});
