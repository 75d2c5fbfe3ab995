import { NavLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { MenuItem } from '@appointment/contracts/roles';
import { Group, GroupHeading, Item, Link, List, Panel } from './side-nav.styles';

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
  Waitlist: 'menu.waitlist',
  Profile: 'menu.profile',
  Settings: 'menu.settings',
  // The admin's Integrations group.
  Integrations: 'menu.integrations',
  'API Keys': 'menu.apiKeys',
  Webhooks: 'menu.webhooks',
  'Connected Apps': 'menu.connectedApps',
  'Integration Settings': 'menu.integrationSettings',
};

/** Consecutive items of one group gathered under its heading; the others stand alone. */
type Entry = { item: MenuItem } | { group: string; items: MenuItem[] };

const entriesOf = (items: MenuItem[]): Entry[] =>
  items.reduce<Entry[]>((entries, item) => {
    const last = entries[entries.length - 1];
    if (item.group && last && 'group' in last && last.group === item.group) last.items.push(item);
    else entries.push(item.group ? { group: item.group, items: [item] } : { item });
    return entries;
  }, []);

/** docs/product.md §2.1 side navigation for the stored role; a slide-in drawer on small screens (docs/product.md §2.2). */
export function SideNav({ id, items, open, onNavigate }: SideNavProps) {
  const { t } = useTranslation();
  const text = (label: string) => (MENU_TEXT[label] ? t(MENU_TEXT[label], { defaultValue: label }) : label);
  const link = (item: MenuItem) => (
    <Item key={item.path}>
      <Link as={NavLink} to={item.path} end onClick={onNavigate}>
        {text(item.label)}
      </Link>
    </Item>
  );
  return (
    <Panel id={id} aria-label={t('menu.label')} $open={open}>
      <List>
        {entriesOf(items).map((entry) =>
          'item' in entry ? (
            link(entry.item)
          ) : (
            <Group key={entry.group}>
              <GroupHeading id={`${id}-${entry.group}`}>{text(entry.group)}</GroupHeading>
              <List aria-labelledby={`${id}-${entry.group}`}>{entry.items.map(link)}</List>
            </Group>
          ),
        )}
      </List>
    </Panel>
  );
}
