import { PlaceholderPage } from '../../../ui/placeholder-page';

export function ApiKeysPage() {
  return <PlaceholderPage title="API Keys" />;
}
