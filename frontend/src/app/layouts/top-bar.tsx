import { ThemeSelector } from '../../features/theme/components/theme-selector';
import { Logo } from '../../ui/logo';
import { CloseIcon, MenuIcon } from '../../ui/icons';
import { Actions, Bar, Brand, DrawerToggle, Title } from './top-bar.styles';

interface TopBarProps {
  drawerId: string;
  drawerOpen: boolean;
  onToggleDrawer: () => void;
}

export function TopBar({ drawerId, drawerOpen, onToggleDrawer }: TopBarProps) {
  return (
    <Bar>
      <DrawerToggle
        type="button"
        aria-label={drawerOpen ? 'Close navigation' : 'Open navigation'}
        aria-expanded={drawerOpen}
        aria-controls={drawerId}
        onClick={onToggleDrawer}
      >
        {drawerOpen ? <CloseIcon /> : <MenuIcon />}
      </DrawerToggle>
      <Brand>
        <Logo />
        <Title>Appointment</Title>
      </Brand>
      <Actions>
        <ThemeSelector />
      </Actions>
    </Bar>
  );
}
