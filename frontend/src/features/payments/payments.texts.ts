import { formatMoney, fromMinorUnits } from '@appointment/contracts/money';
import { PAYMENT_STATUS_TEXTS } from '../../ui/payment-badge';

/**
 * Texts of the payment checkout (docs/product.md §2.6 last bullet, §4 booking flow steps 6–8, §7.7). The
 * server's own answers (payment received, could not be verified) come from MESSAGES.
 */
const UNPAID_NOTE =
  'Your appointment stays pending and unpaid, and will be cancelled if it is not paid within 15 minutes.';

export const PAYMENT_TEXTS = {
  title: 'Payment Checkout',
  frameTitle: 'Payment checkout',
  summary: (service: string, amount: string) => `Pay ${amount} for ${service}.`,
  declined: `Payment declined. ${UNPAID_NOTE}`,
  /** Issue 18: said when the checkout ends unpaid and the hold is known. */
  heldUntil: (time: string) => `Payment was not completed; your slot is held until ${time}.`,
  ...PAYMENT_STATUS_TEXTS,
  failed: 'The payment failed. Please try again.',
  unavailable: `The payment checkout could not be opened. ${UNPAID_NOTE}`,
  confirming: 'Confirming your payment...',
  confirmFailed: 'Your payment could not be confirmed. Please try again.',
  notConfirmed: `Your payment was not confirmed. ${UNPAID_NOTE}`,
  retry: 'Try again',
  close: 'Close',
} as const;

/** docs/product.md §7.7 defaults for the card provider's checkout. */
export const CHECKOUT_DEFAULTS = {
  name: 'Service',
  description: 'No description',
  currency: 'INR',
  /** Placeholder contact data, used where the session does not know better. */
  prefill: { name: 'Customer', email: 'customer@example.com', contact: '9999999999' },
} as const;

/** The payment is in the smallest unit (paise, cents); shown in the main one, as every price is. */
export const formatAmount = (amount: number, currency: string): string =>
  formatMoney(fromMinorUnits(amount, currency), currency);
