import { NavLink } from 'react-router-dom';
import type { MenuItem } from '@appointment/contracts/roles';
import { Item, Link, List, Panel } from './side-nav.styles';

interface SideNavProps {
  id: string;
  items: MenuItem[];
  open: boolean;
  onNavigate: () => void;
}

/** SPEC §2.1 side navigation for the stored role; a slide-in drawer on small screens (SPEC §2.2). */
export function SideNav({ id, items, open, onNavigate }: SideNavProps) {
  return (
    <Panel id={id} aria-label="Main navigation" $open={open}>
      <List>
        {items.map((item) => (
          <Item key={item.path}>
            <Link as={NavLink} to={item.path} end onClick={onNavigate}>
              {item.label}
            </Link>
          </Item>
        ))}
      </List>
    </Panel>
  );
}
