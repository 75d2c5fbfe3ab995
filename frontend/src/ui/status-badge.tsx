import type { AppointmentStatus } from '@appointment/contracts/appointments';
import { useCatalogue } from '../lib/catalogue';
import { Badge } from './status-badge.styles';

/**
 * docs/product.md §4: the status label spells the cancelled state "canceled"; filters and the stored value
 * keep "cancelled". The English catalogue of the `statusBadge` namespace (es and fr in
 * status-badge.i18n.ts).
 */
export const STATUS_LABELS = {
  scheduled: 'scheduled',
  pending: 'pending',
  completed: 'completed',
  cancelled: 'canceled',
  no_show: 'no-show',
} as const satisfies Readonly<Record<AppointmentStatus, string>>;

/** The coloured status label (docs/product.md §2.5, §4). */
export function StatusBadge({ status }: { status: AppointmentStatus }) {
  const { texts: T } = useCatalogue('statusBadge', STATUS_LABELS);
  return (
    <Badge $status={status} data-status={status}>
      {T[status] ?? status}
    </Badge>
  );
}
