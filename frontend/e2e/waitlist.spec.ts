import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './clock';
import type { TimeSlot } from '@appointment/contracts/schedule';
import { API_PATHS, openFromMenu, registerUser, signIn } from './api-sign-in';
import {
  bearer,
  bookThroughApi,
  createProviderWithSplitSlots,
  longDateOf,
  openProviderService,
} from './booking-helpers';

/**
 * Issue 31, the waitlist: a user waits for a full interval, joined from the booking screen; its booker cancels; the waiter, offered
 * the place by e-mail, claims it from the mailed link and finds it booked on the Waitlist screen. A user waits for any place of a
 * full day from the booking screen. An offer shows live on the Waitlist screen, and a paid place claimed goes to its checkout.
 */

const WAITLIST_PATH = '/api/waitlist';

/** The claim link of the newest waitlist offer mailed to `email`. */
const offerLinkFor = async (request: APIRequestContext, email: string): Promise<URL> => {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`${API_PATHS.mailbox}?to=${encodeURIComponent(email)}`);
        const { messages } = (await response.json()) as { messages: { subject: string; text: string }[] };
        const offer = messages.find((message) => message.subject.startsWith('A place is free'));
        link = offer?.text.match(/https?:\/\/\S+\/waitlist\/offers\/\S+/)?.[0];
        return link;
      },
      { message: `an offer mail reaches ${email}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return new URL(link!);
};

/** The booking screen's manual mode on the day `daysAhead` days from today. */
const openManualDay = async (page: Page, daysAhead: number) => {
  await page
    .getByRole('region', { name: 'Next available slot' })
    .getByRole('button', { name: 'Switch to Manual Booking' })
    .click();
  const manual = page.getByRole('region', { name: 'Select Your Preferred Time' });
  await manual.getByRole('button', { name: 'Today', exact: true }).click();
  await manual.getByRole('group', { name: 'Calendar view' }).getByRole('button', { name: 'Day' }).click();
  for (let day = 0; day < daysAhead; day++) await manual.getByRole('button', { name: 'Next day' }).click();
  return manual;
};

const uniqueSuffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test('a user joins a waitlist, another cancels, the first claims the place from the e-mail link', async ({
  page,
  request,
}) => {
  const suffix = uniqueSuffix();
  const provider = await createProviderWithSplitSlots(request, {
    businessName: `Waitlist Studio ${suffix}`,
    service: `Session ${suffix}`,
    startTime: '09:00',
    endTime: '10:00',
    parts: 2,
    days: 1,
    firstDay: 3,
  });
  const timeSlot = provider.timeSlots[0]!;
  const booker = await registerUser(request, 'booker');
  const waiter = await registerUser(request, 'waiter');
  const booked = await bookThroughApi(request, booker.email, booker.password, provider, timeSlot, 1);
  expect(booked.status(), 'booking the interval').toBe(201);
  const { appointment } = (await booked.json()) as { appointment: { _id: string } };

  // The waiter joins the taken interval's waitlist from the booking screen (its day's list shows
  // it, unavailable), and sees it with their place in line.
  await signIn(page, waiter.email);
  await openProviderService(page, provider);
  const manual = await openManualDay(page, 3);
  const taken = manual
    .getByRole('region', { name: longDateOf(timeSlot.date), exact: true })
    .getByRole('listitem')
    .filter({ hasText: '9:00 AM - 9:30 AM' });
  await taken.getByRole('button', { name: 'Join the waitlist' }).click();
  await expect(taken.getByRole('button', { name: 'On the waitlist' })).toBeDisabled();
  await page.goto('/dashboard');
  await openFromMenu(page, 'Waitlist');
  await expect(page.getByRole('heading', { name: 'Waitlist', level: 1 })).toBeVisible();
  await expect(page.getByText('Status: Waiting · Position: 1')).toBeVisible();

  // The booker cancels: the place is offered to the waiter, by e-mail with a claim link.
  const cancelled = await request.post(`/api/appointments/${appointment._id}/cancel`, {
    headers: await bearer(request, booker.email),
  });
  expect(cancelled.status(), 'cancelling').toBe(200);
  const link = await offerLinkFor(request, waiter.email);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { name: 'A place is free for you' })).toBeVisible();
  await expect(page.getByText(provider.service, { exact: false }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Book it' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The place is yours' })).toBeVisible();

  await page.goto('/waitlist');
  await expect(page.getByText('Status: Booked')).toBeVisible();
});

test('a user waits for any place of a full day; a day whose place frees meanwhile is to be booked instead', async ({
  page,
  request,
}) => {
  const suffix = uniqueSuffix();
  // One place a day, on two days, both booked.
  const provider = await createProviderWithSplitSlots(request, {
    businessName: `Day Waitlist ${suffix}`,
    service: `Visit ${suffix}`,
    startTime: '09:00',
    endTime: '09:30',
    parts: 1,
    days: 2,
    firstDay: 3,
  });
  const [first, second] = provider.timeSlots as [TimeSlot, TimeSlot];
  const booker = await registerUser(request, 'booker');
  const waiter = await registerUser(request, 'waiter');
  const held: string[] = [];
  for (const timeSlot of [first, second]) {
    const booked = await bookThroughApi(request, booker.email, booker.password, provider, timeSlot, 1);
    expect(booked.status(), 'booking the day’s place').toBe(201);
    held.push(((await booked.json()) as { appointment: { _id: string } }).appointment._id);
  }

  // The first day has no free place left: the waiter waits for any place of it.
  await signIn(page, waiter.email);
  await openProviderService(page, provider);
  const manual = await openManualDay(page, 3);
  const firstDay = manual.getByRole('region', { name: longDateOf(first.date), exact: true });
  await firstDay.getByRole('button', { name: 'Join the waitlist for any place that day' }).click();
  await expect(
    firstDay.getByRole('button', { name: 'On the waitlist for any place that day' }),
  ).toBeDisabled();

  // The next day is full when shown, but its place frees before the waiter asks: the server's
  // refusal is said, and the freed place shows bookable.
  await manual.getByRole('button', { name: 'Next day' }).click();
  const secondDay = manual.getByRole('region', { name: longDateOf(second.date), exact: true });
  const joinSecond = secondDay.getByRole('button', { name: 'Join the waitlist for any place that day' });
  await expect(joinSecond).toBeEnabled();
  const cancelled = await request.post(`/api/appointments/${held[1]}/cancel`, {
    headers: await bearer(request, booker.email),
  });
  expect(cancelled.status(), 'cancelling').toBe(200);
  await joinSecond.click();
  await expect(secondDay.getByRole('alert')).toHaveText('This place is free: book it instead');
  await expect(secondDay.getByRole('button', { name: '9:00 AM - 9:30 AM' })).toBeEnabled();

  // The Waitlist screen lists the day entry once, for any place of that day.
  await page.goto('/dashboard');
  await openFromMenu(page, 'Waitlist');
  const entry = page.getByRole('listitem', { name: `${provider.service}, ${provider.businessName}` });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(`When: Any place on ${longDateOf(first.date)}`);
  await expect(entry).toContainText('Status: Waiting · Position: 1');
});

test('an offer heard live on the Waitlist screen; claimed for a paid service, it goes to checkout', async ({
  page,
  request,
}) => {
  const suffix = uniqueSuffix();
  const provider = await createProviderWithSplitSlots(request, {
    businessName: `Paid Waitlist ${suffix}`,
    service: `Paid Visit ${suffix}`,
    startTime: '09:00',
    endTime: '09:30',
    parts: 1,
    days: 1,
    firstDay: 3,
    price: 50,
  });
  const timeSlot = provider.timeSlots[0]!;
  const booker = await registerUser(request, 'booker');
  const waiter = await registerUser(request, 'waiter');
  const booked = await bookThroughApi(request, booker.email, booker.password, provider, timeSlot, 1);
  expect(booked.status(), 'booking the place').toBe(201);
  const { appointment } = (await booked.json()) as { appointment: { _id: string } };
  const joined = await request.post(WAITLIST_PATH, {
    headers: await bearer(request, waiter.email),
    data: { timeslotId: timeSlot._id, index: 1 },
  });
  expect(joined.status(), 'joining the waitlist').toBe(201);

  // The waiter watches the Waitlist screen, its live connection registered.
  await signIn(page, waiter.email);
  const registered = new Promise<void>((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framesent', (frame) => {
        if (String(frame.payload).includes('"register"')) resolve();
      });
    });
  });
  await page.goto('/waitlist');
  const entry = page.getByRole('listitem', { name: `${provider.service}, ${provider.businessName}` });
  await expect(entry).toContainText('Status: Waiting · Position: 1');
  await registered;

  // The booker cancels: the offer shows on the open screen without a reload.
  const cancelled = await request.post(`/api/appointments/${appointment._id}/cancel`, {
    headers: await bearer(request, booker.email),
  });
  expect(cancelled.status(), 'cancelling').toBe(200);
  await expect(entry).toContainText('Status: Offered to you');

  // Claimed from the offer's page, the paid place opens its checkout over the appointments.
  const listed = await page.request.get(WAITLIST_PATH);
  expect(listed.status(), 'listing the waitlist').toBe(200);
  const { entries } = (await listed.json()) as { entries: { offer: { id: string } | null }[] };
  const offerId = entries[0]?.offer?.id;
  expect(offerId, 'the open offer').toBeTruthy();
  await page.goto(`/waitlist/offers/${offerId}`);
  await page.getByRole('button', { name: 'Book it' }).click();
  await expect(page).toHaveURL(/\/appointments$/);
  const checkout = page.getByRole('dialog', { name: 'Payment Checkout' });
  await expect(checkout).toContainText(`Pay $50.00 for ${provider.service}.`);
  await checkout
    .frameLocator('iframe[title="Payment checkout"]')
    .getByRole('button', { name: 'Pay' })
    .click();
  await expect(
    page.getByRole('status').getByText('Payment received; your appointment will be confirmed shortly'),
  ).toBeVisible();
});
