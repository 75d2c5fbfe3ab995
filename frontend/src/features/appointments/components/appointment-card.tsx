import { useId, type ChangeEvent } from 'react';
import { ViewerTime } from '../../../ui/viewer-time';
import { useCatalogue } from '../../../lib/catalogue';
import type { Appointment, AppointmentStatus } from '@appointment/contracts/appointments';
import { CALENDAR_PATHS } from '@appointment/contracts/calendar-feeds';
import { Label, Select } from '../../../ui/form.styles';
import { longDate, timeRange } from '../../../ui/appointment-format';
import { APPOINTMENTS_TEXTS, STATUS_OPTIONS } from '../appointments.texts';
import { AppointmentArticle, AppointmentHeading, Details, StatusControl } from './appointments.styles';
import { SmallButton, SmallLink } from '../../../ui/button.styles';
import { awaitingUntil, PaymentBadge, payNowText } from '../../../ui/payment-badge';
import { StatusBadge } from '../../../ui/status-badge';
import { useStillAhead } from '../../../ui/use-still-ahead';
import { formatPrice, viewerClockTime } from '../../../lib/locale-format';
import { reschedulableUntil } from './reschedule-rule';
import { BookingAttachment } from '../../../ui/booking-attachment';

interface AppointmentCardProps {
  appointment: Appointment;
  /** Given only to an admin (docs/product.md §2.5): the status dropdown appears. */
  onStatusChange?: (status: AppointmentStatus) => void;
  busy?: boolean;
  /** Given to the booker: "Pay now" while an unpaid booking is held. */
  onPayNow?: () => void;
  /** Given to the booker (issue 29): "Cancel appointment" while it is upcoming. */
  onCancel?: () => void;
  /**
   * Given to whoever may move it, the booker or the provider's admin (issue 29): "Reschedule"
   * while its policy lets it move.
   */
  onReschedule?: () => void;
}

/** One appointment of the list (docs/product.md §2.5). */
export function AppointmentCard({
  appointment,
  onStatusChange,
  busy = false,
  onPayNow,
  onCancel,
  onReschedule,
}: AppointmentCardProps) {
  const { texts: T, t } = useCatalogue('appointments', APPOINTMENTS_TEXTS);
  const headingId = useId();
  const selectId = useId();
  const start = appointment.startTime;
  const end = appointment.endTime;
  const payable = useStillAhead(appointment.payBy);
  const upcoming = useStillAhead(appointment.startDateTime);
  // A paid one is cancelled with its refund under the policy it was booked with (issue 29).
  const cancellable = upcoming && (appointment.status === 'pending' || appointment.status === 'scheduled');
  // The button goes at the policy's deadline itself, with no new render, as Cancel goes at the start.
  const reschedulable = useStillAhead(reschedulableUntil(appointment));
  const { refund, cancelledBy } = appointment;

  return (
    <AppointmentArticle aria-labelledby={headingId} aria-busy={busy || undefined}>
      <div>
        <AppointmentHeading id={headingId}>
          <span>{appointment.serviceName}</span>
          <StatusBadge status={appointment.status} />
          <PaymentBadge {...appointment} />
        </AppointmentHeading>
        <Details>
          <dt>{T.email}</dt>
          <dd>{appointment.email}</dd>
          <dt>{T.date}</dt>
          <dd>{longDate(appointment.date)}</dd>
          <dt>{T.time}</dt>
          <dd>{timeRange(start, end)}</dd>
          <dt>{T.provider}</dt>
          <dd>{appointment.providerName}</dd>
          <dt>{T.userId}</dt>
          <dd>{appointment.userId}</dd>
        </Details>
        <BookingAttachment note={appointment.note} imageUrl={appointment.imageUrl} />
        {appointment.status === 'cancelled' && cancelledBy && (
          <p>
            {T.cancelledBy[cancelledBy]}
            {appointment.lateCancel ? ` ${T.lateCancel}` : ''}
          </p>
        )}
        {refund && (
          <p role="status">
            {refund.amount > 0 &&
              t(`refund.${refund.status}`, { amount: formatPrice(refund.amount, refund.currency) })}
            {refund.amount > 0 && refund.fee > 0 ? ' · ' : ''}
            {refund.fee > 0 && t('refund.fee', { fee: formatPrice(refund.fee, refund.currency) })}
          </p>
        )}
        <ViewerTime
          start={appointment.startDateTime}
          end={appointment.endDateTime}
          timeZone={appointment.timezone}
        />
      </div>
      {appointment.status !== 'cancelled' && (
        <StatusControl>
          <SmallLink
            href={CALENDAR_PATHS.appointment.replace(':appointmentId', encodeURIComponent(appointment._id))}
            download
          >
            {T.addToCalendar}
          </SmallLink>
        </StatusControl>
      )}
      {onPayNow && appointment.payBy && payable && (
        <StatusControl>
          <span>{awaitingUntil(viewerClockTime(appointment.payBy) ?? appointment.payBy)}</span>
          <SmallButton type="button" onClick={onPayNow}>
            {payNowText()}
          </SmallButton>
        </StatusControl>
      )}
      {onCancel && cancellable && (
        <StatusControl>
          <SmallButton
            type="button"
            disabled={busy}
            aria-label={t('cancel.buttonNamed', {
              service: appointment.serviceName,
              date: longDate(appointment.date),
            })}
            onClick={onCancel}
          >
            {T.cancel.button}
          </SmallButton>
        </StatusControl>
      )}
      {onReschedule && reschedulable && (
        <StatusControl>
          <SmallButton
            type="button"
            disabled={busy}
            aria-label={t('reschedule.buttonNamed', {
              service: appointment.serviceName,
              date: longDate(appointment.date),
            })}
            onClick={onReschedule}
          >
            {T.reschedule.button}
          </SmallButton>
        </StatusControl>
      )}
      {onStatusChange && (
        <StatusControl>
          <Label htmlFor={selectId}>{T.changeStatus}</Label>
          <Select
            id={selectId}
            value={appointment.status}
            disabled={busy}
            onChange={(event: ChangeEvent<HTMLSelectElement>) => {
              const next = event.target.value as AppointmentStatus;
              if (next !== appointment.status) onStatusChange(next);
            }}
          >
            {STATUS_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {T.statusLabels[option.value]}
              </option>
            ))}
          </Select>
        </StatusControl>
      )}
    </AppointmentArticle>
  );
}
