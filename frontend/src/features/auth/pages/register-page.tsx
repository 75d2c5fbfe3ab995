import { PlaceholderPage } from '../../../ui/placeholder-page';

export function RegisterPage() {
  return <PlaceholderPage title="Register" level="h2" />;
}
