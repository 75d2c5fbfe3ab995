import { type Page } from '@playwright/test';
import { signIn, type RegisteredUser } from './api-sign-in';
import { appointmentList, longDate, openHistory, statusCard } from './appointments-helpers';
import { deskHours, expect, openAs, test } from './booking-fixture';
import { bookThroughApi, dayKeyIn, type ProviderWithSlots } from './booking-helpers';

/**
 * Issue 31: on a service that allows it, the confirm dialog offers Repeat, lists every occurrence
 * with those not free marked before anything is held, and books them all at once (or the free
 * ones only). The provider's history tells each booking as part of its series.
 */

const SERIES_PATH = '/api/appointments/series';

/** The user opens the provider's next free interval and asks for it to repeat: the confirm dialog. */
const repeatDialog = async (page: Page, user: RegisteredUser, provider: ProviderWithSlots) => {
  await openAs(page, user, provider);
  await page
    .getByRole('region', { name: 'Next available slot' })
    .getByRole('button', { name: 'Book Now' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Confirm Booking' });
  await dialog.getByRole('checkbox', { name: 'Repeat' }).check();
  return dialog;
};

test.describe('Recurring bookings (issue 31)', () => {
  test('a user books a 6-week series', { tag: '@any-hour' }, async ({ page, providerWithSplitSlots }) => {
    const {
      provider,
      users: [user],
    } = await providerWithSplitSlots(deskHours('Series Desk', 36, { allowRecurring: true }), 'series-user');
    const dialog = await repeatDialog(page, user, provider);
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

    // The second week moves to the next free interval, and the third with it by as much.
    await cards
      .getByRole('button', { name: `Reschedule Desk Hour on ${longDate(dayKeyIn(provider.timeZone, 8))}` })
      .click();
    await page
      .getByRole('region', { name: 'Next available slot' })
      .getByRole('button', { name: 'Book Now' })
      .click();
    const moveDialog = page.getByRole('dialog', { name: 'Reschedule appointment' });
    await moveDialog
      .getByRole('checkbox', { name: 'Also move the following appointments of this series by as much' })
      .check();
    await moveDialog.getByRole('button', { name: 'Move appointment' }).click();
    await expect(
      page
        .getByRole('status')
        .getByText('The appointment and the following ones of its series were rescheduled'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/appointments\/list$/);
    await expect(cards.filter({ hasText: '10:30 AM - 11:00 AM' })).toHaveCount(2);

    // The provider's admin reads the series in the history timeline.
    await page.context().clearCookies();
    await signIn(page, provider.email);
    const timeline = await openHistory(page);
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
        deskHours('Series Clash', 29, { allowRecurring: true }),
        'series-user',
        'series-rival',
      );
      // The rival holds the third week's first interval.
      const third = provider.timeSlots.find((slot) => slot.date === dayKeyIn(provider.timeZone, 15))!;
      expect((await bookThroughApi(api, rival.email, rival.password, provider, third, 1)).status()).toBe(201);

      const dialog = await repeatDialog(page, user, provider);
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
