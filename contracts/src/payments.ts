import { z } from 'zod';

/**
 * Payments (docs/product.md §4 booking flow, §7.7). A paid booking answers with an order; the client runs
 * the checkout (the offline sandbox's page, or the card provider's script) and then sends the
 * payment result, which the server verifies before the appointment counts as paid.
 */
export const PaymentResult = z.object({
  orderId: z.string().min(1).max(200),
  paymentId: z.string().min(1).max(200),
  signature: z.string().min(1).max(500),
});
export type PaymentResult = z.infer<typeof PaymentResult>;

/** POST /api/payments/checkout ("Pay now"): the unpaid appointment. */
export const PayAgainRequest = z.object({ appointmentId: z.string().min(1).max(100) });

/** POST /api/payments/sandbox/pay: the order the sandbox checkout pays. */
export const SandboxPayRequest = z.object({ orderId: z.string().min(1).max(200) });

/** How the client runs the checkout for an order. */
export const CheckoutInfo = z.discriminatedUnion('gateway', [
  z.object({ gateway: z.literal('sandbox'), url: z.string() }),
  z.object({ gateway: z.literal('razorpay'), keyId: z.string(), scriptUrl: z.string() }),
]);
export type CheckoutInfo = z.infer<typeof CheckoutInfo>;

export const PAYMENT_PATHS = {
  /** docs/product.md §7.3: the booking call for card payment, named for the provider; the same as bookappointment. */
  cardBooking: '/api/appointments/razorpay',
  /** docs/product.md §7.3: the call after payment success. */
  paymentSuccess: '/api/appointments/paymentsuccess',
  sandboxCheckout: '/api/payments/sandbox/checkout',
  sandboxScript: '/api/payments/sandbox/checkout.js',
  sandboxPay: '/api/payments/sandbox/pay',
  /** "Pay now" on an unpaid booking: its order and a checkout again, until its timeout. */
  payAgain: '/api/payments/checkout',
} as const;

/** The message the sandbox checkout posts to the page that opened it. */
export const SANDBOX_MESSAGE = 'appointment-sandbox-payment';
