import { expect, test } from './clock';
import { DEMO, registerUser, signIn } from './api-sign-in';
import {
  BOOKING_PATHS,
  LONG_DATE,
  TIME_RANGE,
  createBookableProvider,
  industries,
  openBooking,
  providerCard,
  providerCards,
} from './booking-helpers';

test.describe('Booking: provider browsing and the first step of booking', () => {
  test(
    'a user finds Sunrise Clinic by industry, location and name, then sees its next slot and calendar',
    { tag: '@any-hour' },
    async ({ page }) => {
      await signIn(page, DEMO.user);
      await openBooking(page);

      // The industries, the first selected by default.
      const sidebar = industries(page);
      for (const name of ['Healthcare', 'Fitness', 'Office', 'Other']) {
        await expect(sidebar.getByRole('button', { name })).toBeVisible();
      }
      await expect(sidebar.getByRole('button', { name: 'Healthcare' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );

      await sidebar.getByRole('button', { name: 'Fitness' }).click();
      await expect(providerCard(page, 'Peak Performance Gym')).toBeVisible();
      await expect(providerCard(page, 'Sunrise Clinic')).toHaveCount(0);

      await sidebar.getByRole('button', { name: 'Healthcare' }).click();
      await expect(providerCard(page, 'Thrissur Dental Care')).toBeVisible();
      const sunrise = providerCard(page, 'Sunrise Clinic');
      await expect(sunrise).toContainText('Healthcare');
      await expect(sunrise).toContainText('12 Stadium Road, Palakkad, Kerala 678001');

      // docs/product.md §5: location is a whole word of the address, search a part of the name.
      const location = page.getByLabel('Location');
      await location.selectOption('Palakkad');
      await expect(sunrise).toBeVisible();
      await expect(providerCard(page, 'Thrissur Dental Care')).toHaveCount(0);
      await location.selectOption('Chicago');
      await expect(page.getByText('No providers match your filters.')).toBeVisible();
      await expect(sunrise).toHaveCount(0);
      await location.selectOption({ label: 'All locations' });
      await page.getByLabel('Search providers').fill('sunr');
      await expect(sunrise).toBeVisible();
      await expect(providerCard(page, 'Thrissur Dental Care')).toHaveCount(0);

      // The booking screen replaces the list.
      await sunrise.getByRole('button', { name: 'Sunrise Clinic', exact: true }).click();
      await expect(providerCards(page)).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'Sunrise Clinic', level: 2 })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Select Time & Service' })).toBeVisible();
      const services = page.getByRole('group', { name: 'Services' });
      await expect(services.getByRole('button', { name: /Follow-up Visit/ })).toBeVisible();
      await services.getByRole('button', { name: /General Consultation/ }).click();
      await expect(services.getByRole('button', { name: /General Consultation/ })).toHaveAttribute(
        'aria-pressed',
        'true',
      );

      // Automatic mode: the next slot, its long date and 12-hour time range.
      const automatic = page.getByRole('region', { name: 'Next available slot' });
      await expect(automatic.getByText(LONG_DATE)).toBeVisible();
      await expect(automatic.getByText(TIME_RANGE)).toBeVisible();
      await expect(automatic.getByRole('button', { name: 'Book Now' })).toBeVisible();

      // Manual mode: a month calendar, weeks from Sunday, days with slots highlighted.
      await automatic.getByRole('button', { name: 'Switch to Manual Booking' }).click();
      const manual = page.getByRole('region', { name: 'Select Your Preferred Time' });
      await expect(manual.getByRole('button', { name: 'Switch to Automatic Booking' })).toBeVisible();
      await expect(manual.locator('.react-calendar__month-view__weekdays__weekday').first()).toHaveText(
        'Sun',
      );
      const highlighted = manual
        .getByRole('button', { name: /Slots available/ })
        .and(manual.locator(':enabled'));
      await expect(highlighted.first()).toBeVisible();
      await highlighted.first().click();
      const daySlots = manual.getByRole('list', { name: LONG_DATE });
      await expect(daySlots.getByRole('listitem').first()).toBeVisible();
      await expect(daySlots.getByRole('listitem').first()).toContainText(
        /\d{1,2}:\d{2} (AM|PM) - \d{1,2}:\d{2} (AM|PM)/,
      );
      await expect(manual.getByRole('heading', { name: LONG_DATE })).toBeVisible();

      await manual.getByRole('button', { name: 'Switch to Automatic Booking' }).click();
      await expect(page.getByRole('region', { name: 'Next available slot' })).toBeVisible();

      await page.getByRole('button', { name: 'Back to providers' }).click();
      await expect(
        providerCard(page, 'Sunrise Clinic').getByRole('button', { name: 'Sunrise Clinic', exact: true }),
      ).toBeFocused();
    },
  );

  test('a favourite mark survives a reload and can be taken off again', async ({ page, request }) => {
    const user = await registerUser(request, 'booking-fav');
    await signIn(page, user.email, user.password);
    await openBooking(page);

    const mark = providerCard(page, 'Sunrise Clinic').getByRole('button', {
      name: 'Favourite Sunrise Clinic',
    });
    await expect(mark).toHaveAttribute('aria-pressed', 'false');
    const saved = page.waitForResponse((response) => response.url().endsWith(BOOKING_PATHS.updateFavourite));
    await mark.click();
    expect((await saved).ok()).toBeTruthy();
    await expect(mark).toHaveAttribute('aria-pressed', 'true');

    await page.reload();
    await expect(mark).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('switch', { name: 'Favourites only' }).check();
    await expect(providerCard(page, 'Sunrise Clinic')).toBeVisible();
    await expect(providerCard(page, 'Thrissur Dental Care')).toHaveCount(0);
    await page.getByRole('switch', { name: 'Favourites only' }).uncheck();

    const removed = page.waitForResponse((response) =>
      response.url().endsWith(BOOKING_PATHS.updateFavourite),
    );
    await mark.click();
    expect((await removed).ok()).toBeTruthy();
    await expect(mark).toHaveAttribute('aria-pressed', 'false');
    await page.reload();
    await expect(providerCard(page, 'Thrissur Dental Care')).toBeVisible();
    await expect(mark).toHaveAttribute('aria-pressed', 'false');
  });

  test('a provider in the industry "Other" is found in the booking sidebar and the /providers filter (issue 18)', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const api = await playwright.request.newContext({ baseURL });
    const name = `Odd Jobs ${Date.now().toString(36)}`;
    await createBookableProvider(api, {
      businessName: name,
      industry: 'Other',
      address: '500 Main Street, Houston, TX 77002',
      services: ['Handy Hour'],
    });
    await api.dispose();

    await signIn(page, DEMO.user);
    await openBooking(page);
    await industries(page).getByRole('button', { name: 'Other' }).click();
    await page.getByLabel('Search providers').fill(name);
    await expect(providerCard(page, name)).toContainText('Other');

    await signIn(page, DEMO.superadmin);
    await page.goto('/providers');
    await page.getByLabel('Industry').selectOption('Other');
    await expect(page.getByRole('main').getByText(name)).toBeVisible();
  });

  test("a provider's detail offers Book Appointment to a user, which opens the booking screen there (issue 18)", async ({
    page,
  }) => {
    await signIn(page, DEMO.superadmin);
    const found = await page.request.post(BOOKING_PATHS.fetchProviders, { data: { search: 'Sunrise' } });
    const sunriseId = ((await found.json()) as { providers: { id: string }[] }).providers[0]!.id;
    await page.goto(`/providers/${sunriseId}`);
    await expect(page.getByRole('heading', { name: 'Sunrise Clinic' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Book Appointment' })).toHaveCount(0);

    await signIn(page, DEMO.user);
    await page.goto(`/providers/${sunriseId}`);
    await page.getByRole('button', { name: 'Book Appointment' }).click();
    await expect(page).toHaveURL(/\/appointments\/book$/);
    await expect(
      page.getByRole('group', { name: 'Services' }).getByRole('button', { name: /General Consultation/ }),
    ).toBeVisible();
  });

  test(
    'a provider without time slots says there is no automatic slot and highlights no day',
    { tag: '@any-hour' },
    async ({ page, playwright, baseURL }) => {
      const api = await playwright.request.newContext({ baseURL });
      const name = `Quiet Desk ${Date.now().toString(36)}`;
      await createBookableProvider(api, {
        businessName: name,
        industry: 'Office',
        address: '500 Main Street, Houston, TX 77002',
        services: ['Desk Day'],
      });
      await api.dispose();

      await signIn(page, DEMO.user);
      await openBooking(page);
      await industries(page).getByRole('button', { name: 'Office' }).click();
      await page.getByLabel('Search providers').fill(name);
      const card = providerCard(page, name);
      await expect(card).toContainText('New');
      await card.getByRole('button', { name, exact: true }).click();

      await page
        .getByRole('group', { name: 'Services' })
        .getByRole('button', { name: /Desk Day/ })
        .click();
      const automatic = page.getByRole('region', { name: 'Next available slot' });
      await expect(automatic).toContainText('No automatic slots available');
      await automatic.getByRole('button', { name: 'Switch to Manual Booking' }).click();
      const manual = page.getByRole('region', { name: 'Select Your Preferred Time' });
      await expect(manual.locator('.react-calendar')).toBeVisible();
      await expect(manual.getByRole('button', { name: /Slots available/ })).toHaveCount(0);
    },
  );

  test('says so when providers, services or slots cannot be fetched', async ({ page }) => {
    await signIn(page, DEMO.user);
    await page.route(`**${BOOKING_PATHS.fetchProviders}`, (route) => route.abort());
    await openBooking(page);
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(
      'Failed to fetch providers. Please try again.',
    );
    await page.getByLabel('Location').selectOption('Palakkad');
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(
      'Failed to fetch filtered providers. Please try again.',
    );

    await page.unroute(`**${BOOKING_PATHS.fetchProviders}`);
    await page.getByLabel('Location').selectOption({ label: 'All locations' });
    const sunrise = providerCard(page, 'Sunrise Clinic');
    await expect(sunrise).toBeVisible();

    await page.route(`**${BOOKING_PATHS.providerById}`, (route) => route.abort());
    await sunrise.getByRole('button', { name: 'Sunrise Clinic', exact: true }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(
      'Failed to load services. Please try again.',
    );
    await page.getByRole('button', { name: 'Back to providers' }).click();

    await page.unroute(`**${BOOKING_PATHS.providerById}`);
    await page.route(`**${BOOKING_PATHS.fetchSlot}`, (route) => route.abort());
    await providerCard(page, 'Sunrise Clinic')
      .getByRole('button', { name: 'Sunrise Clinic', exact: true })
      .click();
    await page
      .getByRole('group', { name: 'Services' })
      .getByRole('button', { name: /General Consultation/ })
      .click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(
      'Failed to load slots. Please try again.',
    );
  });
});
