import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type pg from 'pg';
import { migrateSchema } from '@appointment/projections/db/transaction';
import { toMinorUnits } from '@appointment/contracts/money';
import { PAYMENT_PATHS, type PaymentResult } from '@appointment/contracts/payments';
import type { Order, OrderRequest, PaymentGateway, RefundRequest } from './payment-gateway';

/** A signature over an order and a payment, as the card provider signs its results. */
export const signPayment = (secret: string, orderId: string, paymentId: string): string =>
  createHmac('sha256', secret).update(`${orderId}|${paymentId}`).digest('hex');

export const signaturesMatch = (expected: string, given: string): boolean => {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * The sandbox's refunds, as a card provider keeps them: one per idempotency key, however often it
 * is sent (`attempts` counts the sends, for tests and the kill soak).
 */
const REFUNDS_SCHEMA = `
CREATE SCHEMA IF NOT EXISTS payments_sandbox;
CREATE TABLE IF NOT EXISTS payments_sandbox.refunds (
  key text PRIMARY KEY,
  refund_id text NOT NULL,
  payment_id text NOT NULL,
  amount bigint NOT NULL,
  currency text NOT NULL,
  attempts integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now()
);
`;

export const migrateSandboxRefunds = (pool: pg.Pool) =>
  migrateSchema(pool, 'payments_sandbox', REFUNDS_SCHEMA);

/**
 * The offline gateway: orders are made here, its checkout page (served by this product) can pay
 * or decline, and a payment is signed with a secret kept in the database, so a client cannot
 * make one up. Its refunds are kept in the database too, once per key.
 */
export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox';

  /** `ledger`: the database its refunds are kept in (migrateSandboxRefunds). */
  constructor(
    private readonly secret: string,
    private readonly ledger?: pg.Pool,
  ) {}

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

  /**
   * One refund per key, as the card provider's idempotent refunds: the same key again answers the
   * first refund; the same key for another payment or amount is refused (its BAD_REQUEST).
   */
  async refund(request: RefundRequest): Promise<{ refundId: string }> {
    if (!this.ledger) throw new Error('the sandbox keeps refunds in a database it was not given');
    const refundId = `rfnd_${createHash('sha256').update(request.key).digest('base64url').slice(0, 14)}`;
    const { rows } = await this.ledger.query<{ refund_id: string; payment_id: string; amount: string }>(
      `INSERT INTO payments_sandbox.refunds (key, refund_id, payment_id, amount, currency)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (key) DO UPDATE SET attempts = payments_sandbox.refunds.attempts + 1
       RETURNING refund_id, payment_id, amount`,
      [request.key, refundId, request.paymentId, request.amount, request.currency],
    );
    const made = rows[0]!;
    if (made.payment_id !== request.paymentId || Number(made.amount) !== request.amount)
      throw new Error(`refund ${request.key} was made before for another payment or amount`);
    return { refundId: made.refund_id };
  }
}
