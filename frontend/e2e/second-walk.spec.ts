import { type APIRequestContext, type Page } from '@playwright/test';
import type { Appointment } from '@appointment/contracts/appointments';
import { registerUser, signIn, type RegisteredUser } from './api-sign-in';
import { adminPanel, APPOINTMENT_PATHS, appointmentList } from './appointments-helpers';
import { deskHours, expect, test, uniqueName } from './booking-fixture';
import { bearer, bookThroughApi, PNG_PIXEL, type ProviderWithSlots } from './booking-helpers';

/**
 * Issue 32, what a careful user still trips over: the booking's picture and note on the cards
 * (item 1), the service's flag named for what it does (item 3), one notification setting (item 4),
 * dates and times in the viewer's language and zone (item 5) and Book Again (item 10).
 */

const main = (page: Page) => page.getByRole('main');
const crumbs = (page: Page) =>
  page.getByRole('navigation', { name: /^(Breadcrumb|Ruta de navegación|Fil d'Ariane)$/ });

/** Books the first time slot's `index`-th interval as the user, through the API, with any extra fields. */
const book = async (
  request: APIRequestContext,
  user: RegisteredUser,
  provider: ProviderWithSlots,
  index: number,
  extra: Parameters<typeof bookThroughApi>[6] = {},
): Promise<Appointment> => {
  const booked = await bookThroughApi(
    request,
    user.email,
    user.password,
    provider,
    provider.timeSlots[0]!,
    index,
    extra,
  );
  expect(booked.status(), `booking interval ${index}`).toBe(201);
  return ((await booked.json()) as { appointment: Appointment }).appointment;
};

/** Chooses the language on Settings, as a person does. */
const chooseLanguage = async (page: Page, language: 'en' | 'es' | 'fr') => {
  await page.goto('/settings');
  const select = main(page)
    .getByRole('combobox')
    .filter({ has: page.locator('option[value="fr"]') });
  await select.selectOption(language);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
};

const expectPicture = async (card: ReturnType<Page['getByRole']>, imageUrl: string) => {
  const link = card.getByRole('link', { name: 'Open the picture full size' });
  await expect(link).toHaveAttribute('href', imageUrl);
  const thumbnail = link.getByRole('img', { name: 'Picture attached to the booking' });
  // The private picture loads with the viewer's own session.
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
};

test.describe('Issue 32: the second walk', () => {
  test("the booking's picture and note are on the cards of its user and of the provider's staff (item 1)", async ({
    page,
    api,
    providerWithSplitSlots,
  }) => {
    const {
      provider,
      users: [user],
    } = await providerWithSplitSlots(deskHours('Picture Desk', 1), 'picture');
    const booked = await book(api, user, provider, 1, {
      note: 'Please look at the cracked screen',
      image: { name: 'screen.png', mimeType: 'image/png', buffer: PNG_PIXEL },
    });
    expect(booked.imageUrl).toBeTruthy();

    await signIn(page, user.email, user.password);
    await page.goto('/appointments/list');
    const mine = appointmentList(page).getByRole('article');
    await expect(mine).toHaveCount(1);
    await expect(mine).toContainText('Please look at the cracked screen');
    await expectPicture(mine, booked.imageUrl!);
    // The link opens the picture itself, full size.
    const [opened] = await Promise.all([
      page.waitForEvent('popup'),
      mine.getByRole('link', { name: 'Open the picture full size' }).click(),
    ]);
    await expect(opened).toHaveURL(new RegExp(`${booked.imageUrl!.replaceAll('/', '\\/')}$`));
    await opened.close();

    // The provider's admin: on the list and on the dashboard.
    await page.context().clearCookies();
    await signIn(page, provider.email);
    await page.goto('/appointments/list');
    const theirs = appointmentList(page).getByRole('article');
    await expect(theirs).toHaveCount(1);
    await expect(theirs).toContainText('Please look at the cracked screen');
    await expectPicture(theirs, booked.imageUrl!);

    await page.goto('/dashboard');
    const item = adminPanel(page).getByRole('article');
    await expect(item).toContainText('Please look at the cracked screen');
    await expectPicture(item, booked.imageUrl!);
  });

  test('the service\'s flag reads "Confirm bookings automatically" in every language (item 3)', async ({
    page,
    providerWithSplitSlots,
  }) => {
    const { provider } = await providerWithSplitSlots(deskHours('Flag Desk', 1));
    await signIn(page, provider.email);
    await page.goto('/services');
    const card = main(page).getByRole('article', { name: 'Desk Hour', exact: true });
    await expect(card).toContainText('Bookings confirmed by the provider');
    await expect(card).not.toContainText('Manual booking');
    await card.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Service' });
    const flag = dialog.getByLabel('Confirm bookings automatically');
    await expect(flag).not.toBeChecked();
    await flag.check();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog).toBeHidden();
    await expect(card).toContainText('Bookings confirmed automatically');

    for (const [language, label, badge] of [
      ['es', 'Confirmar reservas automáticamente', 'Reservas confirmadas automáticamente'],
      ['fr', 'Confirmer les réservations automatiquement', 'Réservations confirmées automatiquement'],
    ] as const) {
      await chooseLanguage(page, language);
      await page.goto('/services');
      const translated = main(page).getByRole('article', { name: 'Desk Hour', exact: true });
      await expect(translated).toContainText(badge);
      await translated.getByRole('button').first().click();
      await expect(page.getByRole('dialog').getByLabel(label)).toBeChecked();
      await page.keyboard.press('Escape');
    }
    await chooseLanguage(page, 'en');
  });

  test('Settings and Profile show the one notification setting kept on the account (item 4)', async ({
    page,
  }) => {
    const user = await registerUser(page.request, 'notify');
    await signIn(page, user.email, user.password);

    // A new account has SMS off: Settings says so too.
    await page.goto('/settings');
    const notifications = main(page).getByRole('region', { name: 'Notifications' });
    const sms = notifications.getByRole('switch', { name: 'SMS notifications' });
    await expect(notifications.getByRole('switch', { name: 'Email notifications' })).toBeChecked();
    await expect(sms).not.toBeChecked();

    // Turned on in Settings, it is on in the Profile.
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/profile/updateprofile'));
    await sms.check();
    expect((await saved).ok(), 'saving the choice on the account').toBeTruthy();
    await page.goto('/profile');
    const profileSms = page.getByRole('form', { name: 'Profile details' }).getByRole('switch', {
      name: 'SMS notifications',
    });
    await expect(profileSms).toBeChecked();

    // Turned off in the Profile, it is off in Settings.
    await profileSms.uncheck();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('status').getByText('Profile updated successfully')).toBeVisible();
    await page.goto('/settings');
    await expect(
      main(page)
        .getByRole('region', { name: 'Notifications' })
        .getByRole('switch', { name: 'SMS notifications' }),
    ).not.toBeChecked();
  });

  test.describe('in the viewer zone', () => {
    // The viewer's zone is pinned, and the clock is the run's (clock.ts): the test reads the same at any hour.
    test.use({ timezoneId: 'Asia/Tokyo' });

    test(
      "dates, times, crumbs, industries and the cancelled badge in the viewer's language (item 5)",
      { tag: '@any-hour' },
      async ({ page, api, providerWithSplitSlots }) => {
        const {
          provider,
          users: [user],
        } = await providerWithSplitSlots(
          {
            businessName: uniqueName('Clock Desk'),
            service: 'Paid Hour',
            startTime: '10:00',
            endTime: '12:00',
            parts: 4,
            days: 1,
            price: 50,
          },
          'clock',
        );
        const held = await book(api, user, provider, 1, { paymentneeded: 'true' });
        expect(held.payBy).toBeTruthy();
        const rejected = await book(api, user, provider, 2, { paymentneeded: 'true' });
        const cancelled = await api.post(APPOINTMENT_PATHS.updateStatus, {
          headers: await bearer(api, provider.email),
          data: { id: rejected._id, status: 'cancelled' },
        });
        expect(cancelled.ok(), 'cancelling the second booking').toBeTruthy();

        await signIn(page, user.email, user.password);
        await page.goto('/appointments/list');
        const cards = appointmentList(page).getByRole('article');
        await expect(cards).toHaveCount(2);
        const heldCard = cards.filter({ hasText: 'Pay now' });
        // Held until a time on the viewer's own clock, naming the viewer's zone.
        const heldUntil = new Intl.DateTimeFormat('en-US', {
          timeZone: 'Asia/Tokyo',
          hour: 'numeric',
          minute: '2-digit',
        }).format(new Date(held.payBy!));
        await expect(heldCard).toContainText(`held until ${heldUntil} (Asia/Tokyo)`);
        // One spelling of the cancelled state, stored or shown.
        const cancelledBadge = main(page).locator('[data-status="cancelled"]');
        await expect(cancelledBadge).toHaveText('cancelled');
        await expect(main(page).getByText('canceled', { exact: true })).toHaveCount(0);

        const [year, month, day] = provider.timeSlots[0]!.date.split('-').map(Number);
        const bookedDay = new Date(Date.UTC(year!, month! - 1, day!, 12));
        const longDateIn = (locale: string) =>
          new Intl.DateTimeFormat(locale, {
            timeZone: 'UTC',
            weekday: 'long',
            day: 'numeric',
            month: 'long',
            year: 'numeric',
          }).format(bookedDay);
        const englishDate = longDateIn('en-US');

        for (const [language, locale, list, bookCrumb, office, cancelledLabel] of [
          ['es', 'es-ES', 'Lista', 'Reservar', 'Oficina', 'cancelada'],
          ['fr', 'fr-FR', 'Liste', 'Réserver', 'Bureau', 'annulé'],
        ] as const) {
          await chooseLanguage(page, language);
          await page.goto('/appointments/list');
          await expect(crumbs(page).getByText(list, { exact: true })).toBeVisible();
          const translatedCards = main(page).getByRole('article');
          await expect(translatedCards).toHaveCount(2);
          for (const card of await translatedCards.all()) {
            await expect(card).toContainText(longDateIn(locale));
            await expect(card).not.toContainText(englishDate);
            await expect(card).toContainText('10:');
            await expect(card).not.toContainText(/\d AM|\d PM/);
          }
          const time24 = new Intl.DateTimeFormat(locale, {
            timeZone: 'Asia/Tokyo',
            hour: '2-digit',
            minute: '2-digit',
            hour12: false,
          }).format(new Date(held.payBy!));
          await expect(
            translatedCards.filter({ has: page.locator('[data-payment="awaiting"]') }),
          ).toContainText(`${time24} (Asia/Tokyo)`);
          await expect(main(page).locator('[data-status="cancelled"]')).toHaveText(cancelledLabel);

          await page.goto('/dashboard');
          const recent = main(page).getByRole('region').filter({ hasText: provider.businessName }).first();
          await expect(recent).toContainText(longDateIn(locale));
          await expect(main(page)).not.toContainText(englishDate);
          await expect(main(page)).toContainText(office);

          await page.goto('/appointments/book');
          await expect(crumbs(page).getByText(bookCrumb, { exact: true })).toBeVisible();
          await expect(page.getByRole('complementary').getByRole('button', { name: office })).toBeVisible();
        }
        await chooseLanguage(page, 'en');
        await page.goto('/appointments/list');
        await expect(crumbs(page).getByText('List', { exact: true })).toBeVisible();
      },
    );
  });

  test('Book Again opens the booking screen on the provider and service it came from (item 10)', async ({
    page,
    api,
    providerWithSplitSlots,
  }) => {
    const {
      provider,
      users: [user],
    } = await providerWithSplitSlots(deskHours('Again Desk', 2), 'again');
    await book(api, user, provider, 1);
    await signIn(page, user.email, user.password);
    await page.goto('/dashboard');
    const service = main(page)
      .getByRole('region', { name: 'Services' })
      .getByRole('article', { name: `Desk Hour at ${provider.businessName}` });
    await service.getByRole('button', { name: 'Book Again' }).click();

    await expect(page).toHaveURL(/\/appointments\/book$/);
    await expect(main(page).getByRole('heading', { name: provider.businessName, level: 2 })).toBeVisible();
    await expect(
      main(page)
        .getByRole('group', { name: 'Services' })
        .getByRole('button', { name: /Desk Hour/ }),
    ).toHaveAttribute('aria-pressed', 'true');
    await expect(main(page).getByRole('region', { name: 'Next available slot' })).toBeVisible();
  });
});
