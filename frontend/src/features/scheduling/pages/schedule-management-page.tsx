import { PlaceholderPage } from '../../../ui/placeholder-page';

export function ScheduleManagementPage() {
  return <PlaceholderPage title="Schedule Management" />;
}
