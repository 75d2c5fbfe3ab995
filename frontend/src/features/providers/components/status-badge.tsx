import type { Provider } from '@appointment/contracts/catalogue';
import { Badge } from './status-badge.styles';

const LABELS: Record<Provider['status'], string> = { active: 'Active', pending: 'Pending', other: 'Other' };

/** docs/product.md §2.8: active green, pending yellow, any other status red. */
export function StatusBadge({ status }: { status: Provider['status'] }) {
  const tone = status === 'active' || status === 'pending' ? status : 'other';
  return <Badge $tone={tone}>{LABELS[tone]}</Badge>;
}
