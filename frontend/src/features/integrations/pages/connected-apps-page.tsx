import { PlaceholderPage } from '../../../ui/placeholder-page';

export function ConnectedAppsPage() {
  return <PlaceholderPage title="Connected Apps" />;
}
