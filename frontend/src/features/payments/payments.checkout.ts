import { eventChannel, type EventChannel } from 'redux-saga';
import { PaymentResult, SANDBOX_MESSAGE } from '@appointment/contracts/payments';

/** How a checkout ends, or a failed attempt it may recover from. */
export type CheckoutOutcome =
  { status: 'paid'; result: PaymentResult } | { status: 'declined' } | { status: 'failed' };

/** Whether a checkout page may be shown in the app's frame: only one served by this product. */
export const isSameOrigin = (url: string, origin = window.location.origin): boolean => {
  try {
    return new URL(url, origin).origin === origin;
  } catch {
    return false;
  }
};

/** Reads a message of the sandbox checkout page for one order; anything else is ignored. */
export const sandboxOutcome = (data: unknown, orderId: string): CheckoutOutcome | null => {
  if (!data || typeof data !== 'object') return null;
  const message = data as { type?: unknown; orderId?: unknown; status?: unknown; result?: unknown };
  if (message.type !== SANDBOX_MESSAGE) return null;
  if (message.orderId !== undefined && message.orderId !== orderId) return null;
  switch (message.status) {
    case 'paid': {
      const result = PaymentResult.safeParse(message.result);
      return result.success && result.data.orderId === orderId
        ? { status: 'paid', result: result.data }
        : { status: 'failed' };
    }
    case 'declined':
      return { status: 'declined' };
    case 'failed':
      return { status: 'failed' };
    default:
      return null;
  }
};

/** The sandbox checkout (in a frame of this origin) tells the app through window messages. */
export const sandboxChannel = (orderId: string, target: Window = window): EventChannel<CheckoutOutcome> =>
  eventChannel<CheckoutOutcome>((emit) => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== target.location.origin) return;
      const outcome = sandboxOutcome(event.data, orderId);
      if (outcome) emit(outcome);
    };
    target.addEventListener('message', onMessage);
    return () => target.removeEventListener('message', onMessage);
  });

/** docs/product.md §7.7: the card provider's checkout script; the caller removes the element when done. */
export const loadScript = (url: string): Promise<HTMLScriptElement> =>
  new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => resolve(script);
    script.onerror = () => {
      script.remove();
      reject(new Error(`Could not load ${url}`));
    };
    document.body.appendChild(script);
  });

/** The answer of the card provider's checkout after a successful payment. */
export interface RazorpaySuccess {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

/** docs/product.md §7.7: what the card provider's checkout is given. */
export interface RazorpayOptions {
  key: string;
  amount: number;
  currency: string;
  name: string;
  description: string;
  order_id: string;
  prefill: { name: string; email: string; contact: string };
  theme: { color: string };
  handler: (response: RazorpaySuccess) => void;
  modal: { ondismiss: () => void };
}

export interface RazorpayCheckout {
  open(): void;
  close(): void;
  on(event: 'payment.failed', listener: (response: unknown) => void): void;
}

export type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayCheckout;

declare global {
  interface Window {
    /** Set by the card provider's checkout script once it has loaded. */
    Razorpay?: RazorpayConstructor;
  }
}

export const paymentResultOf = (response: RazorpaySuccess): PaymentResult => ({
  orderId: response.razorpay_order_id,
  paymentId: response.razorpay_payment_id,
  signature: response.razorpay_signature,
});

/**
 * Opens the card provider's checkout; its handler and its dismissal end the channel's story.
 * Closing the channel before either closes the checkout too.
 */
export const razorpayChannel = (
  options: Omit<RazorpayOptions, 'handler' | 'modal'>,
  Razorpay: RazorpayConstructor | undefined = window.Razorpay,
): EventChannel<CheckoutOutcome> =>
  eventChannel<CheckoutOutcome>((emit) => {
    if (!Razorpay) throw new Error('The checkout script did not load');
    let settled = false;
    const checkout = new Razorpay({
      ...options,
      handler: (response) => {
        settled = true;
        emit({ status: 'paid', result: paymentResultOf(response) });
      },
      modal: {
        ondismiss: () => {
          if (settled) return;
          settled = true;
          emit({ status: 'declined' });
        },
      },
    });
    checkout.on('payment.failed', () => emit({ status: 'failed' }));
    checkout.open();
    return () => {
      if (!settled) checkout.close();
    };
  });
