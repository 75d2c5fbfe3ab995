import { toMinorUnits } from '@appointment/contracts/money';
import type { PaymentResult } from '@appointment/contracts/payments';
import type { Order, OrderRequest, PaymentGateway, RefundRequest } from './payment-gateway';
import { signaturesMatch, signPayment } from './sandbox-gateway';

export interface RazorpaySettings {
  keyId: string;
  keySecret: string;
  apiUrl?: string;
}

/**
 * The card-payment provider of docs/product.md §7.7, enabled by RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET:
 * orders through its Orders API, its checkout script on the client, and the HMAC-SHA256
 * signature of `order_id|payment_id` with the key secret on the result.
 */
export class RazorpayGateway implements PaymentGateway {
  readonly name = 'razorpay';
  private readonly apiUrl: string;

  constructor(private readonly settings: RazorpaySettings) {
    this.apiUrl = (settings.apiUrl ?? 'https://api.razorpay.com').replace(/\/$/, '');
  }

  private post(path: string, body: unknown, headers: Record<string, string> = {}) {
    return fetch(`${this.apiUrl}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from(`${this.settings.keyId}:${this.settings.keySecret}`).toString('base64')}`,
        ...headers,
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
  }

  async createOrder(request: OrderRequest): Promise<Order> {
    const amount = toMinorUnits(request.amount, request.currency);
    const notes = { service_name: request.serviceName, service_description: request.serviceDescription };
    const response = await this.post('/v1/orders', {
      amount,
      currency: request.currency,
      receipt: request.appointmentId,
      notes,
    });
    if (!response.ok) throw new Error(`the payment provider refused the order (${response.status})`);
    const order = (await response.json()) as { id: string; amount: number; currency: string };
    return { id: order.id, amount: order.amount, currency: order.currency, notes };
  }

  checkout() {
    return {
      gateway: 'razorpay' as const,
      keyId: this.settings.keyId,
      scriptUrl: 'https://checkout.razorpay.com/v1/checkout.js',
    };
  }

  /**
   * Its Refunds API: `POST /v1/payments/:id/refund` with the amount in the smallest unit, made
   * idempotent by the `X-Refund-Idempotency` header (the same key and body refund once; a 409
   * while the first is in progress is retried by the job).
   */
  async refund(request: RefundRequest): Promise<{ refundId: string }> {
    const response = await this.post(
      `/v1/payments/${encodeURIComponent(request.paymentId)}/refund`,
      { amount: request.amount, speed: 'normal', receipt: request.key, notes: { refund_key: request.key } },
      { 'x-refund-idempotency': request.key },
    );
    if (!response.ok) throw new Error(`the payment provider refused the refund (${response.status})`);
    const refund = (await response.json()) as { id: string };
    return { refundId: refund.id };
  }

  verify(result: PaymentResult): boolean {
    return signaturesMatch(
      signPayment(this.settings.keySecret, result.orderId, result.paymentId),
      result.signature,
    );
  }
}
