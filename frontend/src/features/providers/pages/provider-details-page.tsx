import { PlaceholderPage } from '../../../ui/placeholder-page';

export function ProviderDetailsPage() {
  return <PlaceholderPage title="Provider Details" />;
}
