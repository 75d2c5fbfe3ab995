import { PlaceholderPage } from '../../../ui/placeholder-page';

export function ProfilePage() {
  return <PlaceholderPage title="Profile" />;
}
