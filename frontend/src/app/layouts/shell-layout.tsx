import { useEffect, useId, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { ChatWidget } from '../../features/chat/components/chat-widget';
import { PaymentCheckoutHost } from '../../features/payments/components/payment-checkout-host';
import { Breadcrumb } from '../../ui/breadcrumb';
import { CrumbNamesProvider } from '../../ui/crumb-names';
import { VerifyEmailBanner } from '../../ui/verify-email-banner';
import { useAppSelector } from '../../lib/hooks';
import { menuOf, storedRoleOf } from '../../lib/session';
import { selectStoredRoleValue } from '../../lib/session.slice';
import { SideNav } from './side-nav';
import { TopBar } from './top-bar';
import { Backdrop, Body, Main, Shell } from './shell-layout.styles';

/** docs/product.md §2.2 signed-in layout: top bar, side navigation, breadcrumb, the current screen and chat support. */
export function ShellLayout() {
  const drawerId = useId();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const items = menuOf(storedRoleOf(useAppSelector(selectStoredRoleValue)));

  useEffect(() => {
    if (!drawerOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setDrawerOpen(false);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [drawerOpen]);

  return (
    <CrumbNamesProvider>
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
            <VerifyEmailBanner />
            <Outlet />
          </Main>
        </Body>
        <ChatWidget />
        <PaymentCheckoutHost />
      </Shell>
    </CrumbNamesProvider>
  );
}
