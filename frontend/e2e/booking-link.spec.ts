import { type APIRequestContext } from '@playwright/test';
import { expect, test } from './clock';
import { createProviderWithBookings } from './appointments-helpers';

/**
 * Issue 29 "Telling people": a booking's e-mail (read from the local outbox, DEV_MAILBOX) carries
 * a signed Cancel link; its page opens without signing in, shows the booking and what cancelling
 * does, and cancels it on Confirm. The link's token works for this one appointment only.
 */

const MAILBOX = '/api/dev/mailbox';

/** A link of the newest booking mail to `email` naming `service`, once it is in the outbox. */
const linkFor = async (
  request: APIRequestContext,
  email: string,
  service: string,
  purpose: 'cancel' | 'reschedule' = 'cancel',
): Promise<URL> => {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`${MAILBOX}?to=${encodeURIComponent(email)}`);
        expect(response.ok(), 'the local outbox (DEV_MAILBOX=true) answers').toBeTruthy();
        const { messages } = (await response.json()) as {
          messages: { subject: string; text: string; ics?: string }[];
        };
        const booked = messages.find((message) => message.subject.startsWith(`Booked: ${service}`));
        link = booked?.text.match(new RegExp(`https?://\\S+/booking-link/${purpose}\\?\\S+`))?.[0];
        if (booked)
          expect(booked.ics, 'the booking mail carries its calendar entry').toContain('BEGIN:VEVENT');
        return link;
      },
      { message: `a booking mail reaches ${email}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return new URL(link!);
};

test('a user cancels from the e-mail link without signing in', async ({ page, request }) => {
  const booked = await createProviderWithBookings(request, 'Mailed');
  const link = await linkFor(request, booked.user.email, booked.serviceName);
  expect(link.pathname).toBe('/booking-link/cancel');

  // A tampered token is refused with a clear message.
  const tampered = new URLSearchParams(link.search);
  // Its first character changed: to 'x', unless it was one already (1 link in 64 before).
  const token = tampered.get('token')!;
  tampered.set('token', `${token.startsWith('x') ? 'y' : 'x'}${token.slice(1)}`);
  await page.goto(`${link.pathname}?${tampered.toString()}`);
  await expect(page.getByRole('alert')).toHaveText(
    'This link is not valid for this appointment. Please use the newest e-mail about it.',
  );

  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { name: 'Cancel your appointment' })).toBeVisible();
  await expect(page.getByText(booked.businessName)).toBeVisible();
  await expect(page.getByText('Nothing was paid: cancelling costs nothing.')).toBeVisible();
  await page.getByRole('button', { name: 'Confirm cancellation' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your appointment is cancelled.' })).toBeVisible();

  // The cancellation is mailed too, with the calendar's cancellation.
  await expect
    .poll(
      async () => {
        const response = await request.get(`${MAILBOX}?to=${encodeURIComponent(booked.user.email)}`);
        const { messages } = (await response.json()) as { messages: { subject: string; ics?: string }[] };
        return messages.find((message) => message.subject.startsWith('Cancelled:'))?.ics ?? '';
      },
      { timeout: 15_000 },
    )
    .toContain('STATUS:CANCELLED');
});

test('a user moves a booking to another time from the e-mail link', async ({ page, request }) => {
  const booked = await createProviderWithBookings(request, 'Relinked');
  const link = await linkFor(request, booked.user.email, booked.serviceName, 'reschedule');
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { name: 'Choose another time' })).toBeVisible();
  // The free times of the same service: the two intervals nobody holds.
  const times = page.getByRole('radio');
  await expect(times).toHaveCount(2);
  await times.first().check();
  await expect(page.getByText(/→/)).toBeVisible();
  await page.getByRole('button', { name: 'Confirm the new time' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your appointment is moved.' })).toBeVisible();
  // Used, the link moves nothing more: it was for the booking as it was.
  await page.reload();
  await expect(page.getByRole('alert')).toContainText('already');
});
