import type { BookingResponse } from '@appointment/contracts/appointments';
import type { CheckoutInfo, PaymentResult } from '@appointment/contracts/payments';

export type Order = NonNullable<BookingResponse['order']>;

export interface OrderRequest {
  appointmentId: string;
  amount: number;
  currency: string;
  serviceName: string;
  serviceDescription: string;
}

/**
 * The payment port (issue 5): an order per paid booking, a checkout the client runs, and a
 * check that a payment result really comes from the gateway. Adapters: the offline sandbox
 * (default) and the card provider of SPEC §7.7.
 */
export interface PaymentGateway {
  readonly name: 'sandbox' | 'razorpay' | 'none';
  createOrder(request: OrderRequest): Promise<Order>;
  checkout(order: Order): CheckoutInfo;
  /** True only for a result signed by the gateway for this order. */
  verify(result: PaymentResult): boolean;
}

/** SPEC §9: the checkout's default currency. */
export const DEFAULT_CURRENCY = 'INR';
