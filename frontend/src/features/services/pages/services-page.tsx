import { PlaceholderPage } from '../../../ui/placeholder-page';

export function ServicesPage() {
  return <PlaceholderPage title="Services" />;
}
