import type { AppointmentStatus } from '@appointment/contracts/appointments';
import { Badge } from './status-badge.styles';

/**
 * docs/product.md §4: the status label spells the cancelled state "canceled"; filters and the stored value
 * keep "cancelled".
 */
export const STATUS_LABELS: Readonly<Record<AppointmentStatus, string>> = {
  scheduled: 'scheduled',
  pending: 'pending',
  completed: 'completed',
  cancelled: 'canceled',
};

/** The coloured status label (docs/product.md §2.5, §4). */
export function StatusBadge({ status }: { status: AppointmentStatus }) {
  return (
    <Badge $status={status} data-status={status}>
      {STATUS_LABELS[status] ?? status}
    </Badge>
  );
}
