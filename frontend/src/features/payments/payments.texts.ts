import i18next from 'i18next';
import { formatMoney, fromMinorUnits } from '@appointment/contracts/money';
import { currentLanguage, formatPrice } from '../../lib/locale-format';

/**
 * Texts of the payment checkout (docs/product.md §2.6 last bullet, §4 booking flow steps 6–8, §7.7). The
 * server's own answers (payment received, could not be verified) come from MESSAGES. The English catalogue of
 * the `payments` namespace (es and fr in payments.i18n.ts); the unpaid note is nested by i18next
 * (`$t(payments:unpaidNote)`, namespaced: the nested key is not looked up in the caller’s namespace).
 */
export const PAYMENT_TEXTS = {
  title: 'Payment Checkout',
  frameTitle: 'Payment checkout',
  summary: 'Pay {{amount}} for {{service}}.',
  unpaidNote:
    'Your appointment stays pending and unpaid, and will be cancelled if it is not paid within 15 minutes.',
  declined: 'Payment declined. $t(payments:unpaidNote)',
  /** Said when the checkout ends unpaid and the hold is known. */
  heldUntil: 'Payment was not completed; your slot is held until {{time}}.',
  failed: 'The payment failed. Please try again.',
  unavailable: 'The payment checkout could not be opened. $t(payments:unpaidNote)',
  confirming: 'Confirming your payment...',
  confirmFailed: 'Your payment could not be confirmed. Please try again.',
  notConfirmed: 'Your payment was not confirmed. $t(payments:unpaidNote)',
  retry: 'Try again',
  close: 'Close',
} as const;

/** A checkout text in the chosen language, for the saga's toasts and errors. */
export const paymentText = (key: keyof typeof PAYMENT_TEXTS, values?: Record<string, string>): string =>
  i18next.t(`payments:${key}`, values);

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
  currentLanguage() === 'en'
    ? formatMoney(fromMinorUnits(amount, currency), currency)
    : formatPrice(fromMinorUnits(amount, currency), currency);
