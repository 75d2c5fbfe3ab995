import type { CheckoutInfo, PaymentResult } from '@appointment/contracts/payments';
import { MESSAGES } from '@appointment/contracts/messages';
import { ServiceUnavailableError } from '../domain/errors';
import type { Order, PaymentGateway } from './payment-gateway';

/**
 * Production without card-provider keys: no gateway, and never the sandbox, which signs
 * payments no money backs. A paid booking is refused before anything is recorded
 * (AppointmentsContext.book); free services book as usual.
 */
export class NoGateway implements PaymentGateway {
  readonly name = 'none';

  async createOrder(): Promise<Order> {
    throw new ServiceUnavailableError(MESSAGES.paymentsUnavailable);
  }

  checkout(): CheckoutInfo {
    throw new ServiceUnavailableError(MESSAGES.paymentsUnavailable);
  }

  verify(_result: PaymentResult): boolean {
    return false;
  }

  /** Nothing was ever paid through no gateway; a refund job meeting one fails and is retried. */
  async refund(): Promise<{ refundId: string }> {
    throw new ServiceUnavailableError(MESSAGES.paymentsUnavailable);
  }
}
