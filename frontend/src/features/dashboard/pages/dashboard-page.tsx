import { PlaceholderPage } from '../../../ui/placeholder-page';

export function DashboardPage() {
  return <PlaceholderPage title="Dashboard" />;
}
