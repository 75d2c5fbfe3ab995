import { NavLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { MenuItem } from '@appointment/contracts/roles';
import { Item, Link, List, Panel } from './side-nav.styles';

interface SideNavProps {
  id: string;
  items: MenuItem[];
  open: boolean;
  onNavigate: () => void;
}

/** The `menu` text of each label of the contracts' menus (docs/product.md §2.1). */
const MENU_TEXT: Record<string, string> = {
  Dashboard: 'menu.dashboard',
  'Service Providers': 'menu.serviceProviders',
  'Manage Providers': 'menu.manageProviders',
  Services: 'menu.services',
  Staffs: 'menu.staffs',
  Appointments: 'menu.appointments',
  Schedule: 'menu.schedule',
  'Book Appointment': 'menu.bookAppointment',
  'My Appointments': 'menu.myAppointments',
  Profile: 'menu.profile',
  Settings: 'menu.settings',
};

/** docs/product.md §2.1 side navigation for the stored role; a slide-in drawer on small screens (docs/product.md §2.2). */
export function SideNav({ id, items, open, onNavigate }: SideNavProps) {
  const { t } = useTranslation();
  return (
    <Panel id={id} aria-label={t('menu.label')} $open={open}>
      <List>
        {items.map((item) => (
          <Item key={item.path}>
            <Link as={NavLink} to={item.path} end onClick={onNavigate}>
              {MENU_TEXT[item.label] ? t(MENU_TEXT[item.label], { defaultValue: item.label }) : item.label}
            </Link>
          </Item>
        ))}
      </List>
    </Panel>
  );
}
