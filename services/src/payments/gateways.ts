import type pg from 'pg';
import type { SessionStore } from '../auth/sessions';
import type { Config } from '../config';
import type { PaymentGateway } from './payment-gateway';
import { NoGateway } from './no-gateway';
import { RazorpayGateway } from './razorpay-gateway';
import { migrateSandboxRefunds, SandboxGateway } from './sandbox-gateway';

/**
 * The card provider when its keys are set (docs/product.md §7.7); else, outside production, the sandbox,
 * signing with a kept secret; in production without keys, none: paid bookings are refused.
 */
export const paymentGatewayFor = async (
  config: Config,
  sessions: SessionStore,
  pool: pg.Pool,
): Promise<PaymentGateway> => {
  if (config.RAZORPAY_KEY_ID && config.RAZORPAY_KEY_SECRET)
    return new RazorpayGateway({
      keyId: config.RAZORPAY_KEY_ID,
      keySecret: config.RAZORPAY_KEY_SECRET,
      apiUrl: config.RAZORPAY_API_URL,
    });
  if (config.NODE_ENV === 'production') return new NoGateway();
  await migrateSandboxRefunds(pool);
  return new SandboxGateway(await sessions.secret('payments-sandbox'), pool);
};
