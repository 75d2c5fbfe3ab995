import { PlaceholderPage } from '../../../ui/placeholder-page';

export function AppointmentsPage() {
  return <PlaceholderPage title="Appointments" />;
}
