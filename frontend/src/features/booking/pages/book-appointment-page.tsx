import { PlaceholderPage } from '../../../ui/placeholder-page';

export function BookAppointmentPage() {
  return <PlaceholderPage title="Book Appointment" />;
}
