import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { PAYMENT_PATHS } from '@appointment/contracts/payments';
import { Then, When, type DataTable } from '@cucumber/cucumber';
import { appointmentAt, lastBookingOf } from '../drivers/booking';
import { openCheckout, paymentResultOf, payInSandbox, reportPayment } from '../drivers/payments';
import { eventually, ok, sameRows } from '../support/assertions';
import { PAYMENT_TIMEOUT_MS, type Person, type PlatformWorld } from '../support/world';

/* Paying for a booking (docs/product.md §4, §7.3, §7.7), driven through the API as the client does. */

Then('{person} is asked to pay this order:', function (this: PlatformWorld, who: string, table: DataTable) {
  const { order } = lastBookingOf(this, this.person(who));
  assert.ok(order, `${who} was given no order`);
  const expected = table.rowsHash();
  sameRows(
    [
      {
        amount: String(order.amount),
        currency: order.currency,
        service: order.notes.service_name,
        description: order.notes.service_description,
      },
    ],
    [expected],
    'another order',
  );
  assert.ok(order.id, 'the order has no id');
});

Then('{person} is asked for no payment', function (this: PlatformWorld, who: string) {
  const booking = lastBookingOf(this, this.person(who));
  assert.equal(booking.order, undefined, `an order: ${JSON.stringify(booking.order)}`);
  assert.equal(booking.checkout, undefined, `a checkout: ${JSON.stringify(booking.checkout)}`);
});

Then(
  "{person}'s checkout is the sandbox page, showing {string}",
  async function (this: PlatformWorld, who: string, text: string) {
    const { order, checkout } = lastBookingOf(this, this.person(who));
    assert.ok(order && checkout, `${who} was given no checkout`);
    assert.equal(checkout.gateway, 'sandbox', JSON.stringify(checkout));
    const url = new URL(checkout.url, this.baseUrl);
    assert.equal(url.origin, this.baseUrl, 'the sandbox checkout is not on the same origin');
    assert.equal(url.pathname, PAYMENT_PATHS.sandboxCheckout);
    const page = await openCheckout(this, url);
    assert.equal(page.status, 200);
    const html = String(page.body);
    assert.ok(html.includes('Sandbox checkout'), 'this is not the sandbox checkout');
    assert.ok(html.includes(order.id), 'the page does not name the order');
    assert.ok(html.includes(text), `the page does not show "${text}":\n${html}`);
  },
);

const pays = (world: PlatformWorld, payer: Person, owner: Person) =>
  payInSandbox(world, payer, lastBookingOf(world, owner));

When(
  '{person} pays her/his/their order in the sandbox checkout',
  async function (this: PlatformWorld, who: string) {
    const person = this.person(who);
    ok(await pays(this, person, person), 200, 'the sandbox refused the payment');
  },
);

When(
  "{person} tries to pay {person}'s order in the sandbox checkout",
  async function (this: PlatformWorld, who: string, owner: string) {
    await pays(this, this.person(who), this.person(owner));
  },
);

When('{person} reports the payment', async function (this: PlatformWorld, who: string) {
  await reportPayment(this, this.person(who), paymentResultOf(this, this.person(who)));
});

When(
  "{person} reports {person}'s payment as her/his/their own",
  async function (this: PlatformWorld, who: string, owner: string) {
    await reportPayment(this, this.person(who), paymentResultOf(this, this.person(owner)));
  },
);

When(
  '{person} reports a payment for her/his/their order with a signature she/he/they made up',
  async function (this: PlatformWorld, who: string) {
    const person = this.person(who);
    const { order } = lastBookingOf(this, person);
    assert.ok(order, `${who} was given no order`);
    await reportPayment(this, person, {
      orderId: order.id,
      paymentId: `pay_${randomUUID().replace(/-/g, '').slice(0, 14)}`,
      signature: 'f'.repeat(64),
    });
  },
);

Then(
  "{person}'s appointment {day} at {time} is not paid",
  async function (this: PlatformWorld, who: string, day: string, time: string) {
    const person = this.person(who);
    assert.equal((await appointmentAt(this, person, person, day, time)).paid, false);
  },
);

Then(
  "{person}'s appointment {day} at {time} is soon paid and {appointmentStatus}",
  async function (this: PlatformWorld, who: string, day: string, time: string, status: string) {
    const person = this.person(who);
    const settled = await eventually(`${who}'s appointment to be paid and ${status}`, async () => {
      const appointment = await appointmentAt(this, person, person, day, time);
      return appointment.paid && appointment.status === status ? appointment : undefined;
    });
    assert.equal(settled.paid, true);
  },
);

When(
  '{person} leaves her/his/their order unpaid past the payment timeout',
  async function (this: PlatformWorld, _who: string) {
    // Long enough for the delayed job to come due and run.
    await new Promise((resolve) => setTimeout(resolve, PAYMENT_TIMEOUT_MS + 1000));
  },
);
