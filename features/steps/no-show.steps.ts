import assert from 'node:assert/strict';
import { Given, Then } from '@cucumber/cucumber';
import { formatMoney } from '@appointment/contracts/money';
import { DEFAULT_BOOKING_POLICY, POLICY_PATHS } from '@appointment/contracts/policy';
import { appointmentAt, book, lastBookingOf, type BookingTarget } from '../drivers/booking';
import { payInSandbox, paymentResultOf, reportPayment } from '../drivers/payments';
import { eventually, ok } from '../support/assertions';
import type { PlatformWorld } from '../support/world';

/*
 * A no-show (issue 29): the provider's admin marks a scheduled appointment once it has ended; the
 * policy it was booked under says whether its payment is kept or refunded. Time passes on the
 * platform only (PlatformWorld.letTimePassUntil): the steps keep naming days as before.
 */

Given(
  '{person} has set the booking policy: a no-show is charged',
  async function (this: PlatformWorld, who: string) {
    const saved = await this.request(this.person(who), 'PUT', POLICY_PATHS.bookingPolicy, {
      body: { ...DEFAULT_BOOKING_POLICY, noShowCharged: true },
    });
    ok(saved, 200, 'saving the policy failed');
  },
);

Given(
  '{person} has booked and paid for {bookingTarget}',
  async function (this: PlatformWorld, who: string, target: BookingTarget) {
    const person = this.person(who);
    ok(await book(this, person, target), 201, 'booking failed');
    ok(await payInSandbox(this, person, lastBookingOf(this, person)), 200, 'the sandbox refused the payment');
    await reportPayment(this, person, paymentResultOf(this, person));
    await eventually(`${who}'s appointment to be paid`, async () =>
      (await appointmentAt(this, person, person, target.day, target.time)).paid ? true : undefined,
    );
  },
);

Given(
  "{person}'s appointment {day} at {time} has ended",
  async function (this: PlatformWorld, who: string, day: string, time: string) {
    const person = this.person(who);
    const { endDateTime } = await appointmentAt(this, person, person, day, time);
    this.letTimePassUntil(Date.parse(endDateTime) + 60_000);
  },
);

Then(
  /^(\w+) gets back (\S+) of (?:her|his|their) appointment (.+) at (\d{2}:\d{2}), and the clinic keeps (\S+)$/,
  async function (this: PlatformWorld, who: string, back: string, day: string, time: string, kept: string) {
    const person = this.person(who);
    const appointment = await appointmentAt(this, person, person, day, time);
    const money = (amount: number) => (amount === 0 ? 'nothing' : formatMoney(amount, appointment.currency));
    const { refund } = appointment;
    assert.equal(refund ? money(refund.amount) : 'nothing', back, JSON.stringify(appointment));
    // Without a refund the clinic keeps what was paid; with one, its fee.
    assert.equal(money(refund ? refund.fee : appointment.paid ? appointment.amount : 0), kept);
  },
);
