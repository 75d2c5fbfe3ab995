import type { AppointmentStatus } from '@appointment/contracts/appointments';
import { useCatalogue } from '../lib/catalogue';
import { Badge } from './status-badge.styles';

/**
 * The status labels: the English catalogue of the `statusBadge` namespace (es and fr in
 * status-badge.i18n.ts). One spelling per language (issue 32): the badge writes the cancelled state
 * "cancelled", as the status cards, the filters and the stored value do (the spec's "canceled" label
 * read as a second word for it).
 */
export const STATUS_LABELS = {
  scheduled: 'scheduled',
  pending: 'pending',
  completed: 'completed',
  cancelled: 'cancelled',
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
