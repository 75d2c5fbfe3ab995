import type { BookingResponse } from '@appointment/contracts/appointments';
import type { CheckoutInfo, PaymentResult } from '@appointment/contracts/payments';

export type Order = NonNullable<BookingResponse['order']>;

export interface OrderRequest {
  appointmentId: string;
  /** In the currency's main unit (50 for €50.00); orders carry the smallest unit. */
  amount: number;
  /** The provider's currency. */
  currency: string;
  serviceName: string;
  serviceDescription: string;
}

/** A payment to give back, in part or whole (issue 29). */
export interface RefundRequest {
  /** The gateway's payment. */
  paymentId: string;
  /** In the currency's smallest unit, as orders. */
  amount: number;
  currency: string;
  /**
   * Names the refund at the gateway (its idempotency key, the `RefundRequested` event's
   * `refundKey`): sent again after a retry or a kill, the same key refunds once.
   */
  key: string;
}

/**
 * The payment port: an order per paid booking, a checkout the client runs, a check
 * that a payment result really comes from the gateway, and refunds. Adapters: the offline sandbox
 * (default) and the card provider of docs/product.md §7.7.
 */
export interface PaymentGateway {
  readonly name: 'sandbox' | 'razorpay' | 'none';
  createOrder(request: OrderRequest): Promise<Order>;
  checkout(order: Order): CheckoutInfo;
  /** True only for a result signed by the gateway for this order. */
  verify(result: PaymentResult): boolean;
  /** Gives a payment back once per key; the gateway's refund id. */
  refund(request: RefundRequest): Promise<{ refundId: string }>;
}
