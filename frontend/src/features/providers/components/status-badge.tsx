import type { Provider } from '@appointment/contracts/catalogue';
import { useCatalogue } from '../../../lib/catalogue';
import { PROVIDERS_TEXTS } from '../providers.texts';
import { Badge } from './status-badge.styles';

/** docs/product.md §2.8: active green, pending yellow, any other status red. */
export function StatusBadge({ status }: { status: Provider['status'] }) {
  const { texts } = useCatalogue('providers', PROVIDERS_TEXTS);
  const tone = status === 'active' || status === 'pending' ? status : 'other';
  return <Badge $tone={tone}>{texts.status[tone]}</Badge>;
}
