import assert from 'node:assert/strict';
import type { z } from 'zod';
import { PAYMENT_PATHS, type PaymentResult, type SandboxPayRequest } from '@appointment/contracts/payments';
import type { ApiResponse, Person, PlatformWorld } from '../support/world';
import type { BookingAnswer } from './booking';

/*
 * Payments (docs/product.md §4, §7.3, §7.7) as the client drives them: the checkout the booking answer
 * names, the sandbox gateway paying an order, and the signed result reported back. The result a
 * person's checkout returned is kept, as the client keeps it, to be reported.
 */

/** The signed result the person's last sandbox payment returned. */
export const paymentResultOf = (world: PlatformWorld, person: Person): PaymentResult => {
  const result = world.paymentResults.get(person.name);
  assert.ok(result, `${person.name} has paid nothing`);
  return result;
};

/** Opens the checkout page a booking answer named, as the checkout window does (no session needed). */
export const openCheckout = (world: PlatformWorld, url: URL) => world.get(`${url.pathname}${url.search}`);

/** Pays the order of a booking in the sandbox checkout, as its page does. */
export const payInSandbox = async (
  world: PlatformWorld,
  payer: Person,
  booking: BookingAnswer,
): Promise<ApiResponse> => {
  assert.ok(booking.order, 'the booking carries no order');
  const body: z.input<typeof SandboxPayRequest> = { orderId: booking.order.id };
  const response = await world.request(payer, 'POST', PAYMENT_PATHS.sandboxPay, { body });
  if (response.status === 200) world.paymentResults.set(payer.name, response.body as PaymentResult);
  return response;
};

/** Reports a payment's result, as the client does once the checkout has finished. */
export const reportPayment = (world: PlatformWorld, person: Person, result: z.input<typeof PaymentResult>) =>
  world.request(person, 'POST', PAYMENT_PATHS.paymentSuccess, { body: result });
