import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppointmentStatus } from '@appointment/contracts/appointments';
import { can } from '@appointment/contracts/roles';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { selectRole, selectSessionLoading, selectSessionUser } from '../../../lib/session.slice';
import { statusChangeRequested } from '../../../lib/events';
import {
  dashboardOpened,
  selectDashboardCounts,
  selectDashboardDetails,
  selectDashboardError,
  selectDashboardStatus,
  selectDashboardUpdateError,
  selectDashboardUpdating,
  type AppointmentCounts,
} from '../dashboard.slice';
import { bookedServices, recentProviders, servicesOf } from '../dashboard.view';
import { AdminAppointmentsPanel } from '../components/admin-appointments-panel';
import { BookedServicesPanel } from '../components/booked-services-panel';
import { RecentProvidersPanel } from '../components/recent-providers-panel';
import { ServicesPanel } from '../components/services-panel';
import {
  Card,
  CardCount,
  Cards,
  CardTitle,
  ErrorText,
  Greeting,
  Page,
  type CardTone,
} from '../components/dashboard.styles';

const CARDS: { key: keyof AppointmentCounts; title: string; tone: CardTone }[] = [
  { key: 'scheduledAppointments', title: 'dashboard.scheduled', tone: 'scheduled' },
  { key: 'pendingAppointments', title: 'dashboard.pending', tone: 'pending' },
  { key: 'completedAppointments', title: 'dashboard.completed', tone: 'completed' },
  { key: 'cancelledAppointments', title: 'dashboard.cancelled', tone: 'cancelled' },
  { key: 'totalAppointments', title: 'dashboard.total', tone: 'total' },
];

/**
 * docs/product.md §2.4: the greeting and the five appointment counts; below them, for a provider's admin
 * or incharge the appointments panel (and the Services panel), for a user the Recent Providers
 * and the services booked before.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectSessionUser);
  const sessionLoading = useAppSelector(selectSessionLoading);
  const role = useAppSelector(selectRole) ?? undefined;
  const name = user?.name ?? (sessionLoading ? '' : t('profileMenu.guest'));
  const status = useAppSelector(selectDashboardStatus);
  const counts = useAppSelector(selectDashboardCounts);
  const error = useAppSelector(selectDashboardError);
  const details = useAppSelector(selectDashboardDetails);
  const updating = useAppSelector(selectDashboardUpdating);
  const updateError = useAppSelector(selectDashboardUpdateError);
  const isProviderStaff = role === 'admin' || role === 'incharge';
  const isUser = can(role, 'appointments.book');
  const detailsLoading = details.status === 'loading' || details.status === 'idle';
  // One alert: the counts and the details fail for the same reasons (no role, no server).
  const alert = error ?? details.error;

  const services = useMemo(() => servicesOf(details.withService), [details.withService]);
  const providers = useMemo(() => recentProviders(details.withProvider), [details.withProvider]);
  const booked = useMemo(() => bookedServices(details.withProvider), [details.withProvider]);

  useEffect(() => {
    dispatch(dashboardOpened());
  }, [dispatch]);

  const decide = (id: string, next: AppointmentStatus) =>
    dispatch(statusChangeRequested({ id, status: next }));

  return (
    <Page aria-labelledby="dashboard-greeting">
      <Greeting id="dashboard-greeting">
        {t('dashboard.welcome')} {name}
      </Greeting>
      {alert && <ErrorText role="alert">{alert}</ErrorText>}
      <Cards aria-label={t('dashboard.counts')} aria-busy={status === 'loading'}>
        {CARDS.map((card) => (
          <Card key={card.key} $tone={card.tone}>
            <CardTitle>{t(card.title)}</CardTitle>
            <CardCount>{status === 'loading' ? '–' : counts[card.key]}</CardCount>
          </Card>
        ))}
      </Cards>
      {isProviderStaff && details.status !== 'failed' && (
        <AdminAppointmentsPanel
          items={details.withService}
          loading={detailsLoading}
          providerAddress={details.providerAddress}
          onDecide={can(role, 'appointments.changeStatus') ? decide : undefined}
          updating={updating}
          updateError={updateError}
        />
      )}
      {isProviderStaff && services.length > 0 && <ServicesPanel services={services} />}
      {isUser && details.status !== 'failed' && (
        <RecentProvidersPanel providers={providers} loading={detailsLoading} />
      )}
      {isUser && booked.length > 0 && <BookedServicesPanel services={booked} />}
    </Page>
  );
}
