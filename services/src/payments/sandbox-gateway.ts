import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { toMinorUnits } from '@appointment/contracts/money';
import { PAYMENT_PATHS, type PaymentResult } from '@appointment/contracts/payments';
import type { Order, OrderRequest, PaymentGateway } from './payment-gateway';

/** A signature over an order and a payment, as the card provider signs its results. */
export const signPayment = (secret: string, orderId: string, paymentId: string): string =>
  createHmac('sha256', secret).update(`${orderId}|${paymentId}`).digest('hex');

export const signaturesMatch = (expected: string, given: string): boolean => {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * The offline gateway: orders are made here, its checkout page (served by this product) can pay
 * or decline, and a payment is signed with a secret kept in the database, so a client cannot
 * make one up.
 */
export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox';

  constructor(private readonly secret: string) {}

  async createOrder(request: OrderRequest): Promise<Order> {
    return {
      id: `order_${request.appointmentId.replace(/-/g, '')}`,
      amount: toMinorUnits(request.amount, request.currency),
      currency: request.currency,
      notes: { service_name: request.serviceName, service_description: request.serviceDescription },
    };
  }

  checkout(order: Order) {
    const query = new URLSearchParams({
      order: order.id,
      amount: String(order.amount),
      currency: order.currency,
      service: order.notes.service_name,
    });
    return { gateway: 'sandbox' as const, url: `${PAYMENT_PATHS.sandboxCheckout}?${query.toString()}` };
  }

  /** What the checkout page's Pay button gets: a new payment id and its signature. */
  pay(orderId: string): PaymentResult {
    const paymentId = `pay_${randomBytes(9).toString('base64url')}`;
    return { orderId, paymentId, signature: signPayment(this.secret, orderId, paymentId) };
  }

  verify(result: PaymentResult): boolean {
    return signaturesMatch(signPayment(this.secret, result.orderId, result.paymentId), result.signature);
  }
}
