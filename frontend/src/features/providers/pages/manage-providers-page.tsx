import { PlaceholderPage } from '../../../ui/placeholder-page';

export function ManageProvidersPage() {
  return <PlaceholderPage title="Manage Providers" />;
}
