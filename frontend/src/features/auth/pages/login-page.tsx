import { PlaceholderPage } from '../../../ui/placeholder-page';

export function LoginPage() {
  return <PlaceholderPage title="Sign In" level="h2" />;
}
