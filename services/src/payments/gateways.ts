import type { SessionStore } from '../auth/sessions';
import type { Config } from '../config';
import type { PaymentGateway } from './payment-gateway';
import { RazorpayGateway } from './razorpay-gateway';
import { SandboxGateway } from './sandbox-gateway';

/** The card provider when its keys are set (SPEC §7.7), else the sandbox, signing with a kept secret. */
export const paymentGatewayFor = async (config: Config, sessions: SessionStore): Promise<PaymentGateway> =>
  config.RAZORPAY_KEY_ID && config.RAZORPAY_KEY_SECRET
    ? new RazorpayGateway({
        keyId: config.RAZORPAY_KEY_ID,
        keySecret: config.RAZORPAY_KEY_SECRET,
        apiUrl: config.RAZORPAY_API_URL,
      })
    : new SandboxGateway(await sessions.secret('payments-sandbox'));
