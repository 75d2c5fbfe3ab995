import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { logoutRequested, selectSessionUser } from '../../lib/session.slice';
import { LogoutIcon, SettingsIcon, UserIcon } from '../../ui/icons';
import { Avatar, Menu, MenuEntry, MenuItem, Name, Trigger } from './profile-menu.styles';

interface ProfileMenuProps {
  open: boolean;
  onToggle: () => void;
  onClose: () => void;
}

/** docs/product.md §2.2 profile menu: avatar (or a generic icon), the name (default Guest), Profile, Settings, Logout. */
export function ProfileMenu({ open, onToggle, onClose }: ProfileMenuProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectSessionUser);
  const menuId = useId();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const [brokenImage, setBrokenImage] = useState<string | null>(null);
  const imageurl = user?.imageurl && user.imageurl !== brokenImage ? user.imageurl : undefined;
  const name = user?.name || t('profileMenu.guest');

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (open) items()[0]?.focus();
  }, [open]);

  const closeAndReturn = () => {
    onClose();
    triggerRef.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const all = items();
    const index = all.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      closeAndReturn();
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      all[(index + 1) % all.length]?.focus();
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      all[(index - 1 + all.length) % all.length]?.focus();
    } else if (event.key === 'Home') {
      event.preventDefault();
      all[0]?.focus();
    } else if (event.key === 'End') {
      event.preventDefault();
      all[all.length - 1]?.focus();
    } else if (event.key === 'Tab') {
      onClose();
    }
  };

  return (
    <>
      <Trigger
        ref={triggerRef}
        type="button"
        aria-label={t('profileMenu.label')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={onToggle}
      >
        <Avatar>
          {imageurl ? (
            <img src={imageurl} alt="" onError={() => setBrokenImage(imageurl)} />
          ) : (
            <UserIcon width={18} height={18} />
          )}
        </Avatar>
        <Name>{name}</Name>
      </Trigger>
      {open && (
        <Menu
          id={menuId}
          ref={menuRef}
          role="menu"
          aria-label={t('profileMenu.label')}
          onKeyDown={onMenuKeyDown}
        >
          <MenuEntry role="none">
            <MenuItem as={Link} to="/profile" role="menuitem" tabIndex={-1} onClick={onClose}>
              <UserIcon width={16} height={16} />
              {t('profileMenu.profile')}
            </MenuItem>
          </MenuEntry>
          <MenuEntry role="none">
            <MenuItem as={Link} to="/settings" role="menuitem" tabIndex={-1} onClick={onClose}>
              <SettingsIcon width={16} height={16} />
              {t('profileMenu.settings')}
            </MenuItem>
          </MenuEntry>
          <MenuEntry role="none">
            <MenuItem type="button" role="menuitem" tabIndex={-1} onClick={() => dispatch(logoutRequested())}>
              <LogoutIcon width={16} height={16} />
              {t('profileMenu.logout')}
            </MenuItem>
          </MenuEntry>
        </Menu>
      )}
    </>
  );
}
