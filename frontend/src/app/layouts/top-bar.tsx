import { useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ThemeSelector } from '../../features/theme/components/theme-selector';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { Logo } from '../../ui/logo';
import { CloseIcon, MenuIcon } from '../../ui/icons';
import { useOutsideClick } from '../../ui/use-outside-click';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import {
  notificationsToggled,
  popupsDismissed,
  profileMenuToggled,
  selectOpenPopup,
} from '../../lib/shell.slice';
import { ProfileMenu } from './profile-menu';
import { Actions, Bar, Brand, BrandMark, DrawerToggle, Popover, Title } from './top-bar.styles';

interface TopBarProps {
  drawerId: string;
  drawerOpen: boolean;
  onToggleDrawer: () => void;
}

/** docs/product.md §2.2 top bar: logo and title, the notification bell and the profile menu. */
export function TopBar({ drawerId, drawerOpen, onToggleDrawer }: TopBarProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const openPopup = useAppSelector(selectOpenPopup);
  const bellRef = useRef<HTMLDivElement>(null);
  const profileRef = useRef<HTMLDivElement>(null);
  const popupRefs = useMemo(() => [bellRef, profileRef], []);
  const dismiss = useCallback(() => dispatch(popupsDismissed()), [dispatch]);

  useOutsideClick(popupRefs, dismiss, openPopup !== null);

  return (
    <Bar>
      <DrawerToggle
        type="button"
        aria-label={drawerOpen ? t('topBar.closeNavigation') : t('topBar.openNavigation')}
        aria-expanded={drawerOpen}
        aria-controls={drawerId}
        onClick={onToggleDrawer}
      >
        {drawerOpen ? <CloseIcon /> : <MenuIcon />}
      </DrawerToggle>
      <Brand>
        <BrandMark>
          <Logo />
        </BrandMark>
        <Title>{t('topBar.title')}</Title>
      </Brand>
      <Actions>
        <ThemeSelector />
        <Popover ref={bellRef}>
          <NotificationBell
            open={openPopup === 'notifications'}
            onToggle={() => dispatch(notificationsToggled())}
          />
        </Popover>
        <Popover ref={profileRef}>
          <ProfileMenu
            open={openPopup === 'profile'}
            onToggle={() => dispatch(profileMenuToggled())}
            onClose={dismiss}
          />
        </Popover>
      </Actions>
    </Bar>
  );
}
