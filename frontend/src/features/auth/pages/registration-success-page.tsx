import { PlaceholderPage } from '../../../ui/placeholder-page';

export function RegistrationSuccessPage() {
  return <PlaceholderPage title="Registration Successful!" level="h2" />;
}
