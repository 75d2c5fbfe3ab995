import { Badge } from './status-badge.styles';

/** Issue 18: an unpaid booking's line on its card, and its button. */
export const PAYMENT_STATUS_TEXTS = {
  payNow: 'Pay now',
  awaitingUntil: (time: string) => `Awaiting payment: held until ${time}`,
} as const;

interface PaymentBadgeProps {
  paymentNeeded: boolean;
  paid: boolean;
  status: string;
}

/**
 * Issue 18: whether a paid service's booking is paid, beside its status: "Paid" (green) or
 * "Awaiting payment" (amber). Nothing for a free service or a cancelled booking never paid.
 */
export function PaymentBadge({ paymentNeeded, paid, status }: PaymentBadgeProps) {
  if (!paymentNeeded || (!paid && status === 'cancelled')) return null;
  return paid ? (
    <Badge $status="scheduled" data-payment="paid">
      Paid
    </Badge>
  ) : (
    <Badge $status="pending" data-payment="awaiting">
      Awaiting payment
    </Badge>
  );
}
