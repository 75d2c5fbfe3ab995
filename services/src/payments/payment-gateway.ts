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

/**
 * The payment port: an order per paid booking, a checkout the client runs, and a check
 * that a payment result really comes from the gateway. Adapters: the offline sandbox
 * (default) and the card provider of docs/product.md §7.7.
 */
export interface PaymentGateway {
  readonly name: 'sandbox' | 'razorpay' | 'none';
  createOrder(request: OrderRequest): Promise<Order>;
  checkout(order: Order): CheckoutInfo;
  /** True only for a result signed by the gateway for this order. */
  verify(result: PaymentResult): boolean;
}
