import { useEffect, useId, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { Breadcrumb } from '../../ui/breadcrumb';
import { menuOf, readStoredRole } from '../session';
import { SideNav } from './side-nav';
import { TopBar } from './top-bar';
import { Backdrop, Body, Main, Shell } from './shell-layout.styles';

/** SPEC §2.2 signed-in layout: top bar, side navigation, breadcrumb and the current screen. */
export function ShellLayout() {
  const drawerId = useId();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const items = menuOf(readStoredRole());

  useEffect(() => {
    if (!drawerOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setDrawerOpen(false);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [drawerOpen]);

  return (
    <Shell>
      <TopBar
        drawerId={drawerId}
        drawerOpen={drawerOpen}
        onToggleDrawer={() => setDrawerOpen((open) => !open)}
      />
      <Body>
        <SideNav id={drawerId} items={items} open={drawerOpen} onNavigate={() => setDrawerOpen(false)} />
        {drawerOpen && <Backdrop aria-hidden="true" onClick={() => setDrawerOpen(false)} />}
        <Main>
          <Breadcrumb />
          <Outlet />
        </Main>
      </Body>
    </Shell>
  );
}
