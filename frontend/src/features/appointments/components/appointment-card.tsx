import { useId, type ChangeEvent } from 'react';
import type { Appointment, AppointmentStatus } from '@appointment/contracts/appointments';
import { Label, Select } from '../../../ui/form.styles';
import { longDate, timeRange } from '../../../ui/appointment-format';
import { APPOINTMENTS_TEXTS, STATUS_OPTIONS } from '../appointments.texts';
import { AppointmentArticle, AppointmentHeading, Details, StatusControl } from './appointments.styles';
import { format } from 'date-fns';
import { SmallButton } from '../../../ui/button.styles';
import { PAYMENT_STATUS_TEXTS, PaymentBadge } from '../../../ui/payment-badge';
import { StatusBadge } from '../../../ui/status-badge';

interface AppointmentCardProps {
  appointment: Appointment;
  /** Given only to an admin (docs/product.md §2.5): the status dropdown appears. */
  onStatusChange?: (status: AppointmentStatus) => void;
  busy?: boolean;
  /** Given to the booker (issue 18): "Pay now" while an unpaid booking is held. */
  onPayNow?: () => void;
}

/** One appointment of the list (docs/product.md §2.5). */
export function AppointmentCard({
  appointment,
  onStatusChange,
  busy = false,
  onPayNow,
}: AppointmentCardProps) {
  const headingId = useId();
  const selectId = useId();
  const start = appointment.starttime ?? appointment.startTime;
  const end = appointment.endtime ?? appointment.endTime;

  return (
    <AppointmentArticle aria-labelledby={headingId} aria-busy={busy || undefined}>
      <div>
        <AppointmentHeading id={headingId}>
          <span>{appointment.serviceName}</span>
          <StatusBadge status={appointment.status} />
          <PaymentBadge {...appointment} />
        </AppointmentHeading>
        <Details>
          <dt>{APPOINTMENTS_TEXTS.email}</dt>
          <dd>{appointment.email}</dd>
          <dt>{APPOINTMENTS_TEXTS.date}</dt>
          <dd>{longDate(appointment.date)}</dd>
          <dt>{APPOINTMENTS_TEXTS.time}</dt>
          <dd>{timeRange(start, end)}</dd>
          <dt>{APPOINTMENTS_TEXTS.provider}</dt>
          <dd>{appointment.providerName}</dd>
          <dt>{APPOINTMENTS_TEXTS.userId}</dt>
          <dd>{appointment.userId}</dd>
        </Details>
      </div>
      {onPayNow && appointment.payBy && Date.parse(appointment.payBy) > Date.now() && (
        <StatusControl>
          <span>{PAYMENT_STATUS_TEXTS.awaitingUntil(format(new Date(appointment.payBy), 'HH:mm'))}</span>
          <SmallButton type="button" onClick={onPayNow}>
            {PAYMENT_STATUS_TEXTS.payNow}
          </SmallButton>
        </StatusControl>
      )}
      {onStatusChange && (
        <StatusControl>
          <Label htmlFor={selectId}>{APPOINTMENTS_TEXTS.changeStatus}</Label>
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
                {option.label}
              </option>
            ))}
          </Select>
        </StatusControl>
      )}
    </AppointmentArticle>
  );
}
