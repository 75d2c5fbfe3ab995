import { Outlet } from 'react-router-dom';
import { ThemeSelector } from '../../features/theme/components/theme-selector';
import { Card, Corner, Heading, Page } from './auth-layout.styles';

/** docs/product.md §2.2: a centred "Appointment" title over the nested auth screens. */
export function AuthLayout() {
  return (
    <Page>
      <Corner>
        <ThemeSelector />
      </Corner>
      <Card as="main">
        <Heading>Appointment</Heading>
        <Outlet />
      </Card>
    </Page>
  );
}
