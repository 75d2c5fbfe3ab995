import { PlaceholderPage } from '../../../ui/placeholder-page';

export function SettingsPage() {
  return <PlaceholderPage title="Settings" />;
}
