import type { AppointmentStatus } from '@appointment/contracts/appointments';
import { STATUS_LABELS } from '../appointments.texts';
import { Badge } from './appointments.styles';

/** The coloured status label (SPEC §2.5, §4). */
export function StatusBadge({ status }: { status: AppointmentStatus }) {
  return (
    <Badge $status={status} data-status={status}>
      {STATUS_LABELS[status] ?? status}
    </Badge>
  );
}
