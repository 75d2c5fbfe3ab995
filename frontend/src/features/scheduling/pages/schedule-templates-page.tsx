import { PlaceholderPage } from '../../../ui/placeholder-page';

export function ScheduleTemplatesPage() {
  return <PlaceholderPage title="Schedule Templates" />;
}
