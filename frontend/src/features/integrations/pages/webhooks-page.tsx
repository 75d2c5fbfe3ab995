import { PlaceholderPage } from '../../../ui/placeholder-page';

export function WebhooksPage() {
  return <PlaceholderPage title="Webhooks" />;
}
