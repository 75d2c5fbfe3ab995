import type { Appointment } from '@appointment/contracts/appointments';
import { fromMinorUnits, toMinorUnits } from '@appointment/contracts/money';
import { cancelDeadlineOf, cancellationTerms, DEFAULT_BOOKING_POLICY } from '@appointment/contracts/policy';
import type { Translate } from '../../../lib/catalogue';
import { formatPrice, formatZonedWhen } from '../../../lib/locale-format';

/**
 * What cancelling now does to the booking's payment, in the dialog's words (issue 29): the same
 * rule the server applies (contracts' cancellationTerms), under the policy it was booked with.
 */
export const cancelTermsText = (appointment: Appointment, t: Translate, now = new Date()): string | null => {
  const policy = appointment.policy ?? DEFAULT_BOOKING_POLICY;
  const { currency } = appointment;
  const paid = appointment.paid ? toMinorUnits(appointment.amount, currency) : 0;
  const { late, fee, refund } = cancellationTerms(
    policy,
    { startDateTime: appointment.startDateTime, paid, currency },
    now,
  );
  const deadlineAt = cancelDeadlineOf(policy, appointment.startDateTime);
  const deadline = deadlineAt ? formatZonedWhen(deadlineAt, appointment.timezone) : '';
  const money = (minor: number) => formatPrice(fromMinorUnits(minor, currency), currency);
  if (paid === 0) return deadlineAt && !late ? t('cancel.freeUntil', { deadline }) : null;
  if (fee === 0) return t('cancel.refundAll', { paid: money(paid) });
  if (refund === 0) return t('cancel.refundNone', { deadline, paid: money(paid) });
  return t('cancel.refundLess', { deadline, fee: money(fee), refund: money(refund) });
};
