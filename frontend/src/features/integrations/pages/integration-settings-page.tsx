import { PlaceholderPage } from '../../../ui/placeholder-page';

export function IntegrationSettingsPage() {
  return <PlaceholderPage title="Integration Settings" />;
}
