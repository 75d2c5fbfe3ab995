import { PlaceholderPage } from '../../../ui/placeholder-page';

export function ServiceProvidersPage() {
  return <PlaceholderPage title="Service Providers" />;
}
