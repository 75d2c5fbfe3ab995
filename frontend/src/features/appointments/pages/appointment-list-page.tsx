import { PlaceholderPage } from '../../../ui/placeholder-page';

export function AppointmentListPage() {
  return <PlaceholderPage title="Appointment List" />;
}
