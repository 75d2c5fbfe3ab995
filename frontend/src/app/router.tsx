import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { AppointmentListPage } from '../features/appointments/pages/appointment-list-page';
import { AppointmentsPage } from '../features/appointments/pages/appointments-page';
import { ForgotPasswordPage } from '../features/auth/pages/forgot-password-page';
import { LoginPage } from '../features/auth/pages/login-page';
import { RegisterPage } from '../features/auth/pages/register-page';
import { RegistrationSuccessPage } from '../features/auth/pages/registration-success-page';
import { ResetPasswordPage } from '../features/auth/pages/reset-password-page';
import { BookAppointmentPage } from '../features/booking/pages/book-appointment-page';
import { BookingLinkPage } from '../features/booking-link/pages/booking-link-page';
import { ReschedulePage } from '../features/booking/pages/reschedule-page';
import { DashboardPage } from '../features/dashboard/pages/dashboard-page';
import { ApiKeysPage } from '../features/integrations/pages/api-keys-page';
import { ConnectedAppsPage } from '../features/integrations/pages/connected-apps-page';
import { IntegrationSettingsPage } from '../features/integrations/pages/integration-settings-page';
import { WebhooksPage } from '../features/integrations/pages/webhooks-page';
import { ProfilePage } from '../features/profile/pages/profile-page';
import { HistoryPage } from '../features/history/history-page';
import { ManageProvidersPage } from '../features/providers/pages/manage-providers-page';
import { ProviderDetailsPage } from '../features/providers/pages/provider-details-page';
import { ServiceProvidersPage } from '../features/providers/pages/service-providers-page';
import { ScheduleManagementPage } from '../features/scheduling/pages/schedule-management-page';
import { ScheduleTemplatesPage } from '../features/scheduling/pages/schedule-templates-page';
import { ServicesPage } from '../features/services/pages/services-page';
import { SettingsPage } from '../features/settings/pages/settings-page';
import { StaffsPage } from '../features/staffs/pages/staffs-page';
import { ClaimOfferPage } from '../features/waitlist/pages/claim-offer-page';
import { WaitlistPage } from '../features/waitlist/pages/waitlist-page';
import { AuthLayout } from './layouts/auth-layout';
import { ShellLayout } from './layouts/shell-layout';
import { HomeRedirect, RouteGuard, SignedOutOnly } from './route-guard';
import { NotFoundPage, UnknownAddress } from './not-found-page';
import { RouterErrorPage } from './router-error-page';

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
                  { path: '/dashboard', element: <DashboardPage /> },
                  { path: '/profile', element: <ProfilePage /> },
                  { path: '/settings', element: <SettingsPage /> },
                  { path: '/appointments', element: <AppointmentsPage /> },
                  { path: '/appointments/list', element: <AppointmentListPage /> },
                  { path: '/appointments/book', element: <BookAppointmentPage /> },
                  { path: '/appointments/reschedule', element: <ReschedulePage /> },
                  { path: '/waitlist', element: <WaitlistPage /> },
                  { path: '/waitlist/offers/:id', element: <ClaimOfferPage /> },
                  { path: '/services', element: <ServicesPage /> },
                  { path: '/staffs', element: <StaffsPage /> },
                  { path: '/scheduling/manage', element: <ScheduleManagementPage /> },
                  { path: '/scheduling/templates', element: <ScheduleTemplatesPage /> },
                  { path: '/integrations/apps', element: <ConnectedAppsPage /> },
                  { path: '/integrations/webhooks', element: <WebhooksPage /> },
                  { path: '/integrations/settings', element: <IntegrationSettingsPage /> },
                  { path: '/integrations/api-keys', element: <ApiKeysPage /> },
                  { path: '/providers', element: <ServiceProvidersPage /> },
                  { path: '/providerstablelist', element: <ManageProvidersPage /> },
                  { path: '/providers/:id', element: <ProviderDetailsPage /> },
                  { path: '/providers/:id/history', element: <HistoryPage /> },
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
