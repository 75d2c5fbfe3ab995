import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { ForgotPasswordPage } from '../features/auth/pages/forgot-password-page';
import { LoginPage } from '../features/auth/pages/login-page';
import { RegisterPage } from '../features/auth/pages/register-page';
import { RegistrationSuccessPage } from '../features/auth/pages/registration-success-page';
import { ResetPasswordPage } from '../features/auth/pages/reset-password-page';
import { BookingLinkPage } from '../features/booking-link/pages/booking-link-page';
import { AuthLayout } from './layouts/auth-layout';
import { ShellLayout } from './layouts/shell-layout';
import { HomeRedirect, RouteGuard, SignedOutOnly } from './route-guard';
import { NotFoundPage, UnknownAddress } from './not-found-page';
import { RouterErrorPage } from './router-error-page';

const screenLoaders: (() => Promise<unknown>)[] = [];

/**
 * A signed-in screen, loaded the first time its route opens (a chunk of its own, with what only it
 * uses): the first screen loads the shell and the sign-in screens, not every screen of the app.
 */
const screen = <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) => {
  screenLoaders.push(load);
  return async (): Promise<{ Component: ComponentType }> => ({ Component: pick(await load()) });
};
/**
 * Once the first screen is up, the others are fetched in the background: a later move to one of
 * them waits for nothing, even with the connection gone by then.
 */
export const preloadScreens = (): void => {
  for (const load of screenLoaders) void load().catch(() => undefined);
};

/** Every route of docs/product.md §2.1; who may open which is decided by the guard from the contracts' table. */
export const routes: RouteObject[] = [
  {
    errorElement: <RouterErrorPage />,
    children: [
      { path: '/', element: <HomeRedirect /> },
      {
        element: <AuthLayout />,
        children: [
          {
            path: '/login',
            element: (
              <SignedOutOnly>
                <LoginPage />
              </SignedOutOnly>
            ),
          },
          {
            path: '/register',
            element: (
              <SignedOutOnly>
                <RegisterPage />
              </SignedOutOnly>
            ),
          },
          { path: '/registration-success', element: <RegistrationSuccessPage /> },
          // Forgot password; the mailed link opens /reset-password even for someone signed in.
          {
            path: '/forgot-password',
            element: (
              <SignedOutOnly>
                <ForgotPasswordPage />
              </SignedOutOnly>
            ),
          },
          { path: '/reset-password', element: <ResetPasswordPage /> },
          // A booking e-mail's signed links (issue 29): no sign-in, the link is the proof.
          { path: '/booking-link/cancel', element: <BookingLinkPage purpose="cancel" /> },
          { path: '/booking-link/reschedule', element: <BookingLinkPage purpose="reschedule" /> },
        ],
      },
      {
        element: <RouteGuard />,
        children: [
          {
            element: <ShellLayout />,
            children: [
              {
                // A failing screen shows the fallback inside the shell, so navigation stays usable.
                errorElement: <RouterErrorPage />,
                children: [
                  {
                    path: '/dashboard',
                    lazy: screen(
                      () => import('../features/dashboard/pages/dashboard-page'),
                      (m) => m.DashboardPage,
                    ),
                  },
                  {
                    path: '/profile',
                    lazy: screen(
                      () => import('../features/profile/pages/profile-page'),
                      (m) => m.ProfilePage,
                    ),
                  },
                  {
                    path: '/settings',
                    lazy: screen(
                      () => import('../features/settings/pages/settings-page'),
                      (m) => m.SettingsPage,
                    ),
                  },
                  {
                    path: '/appointments',
                    lazy: screen(
                      () => import('../features/appointments/pages/appointments-page'),
                      (m) => m.AppointmentsPage,
                    ),
                  },
                  {
                    path: '/appointments/list',
                    lazy: screen(
                      () => import('../features/appointments/pages/appointment-list-page'),
                      (m) => m.AppointmentListPage,
                    ),
                  },
                  {
                    path: '/appointments/book',
                    lazy: screen(
                      () => import('../features/booking/pages/book-appointment-page'),
                      (m) => m.BookAppointmentPage,
                    ),
                  },
                  {
                    path: '/appointments/reschedule',
                    lazy: screen(
                      () => import('../features/booking/pages/reschedule-page'),
                      (m) => m.ReschedulePage,
                    ),
                  },
                  {
                    path: '/waitlist',
                    lazy: screen(
                      () => import('../features/waitlist/pages/waitlist-page'),
                      (m) => m.WaitlistPage,
                    ),
                  },
                  {
                    path: '/waitlist/offers/:id',
                    lazy: screen(
                      () => import('../features/waitlist/pages/claim-offer-page'),
                      (m) => m.ClaimOfferPage,
                    ),
                  },
                  {
                    path: '/services',
                    lazy: screen(
                      () => import('../features/services/pages/services-page'),
                      (m) => m.ServicesPage,
                    ),
                  },
                  {
                    path: '/staffs',
                    lazy: screen(
                      () => import('../features/staffs/pages/staffs-page'),
                      (m) => m.StaffsPage,
                    ),
                  },
                  {
                    path: '/scheduling/manage',
                    lazy: screen(
                      () => import('../features/scheduling/pages/schedule-management-page'),
                      (m) => m.ScheduleManagementPage,
                    ),
                  },
                  {
                    path: '/scheduling/templates',
                    lazy: screen(
                      () => import('../features/scheduling/pages/schedule-templates-page'),
                      (m) => m.ScheduleTemplatesPage,
                    ),
                  },
                  {
                    path: '/integrations/apps',
                    lazy: screen(
                      () => import('../features/integrations/pages/connected-apps-page'),
                      (m) => m.ConnectedAppsPage,
                    ),
                  },
                  {
                    path: '/integrations/webhooks',
                    lazy: screen(
                      () => import('../features/integrations/pages/webhooks-page'),
                      (m) => m.WebhooksPage,
                    ),
                  },
                  {
                    path: '/integrations/settings',
                    lazy: screen(
                      () => import('../features/integrations/pages/integration-settings-page'),
                      (m) => m.IntegrationSettingsPage,
                    ),
                  },
                  {
                    path: '/integrations/api-keys',
                    lazy: screen(
                      () => import('../features/integrations/pages/api-keys-page'),
                      (m) => m.ApiKeysPage,
                    ),
                  },
                  {
                    path: '/providers',
                    lazy: screen(
                      () => import('../features/providers/pages/service-providers-page'),
                      (m) => m.ServiceProvidersPage,
                    ),
                  },
                  {
                    path: '/providerstablelist',
                    lazy: screen(
                      () => import('../features/providers/pages/manage-providers-page'),
                      (m) => m.ManageProvidersPage,
                    ),
                  },
                  {
                    path: '/providers/:id',
                    lazy: screen(
                      () => import('../features/providers/pages/provider-details-page'),
                      (m) => m.ProviderDetailsPage,
                    ),
                  },
                  {
                    path: '/providers/:id/history',
                    lazy: screen(
                      () => import('../features/history/history-page'),
                      (m) => m.HistoryPage,
                    ),
                  },
                ],
              },
            ],
          },
        ],
      },
      // An address no route has: said plainly, inside the shell for someone signed in.
      { element: <UnknownAddress />, children: [{ path: '*', element: <NotFoundPage /> }] },
    ],
  },
];

export const router = createBrowserRouter(routes);
