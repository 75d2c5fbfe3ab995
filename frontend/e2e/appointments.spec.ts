import { type Page } from '@playwright/test';
import { expect, test, testClock } from './clock';
import type { Appointment } from '@appointment/contracts/appointments';
import { DEMO, registerUser, signIn } from './api-sign-in';
import { uniqueName } from './booking-fixture';
import {
  bearer,
  createProviderWithSplitSlots,
  longDateOf,
  openProviderService,
  sundayOf,
} from './booking-helpers';
import {
  APPOINTMENT_PATHS,
  APPOINTMENT_TEXTS,
  adminPanel,
  appointmentList,
  createProviderWithBookings,
  expectCounts,
  longDate,
  statusCard,
  statusCards,
} from './appointments-helpers';

const toast = (page: Page, text: string) => page.getByRole('status').getByText(text);

test.describe('Appointments: counts, lists and status changes', () => {
  test(
    'a user sees their counts, the pending list with every field, and an empty status',
    { tag: '@any-hour' },
    async ({ page, request }) => {
      const booked = await createProviderWithBookings(request, 'Counts');
      expect(booked.appointments.map((appointment) => appointment.status)).toEqual(['pending', 'pending']);
      await signIn(page, booked.user.email);

      await page.goto('/appointments');
      await expect(page.getByRole('heading', { name: 'My Appointments', level: 1 })).toBeVisible();
      await expect(statusCards(page).getByRole('button')).toHaveCount(6);
      await expectCounts(page, {
        Scheduled: 0,
        Completed: 0,
        Pending: 2,
        Cancelled: 0,
        'No-show': 0,
        Total: 2,
      });

      await statusCard(page, 'Pending').click();
      await expect(page).toHaveURL(/\/appointments\/list$/);
      await expect(page.getByRole('heading', { name: 'Pending Appointments', level: 1 })).toBeVisible();
      const cards = appointmentList(page).getByRole('article');
      await expect(cards).toHaveCount(2);
      const times = ['9:00 AM - 9:30 AM', '9:30 AM - 10:00 AM'];
      for (const [index, time] of times.entries()) {
        const card = cards.nth(index);
        await expect(card.getByRole('heading', { name: booked.serviceName })).toBeVisible();
        await expect(card).toContainText(booked.user.email);
        await expect(card).toContainText(longDate(booked.date));
        await expect(card).toContainText(time);
        await expect(card).toContainText(booked.businessName);
        await expect(card).toContainText(booked.user.id);
        await expect(card.getByText('pending', { exact: true })).toBeVisible();
      }
      // Only an admin gets the status dropdown.
      await expect(appointmentList(page).getByRole('combobox')).toHaveCount(0);

      await page.getByRole('button', { name: 'Back' }).click();
      await expect(page).toHaveURL(/\/appointments$/);
      await statusCard(page, 'Completed').click();
      await expect(page.getByRole('heading', { name: 'Completed Appointments', level: 1 })).toBeVisible();
      await expect(page.getByText(APPOINTMENT_TEXTS.empty)).toBeVisible();

      await page.getByRole('button', { name: 'Back' }).click();
      await statusCard(page, 'Total').click();
      await expect(page.getByRole('heading', { name: 'All Appointments', level: 1 })).toBeVisible();
      await expect(appointmentList(page).getByRole('article')).toHaveCount(2);

      await page.goto('/appointments');
      await page.getByRole('link', { name: 'Book New Appointment' }).click();
      await expect(page).toHaveURL(/\/appointments\/book$/);
    },
  );

  test("a user's dashboard shows recent providers and booked services that lead to booking", async ({
    page,
    request,
  }) => {
    const booked = await createProviderWithBookings(request, 'Recent');
    await signIn(page, booked.user.email);
    await page.goto('/dashboard');

    const counts = page.getByRole('list', { name: 'Appointment counts' });
    await expect(counts.getByRole('listitem').filter({ hasText: 'Pending' })).toContainText('2');
    await expect(page.getByRole('region', { name: 'All Appointments' })).toHaveCount(0);

    const recent = page.getByRole('region', { name: 'Recent Providers' });
    const provider = recent.getByRole('article', { name: booked.businessName });
    await expect(provider).toBeVisible();
    await expect(provider).toContainText('14 Stadium Road, Palakkad, Kerala 678001');
    await expect(provider).toContainText(longDate(booked.date));
    await expect(provider.getByRole('img', { name: `No image for ${booked.businessName}` })).toBeVisible();

    const services = page.getByRole('region', { name: 'Services' });
    const service = services.getByRole('article', {
      name: `${booked.serviceName} at ${booked.businessName}`,
    });
    // The provider is in Kerala, India: its prices are in rupees.
    await expect(service).toContainText('₹0.00');
    await expect(service.getByRole('button', { name: 'Book Again' })).toBeVisible();
    await service.getByRole('button', { name: 'Book New' }).click();
    await expect(page).toHaveURL(/\/appointments\/book$/);

    await page.goto('/dashboard');
    await recent.getByRole('link', { name: 'View All' }).click();
    await expect(page).toHaveURL(/\/appointments$/);
  });

  test(
    "the provider's admin confirms and rejects on the dashboard, then sets a status on the list; the user's counts follow",
    { tag: '@any-hour' },
    async ({ page, request }) => {
      const booked = await createProviderWithBookings(request, 'Decide');
      await signIn(page, booked.adminEmail);
      await page.goto('/dashboard');

      const panel = adminPanel(page);
      const items = panel.getByRole('list', { name: 'Appointments' }).getByRole('article');
      await expect(items).toHaveCount(2);
      // The list scrolls in a labelled region the keyboard can reach and scroll.
      const panelScroller = panel.getByRole('region', { name: 'Appointments' });
      await expect(panelScroller).toHaveCSS('overflow-y', 'auto');
      await expect(panelScroller).toHaveAttribute('tabindex', '0');
      const [first, second] = [
        items.filter({ hasText: '9:00 AM - 9:30 AM' }),
        items.filter({ hasText: '9:30 AM - 10:00 AM' }),
      ];
      await expect(first).toContainText(booked.user.name);
      await expect(first).toContainText(booked.user.email);
      await expect(first).toContainText(longDate(booked.date));
      await expect(first).toContainText('₹0.00');
      await expect(page.getByRole('region', { name: 'Recent Providers' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Book New' })).toHaveCount(0);
      await expect(
        page.getByRole('region', { name: 'Services' }).getByRole('article', { name: booked.serviceName }),
      ).toBeVisible();

      // The filters: status, a search by user, and the location (a whole word of the provider's address).
      const filters = panel.getByRole('group', { name: 'Appointment filters' });
      await filters.getByLabel('Status').selectOption('scheduled');
      await expect(panel.getByText(APPOINTMENT_TEXTS.empty)).toBeVisible();
      await filters.getByLabel('Status').selectOption('pending');
      await expect(items).toHaveCount(2);
      await filters.getByLabel('Search').fill('nobody-at-all');
      await expect(panel.getByText(APPOINTMENT_TEXTS.empty)).toBeVisible();
      await filters.getByLabel('Search').fill(booked.user.email);
      await expect(items).toHaveCount(2);
      await filters.getByLabel('Location').selectOption('Chicago');
      await expect(panel.getByText(APPOINTMENT_TEXTS.empty)).toBeVisible();
      await filters.getByLabel('Location').selectOption('Palakkad');
      await expect(items).toHaveCount(2);
      await filters.getByLabel('Search').fill('');
      await filters.getByLabel('Location').selectOption('');
      await filters.getByLabel('Status').selectOption('all');
      await expect(items).toHaveCount(2);

      // Confirm → scheduled, Reject → cancelled; each item changes in place.
      await first.getByRole('button', { name: 'Confirm' }).click();
      await expect(toast(page, APPOINTMENT_TEXTS.markedAs('scheduled'))).toBeVisible();
      await expect(first.getByText('scheduled', { exact: true })).toBeVisible();
      await expect(first.getByRole('button', { name: 'Confirm' })).toHaveCount(0);
      await second.getByRole('button', { name: 'Reject' }).click();
      await expect(toast(page, APPOINTMENT_TEXTS.markedAs('cancelled'))).toBeVisible();
      await expect(second.getByText('cancelled', { exact: true })).toBeVisible();
      await expect(second.getByRole('button', { name: 'Reject' })).toHaveCount(0);
      const counts = page.getByRole('list', { name: 'Appointment counts' });
      await expect(counts.getByRole('listitem').filter({ hasText: 'Scheduled' })).toContainText('1');
      await expect(counts.getByRole('listitem').filter({ hasText: 'Cancelled' })).toContainText('1');
      await expect(counts.getByRole('listitem').filter({ hasText: 'Pending' })).toContainText('0');

      // On the list the admin sets any status with the dropdown and returns to /appointments.
      await page.goto('/appointments');
      await expect(page.getByRole('heading', { name: 'Appointments', level: 1 })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Book New Appointment' })).toHaveCount(0);
      await expectCounts(page, { Scheduled: 1, Cancelled: 1, Pending: 0, Total: 2 });
      await statusCard(page, 'Scheduled').click();
      await expect(page.getByRole('heading', { name: 'Scheduled Appointments', level: 1 })).toBeVisible();
      const list = appointmentList(page);
      // The admin's long list scrolls in a labelled region the keyboard can reach and scroll.
      const scroller = page.getByRole('region', { name: 'Appointment list' });
      await expect(scroller).toHaveCSS('max-height', '500px');
      await expect(scroller).toHaveCSS('overflow-y', 'auto');
      await expect(scroller).toHaveAttribute('tabindex', '0');
      await expect(scroller.getByRole('list', { name: 'Appointment list' })).toBeVisible();
      await expect(list.getByRole('article')).toHaveCount(1);
      const select = list.getByRole('combobox', { name: 'Change status' });
      await expect(select.locator('option')).toHaveText([
        'Scheduled',
        'Completed',
        'Cancelled',
        'Pending',
        'No-show',
      ]);
      await select.selectOption('completed');
      await expect(page).toHaveURL(/\/appointments$/);
      await expect(toast(page, APPOINTMENT_TEXTS.markedAs('completed'))).toBeVisible();
      await expectCounts(page, { Scheduled: 0, Completed: 1, Cancelled: 1, Pending: 0, Total: 2 });

      // The user sees the same.
      await signIn(page, booked.user.email);
      await page.goto('/appointments');
      await expectCounts(page, { Scheduled: 0, Completed: 1, Pending: 0, Cancelled: 1, Total: 2 });
      await statusCard(page, 'Cancelled').click();
      await expect(page.getByRole('heading', { name: 'Cancelled Appointments', level: 1 })).toBeVisible();
      const cancelled = appointmentList(page).getByRole('article');
      await expect(cancelled).toHaveCount(1);
      await expect(cancelled).toContainText('9:30 AM - 10:00 AM');
      await expect(cancelled.getByText('cancelled', { exact: true })).toBeVisible();
    },
  );

  test('a user cancels an upcoming appointment after being told what happens; the card and the counts follow (issue 29)', async ({
    page,
    request,
  }) => {
    const booked = await createProviderWithBookings(request, 'Cancelling');
    await signIn(page, booked.user.email);
    await page.goto('/appointments');
    await statusCard(page, 'Total').click();
    const cards = appointmentList(page).getByRole('article');
    await expect(cards).toHaveCount(2);
    const first = cards.filter({ hasText: '9:00 AM - 9:30 AM' });

    await first
      .getByRole('button', { name: `Cancel ${booked.serviceName} on ${longDate(booked.date)}` })
      .click();
    const dialog = page.getByRole('alertdialog', { name: 'Cancel appointment' });
    await expect(dialog).toContainText(
      `Cancel your appointment for ${booked.serviceName} at ${booked.businessName} on ${longDate(booked.date)}, 9:00 AM - 9:30 AM? Its place is freed for others at once.`,
    );
    // Keeping it changes nothing.
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(first.getByText('pending', { exact: true })).toBeVisible();

    await first.getByRole('button', { name: /^Cancel / }).click();
    await dialog.getByRole('button', { name: 'Cancel appointment' }).click();
    await expect(page.getByRole('status').getByText('Appointment cancelled')).toBeVisible();
    await expect(first.getByText('cancelled', { exact: true })).toBeVisible();
    await expect(first.getByRole('button', { name: /^Cancel / })).toHaveCount(0);
    await expect(
      cards.filter({ hasText: '9:30 AM - 10:00 AM' }).getByRole('button', { name: /^Cancel / }),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Back' }).click();
    await expectCounts(page, { Scheduled: 0, Completed: 0, Pending: 1, Cancelled: 1, Total: 2 });
  });

  test(
    'a user moves a booking to another interval after seeing where from and where to; the card follows and the old interval is offered again (issue 29)',
    { tag: '@any-hour' },
    async ({ page, request }) => {
      // A clinic of the test's own, named unlike the demo's (other tests find "Sunrise Clinic" by name).
      const provider = await createProviderWithSplitSlots(request, {
        businessName: uniqueName('Moving Day Clinic'),
        industry: 'Healthcare',
        address: '12 Stadium Road, Palakkad, Kerala 678001',
        service: 'Follow-up Visit',
        startTime: '09:00',
        endTime: '11:00',
        parts: 4,
        days: 1,
        // Three days ahead: well before the default policy's reschedule deadline (24 hours).
        firstDay: 3,
      });
      const day = longDate(provider.timeSlots[0]!.date);
      const user = await registerUser(request, 'reschedule');
      await signIn(page, user.email, user.password);

      // The user books Follow-up Visit's next slot.
      await openProviderService(page, provider, 'Healthcare');
      const automatic = page.getByRole('region', { name: 'Next available slot' });
      await expect(automatic).toContainText('9:00 AM - 9:30 AM');
      await automatic.getByRole('button', { name: 'Book Now' }).click();
      await page
        .getByRole('dialog', { name: 'Confirm Booking' })
        .getByRole('button', { name: 'Submit' })
        .click();
      await expect(page).toHaveURL(/\/appointments$/);

      await statusCard(page, 'Total').click();
      const card = appointmentList(page).getByRole('article');
      await expect(card).toHaveCount(1);
      await expect(card).toContainText('9:00 AM - 9:30 AM');
      await card.getByRole('button', { name: `Reschedule Follow-up Visit on ${day}` }).click();

      // The booking screen opens on the provider and the service, saying which booking moves.
      await expect(page).toHaveURL(/\/appointments\/reschedule$/);
      await expect(
        page.getByRole('region', { name: `Rescheduling Follow-up Visit on ${day}, 9:00 AM - 9:30 AM` }),
      ).toBeVisible();
      await expect(page.getByRole('heading', { name: provider.businessName, level: 2 })).toBeVisible();
      await expect(
        page.getByRole('group', { name: 'Services' }).getByRole('button', { name: /Follow-up Visit/ }),
      ).toHaveAttribute('aria-pressed', 'true');
      // Its own interval is taken: the next one is offered.
      await expect(automatic).toContainText('9:30 AM - 10:00 AM');

      // Manual mode: another interval of the week.
      await automatic.getByRole('button', { name: 'Switch to Manual Booking' }).click();
      const manual = page.getByRole('region', { name: 'Select Your Preferred Time' });
      const views = manual.getByRole('group', { name: 'Calendar view' });
      const week = manual.getByRole('region', {
        name: `Week view, ${longDateOf(sundayOf(provider.timeSlots[0]!.date))}`,
      });
      // The week view opens on this week, from its Sunday (docs/product.md §9): the booking's day
      // may be in the next one.
      const openWeek = async () => {
        await views.getByRole('button', { name: 'Week' }).click();
        await expect(manual.getByRole('region', { name: /^Week view, / })).toBeVisible();
        if (!(await week.isVisible())) await manual.getByRole('button', { name: 'Next week' }).click();
        await expect(week).toBeVisible();
      };
      await openWeek();
      await expect(week.getByRole('button', { name: '9:00 AM - 9:30 AM' })).toHaveCount(0);
      await week.getByRole('button', { name: '10:00 AM - 10:30 AM' }).click();

      const dialog = page.getByRole('dialog', { name: 'Reschedule appointment' });
      await expect(dialog).toContainText(`From ${day}, 9:00 AM - 9:30 AM to ${day}, 10:00 AM - 10:30 AM`);
      await dialog.getByRole('button', { name: 'Move appointment' }).click();

      await expect(toast(page, 'Appointment rescheduled')).toBeVisible();
      await expect(page).toHaveURL(/\/appointments\/list$/);
      await expect(page.getByRole('heading', { name: 'All Appointments', level: 1 })).toBeVisible();
      await expect(card).toHaveCount(1);
      await expect(card).toContainText('10:00 AM - 10:30 AM');
      await expect(card).not.toContainText('9:00 AM - 9:30 AM');
      // Once of the default policy's two: it may move again.
      await expect(card.getByRole('button', { name: `Reschedule Follow-up Visit on ${day}` })).toBeVisible();

      // The old interval is free again, the new one taken.
      await openProviderService(page, provider, 'Healthcare');
      await expect(automatic).toContainText('9:00 AM - 9:30 AM');
      await automatic.getByRole('button', { name: 'Switch to Manual Booking' }).click();
      await openWeek();
      await expect(week.getByRole('button', { name: '9:00 AM - 9:30 AM' })).toBeVisible();
      await expect(week.getByRole('button', { name: '10:00 AM - 10:30 AM' })).toHaveCount(0);
    },
  );

  test(
    "the provider's admin moves a user's booking to another interval; the card shows the new time (issue 29)",
    { tag: '@any-hour' },
    async ({ page, request }) => {
      const booked = await createProviderWithBookings(request, 'Rebooking');
      const day = longDate(booked.date);
      await signIn(page, booked.adminEmail);

      await page.goto('/appointments');
      await statusCard(page, 'Total').click();
      const cards = appointmentList(page).getByRole('article');
      await expect(cards).toHaveCount(2);
      await cards
        .filter({ hasText: '9:00 AM - 9:30 AM' })
        .getByRole('button', { name: `Reschedule ${booked.serviceName} on ${day}` })
        .click();

      // The booking screen in reschedule mode, on the provider and the service of the booking.
      await expect(page).toHaveURL(/\/appointments\/reschedule$/);
      await expect(
        page.getByRole('region', { name: `Rescheduling ${booked.serviceName} on ${day}, 9:00 AM - 9:30 AM` }),
      ).toBeVisible();
      await expect(page.getByRole('heading', { name: booked.businessName, level: 2 })).toBeVisible();
      // Both first intervals are the user's: the next free one is offered.
      const automatic = page.getByRole('region', { name: 'Next available slot' });
      await expect(automatic).toContainText('10:00 AM - 10:30 AM');
      await automatic.getByRole('button', { name: 'Book Now' }).click();

      const dialog = page.getByRole('dialog', { name: 'Reschedule appointment' });
      await expect(dialog).toContainText(
        `Move the appointment of ${booked.user.email} for ${booked.serviceName}?`,
      );
      await expect(dialog).toContainText(`From ${day}, 9:00 AM - 9:30 AM to ${day}, 10:00 AM - 10:30 AM`);
      await dialog.getByRole('button', { name: 'Move appointment' }).click();

      await expect(toast(page, 'Appointment rescheduled')).toBeVisible();
      await expect(page).toHaveURL(/\/appointments\/list$/);
      await expect(cards).toHaveCount(2);
      await expect(cards.filter({ hasText: '10:00 AM - 10:30 AM' })).toContainText(booked.user.email);
      await expect(cards.filter({ hasText: '9:00 AM - 9:30 AM' })).toHaveCount(0);
    },
  );

  test("the provider's admin marks an ended appointment as a no-show and sees it so (issue 29)", async ({
    page,
    request,
  }) => {
    const booked = await createProviderWithBookings(request, 'Absent');
    const appointment = booked.appointments[0]!;
    const confirmed = await request.post(APPOINTMENT_PATHS.updateStatus, {
      headers: await bearer(request, booked.adminEmail),
      data: { id: appointment._id, status: 'scheduled' },
    });
    expect(confirmed.ok(), 'confirming the appointment').toBeTruthy();
    // Its time is over for this page's requests only (TEST_CLOCK_SHIFTS in playwright.config.ts):
    // the tests beside it on the same server keep the run's clock.
    const shift = Date.parse(appointment.endDateTime) + 60_000 - testClock().getTime();
    await page.setExtraHTTPHeaders({ 'X-Test-Clock-Shift': String(shift) });
    await signIn(page, booked.adminEmail);

    await page.goto('/appointments');
    await statusCard(page, 'Scheduled').click();
    const cards = appointmentList(page).getByRole('article');
    await expect(cards).toHaveCount(1);
    await cards.getByRole('combobox', { name: 'Change status' }).selectOption('no_show');
    await expect(page).toHaveURL(/\/appointments$/);
    await expect(toast(page, APPOINTMENT_TEXTS.markedAs('no_show'))).toBeVisible();
    await expectCounts(page, { Scheduled: 0, Pending: 1, 'No-show': 1, Total: 2 });

    await statusCard(page, 'No-show').click();
    await expect(page.getByRole('heading', { name: 'No-show Appointments', level: 1 })).toBeVisible();
    await expect(cards).toHaveCount(1);
    await expect(cards).toContainText('9:00 AM - 9:30 AM');
    await expect(cards.getByText('no-show', { exact: true })).toBeVisible();
    await expect(cards.getByRole('combobox', { name: 'Change status' })).toHaveValue('no_show');
  });

  test('the incharge sees the appointments panel without Confirm or Reject', async ({ page }) => {
    await signIn(page, DEMO.incharge);
    await page.goto('/dashboard');
    await expect(adminPanel(page)).toBeVisible();
    await expect(adminPanel(page).getByRole('group', { name: 'Appointment filters' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Confirm' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Reject' })).toHaveCount(0);
  });
});

test.describe('Appointments: failures', () => {
  test('the list says so while loading, when it cannot load, and opens on all appointments by default', async ({
    page,
  }) => {
    await signIn(page, DEMO.user);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**${APPOINTMENT_PATHS.list}`, async (route) => {
      await held;
      await route.fulfill({ status: 500, json: { message: 'Down' } });
    });
    await page.goto('/appointments/list');
    await expect(page.getByRole('heading', { name: 'All Appointments', level: 1 })).toBeVisible();
    await expect(page.getByText('Loading appointments...')).toBeVisible();
    release();
    await expect(page.getByRole('alert')).toHaveText(APPOINTMENT_TEXTS.loadFailed);
    await expect(page.getByText('Loading appointments...')).toHaveCount(0);
  });

  test('a status change the server refuses shows the error line and the toast and stays on the list', async ({
    page,
  }) => {
    const appointment = {
      _id: 'a-fake-appointment',
      userId: 'some-user',
      email: 'someone@example.com',
      username: 'Some One',
      providerId: 'p',
      providerName: 'Fake Clinic',
      serviceName: 'Fake Service',
      timeslotId: 't',
      index: 1,
      date: '2030-01-07',
      starttime: '14:00',
      startTime: '14:00',
      endtime: '14:30',
      endTime: '14:30',
      startDateTime: '2030-01-07T08:30:00.000Z',
      endDateTime: '2030-01-07T09:00:00.000Z',
      timezone: 'Asia/Kolkata',
      status: 'scheduled',
      paymentNeeded: false,
      paid: false,
      amount: 0,
      currency: 'INR',
      createdAt: '2029-12-01T00:00:00.000Z',
      updatedAt: '2029-12-01T00:00:00.000Z',
    } satisfies Appointment;
    await signIn(page, DEMO.admin);
    await page.route(`**${APPOINTMENT_PATHS.list}`, (route) =>
      route.fulfill({ json: { appointments: [appointment] } }),
    );
    await page.route(`**${APPOINTMENT_PATHS.updateStatus}`, (route) =>
      route.fulfill({ status: 500, json: { message: 'Down' } }),
    );
    await page.goto('/appointments');
    await statusCard(page, 'Scheduled').click();
    const card = appointmentList(page).getByRole('article');
    await expect(card).toContainText('Monday, January 7, 2030');
    await expect(card).toContainText('2:00 PM - 2:30 PM');
    await card.getByRole('combobox', { name: 'Change status' }).selectOption('cancelled');

    await expect(page.getByRole('alert')).toHaveText(APPOINTMENT_TEXTS.statusUpdateFailed);
    await expect(toast(page, APPOINTMENT_TEXTS.statusUpdateToast)).toBeVisible();
    await expect(page).toHaveURL(/\/appointments\/list$/);
    await expect(card.getByText('scheduled', { exact: true })).toBeVisible();
    await expect(card.getByRole('combobox', { name: 'Change status' })).toHaveValue('scheduled');
  });
});
