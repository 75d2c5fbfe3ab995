import './lib/i18n';
import './app/translations';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { AppThemeProvider } from './features/theme/components/app-theme-provider';
import { loadThemeState } from './lib/theme/theme.storage';
import { GlobalStyle } from './app/global.styles';
import { preloadScreens, router } from './app/router';
import { loadSessionState } from './lib/session.slice';
import { createAppStore } from './app/store';
import { ToastHost } from './app/toast-host';

const store = createAppStore(
  { theme: loadThemeState(), session: loadSessionState() },
  {
    navigate: (to, options) => {
      void router.navigate(to, options);
    },
  },
);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to mount the application in.');

createRoot(container).render(
  <StrictMode>
    <Provider store={store}>
      <AppThemeProvider>
        <GlobalStyle />
        <RouterProvider router={router} />
        <ToastHost />
      </AppThemeProvider>
    </Provider>
  </StrictMode>,
);

// The first screen loads only what it needs; the other screens' chunks follow once the page is up.
if (document.readyState === 'complete') setTimeout(preloadScreens, 0);
else window.addEventListener('load', () => setTimeout(preloadScreens, 0), { once: true });
