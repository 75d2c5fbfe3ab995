import i18next from 'i18next';
import { useCatalogue } from '../lib/catalogue';
import { Badge } from './status-badge.styles';

/**
 * An unpaid booking's line on its card, its button and the payment badge: the English catalogue of the
 * `paymentBadge` namespace (es and fr in payment-badge.i18n.ts).
 */
export const PAYMENT_BADGE_TEXTS = {
  payNow: 'Pay now',
  awaitingUntil: 'Awaiting payment: held until {{time}}',
  paid: 'Paid',
  awaiting: 'Awaiting payment',
} as const;

/** The unpaid card's "Pay now", in the chosen language. */
export const payNowText = (): string => i18next.t('paymentBadge:payNow');
/** "Awaiting payment: held until 14:30", in the chosen language. */
export const awaitingUntil = (time: string): string => i18next.t('paymentBadge:awaitingUntil', { time });

interface PaymentBadgeProps {
  paymentNeeded: boolean;
  paid: boolean;
  status: string;
}

/**
 * Whether a paid service's booking is paid, beside its status: "Paid" (green) or
 * "Awaiting payment" (amber). Nothing for a free service or a cancelled booking never paid.
 */
export function PaymentBadge({ paymentNeeded, paid, status }: PaymentBadgeProps) {
  const { texts: T } = useCatalogue('paymentBadge', PAYMENT_BADGE_TEXTS);
  if (!paymentNeeded || (!paid && status === 'cancelled')) return null;
  return paid ? (
    <Badge $status="scheduled" data-payment="paid">
      {T.paid}
    </Badge>
  ) : (
    <Badge $status="pending" data-payment="awaiting">
      {T.awaiting}
    </Badge>
  );
}
