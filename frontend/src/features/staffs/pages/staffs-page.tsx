import { PlaceholderPage } from '../../../ui/placeholder-page';

export function StaffsPage() {
  return <PlaceholderPage title="Staffs" />;
}
