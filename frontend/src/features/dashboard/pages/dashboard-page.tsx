import { useEffect, useMemo, useState } from 'react';
import { MessageText } from '../../../ui/message-text';
import { useTranslation } from 'react-i18next';
import { skipToken } from '@reduxjs/toolkit/query';
import type { AppointmentStatus } from '@appointment/contracts/appointments';
import { MESSAGES } from '@appointment/contracts/messages';
import { can } from '@appointment/contracts/roles';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { selectRole, selectSessionLoading, selectSessionUser } from '../../../lib/session.slice';
import { statusChangeRequested } from '../../../lib/events';
import { readStoredRoleValue } from '../../../lib/session';
import { dashboardOpened, selectDashboardUpdateError, selectDashboardUpdating } from '../dashboard.slice';
import {
  NO_APPOINTMENTS,
  useDashboardCountsQuery,
  useDashboardDetailsQuery,
  useProviderAddressQuery,
  type AppointmentCounts,
  type ProviderAppointment,
  type ServiceAppointment,
} from '../dashboard.api';
import { bookedServices, recentProviders, servicesOf } from '../dashboard.view';
import { AdminAppointmentsPanel } from '../components/admin-appointments-panel';
import { BookedServicesPanel } from '../components/booked-services-panel';
import { FirstStepsPanel } from '../components/first-steps-panel';
import { ProviderHistoryPanel } from '../components/provider-history-panel';
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

type DashboardReadStatus = 'loading' | 'loaded' | 'failed';

const NO_PROVIDER_APPOINTMENTS: ProviderAppointment[] = [];
const NO_SERVICE_APPOINTMENTS: ServiceAppointment[] = [];

/**
 * Where a dashboard read stands: failed without a stored role or when its last read failed;
 * loading until this opening's first answer (a later read again keeps the figures shown).
 */
const readStatus = (role: string | null, result: { isError: boolean; currentData?: unknown }) =>
  (!role || result.isError
    ? 'failed'
    : result.currentData === undefined
      ? 'loading'
      : 'loaded') as DashboardReadStatus;

const errorOf = (role: string | null, status: DashboardReadStatus): string | null =>
  !role ? MESSAGES.roleMissing : status === 'failed' ? MESSAGES.dashboardLoadFailed : null;

/** docs/product.md §2.4 the five counts. */
const useDashboardReads = (role: string | null) =>
  useDashboardCountsQuery(role ?? skipToken, {
    refetchOnMountOrArgChange: true,
    selectFromResult: (result) => {
      const status = readStatus(role, result);
      return {
        status,
        counts: status === 'loaded' && result.currentData ? result.currentData : NO_APPOINTMENTS,
        error: errorOf(role, status),
      };
    },
  });

/** docs/product.md §2.4 the appointments with their providers (users) or services (provider staff). */
const useDashboardDetails = (role: string | null) =>
  useDashboardDetailsQuery(role ?? skipToken, {
    refetchOnMountOrArgChange: true,
    selectFromResult: (result) => {
      const status = readStatus(role, result);
      const data = status === 'loaded' ? result.currentData : undefined;
      return {
        status,
        withProvider: data?.appointmentsWithProviderDetails ?? NO_PROVIDER_APPOINTMENTS,
        withService: data?.appointmentsWithServiceDetails ?? NO_SERVICE_APPOINTMENTS,
        error: errorOf(role, status),
      };
    },
  });

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
  // docs/product.md §2.4: the reads are for the role stored locally when the dashboard opens.
  const [storedRole] = useState(readStoredRoleValue);
  const counts = useDashboardReads(storedRole);
  const details = useDashboardDetails(storedRole);
  const { providerAddress } = useProviderAddressQuery(details.withService[0]?.providerId ?? skipToken, {
    selectFromResult: ({ data }) => ({ providerAddress: data ?? null }),
  });
  const updating = useAppSelector(selectDashboardUpdating);
  const updateError = useAppSelector(selectDashboardUpdateError);
  const isProviderStaff = role === 'admin' || role === 'incharge';
  const isUser = can(role, 'appointments.book');
  // One alert: the counts and the details fail for the same reasons (no role, no server).
  const alert = counts.error ?? details.error;

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
      <Greeting id="dashboard-greeting">{t('dashboard.welcome', { name })}</Greeting>
      {alert && (
        <ErrorText role="alert">
          <MessageText>{alert}</MessageText>
        </ErrorText>
      )}
      {/* A provider's admin: what is left of its first steps (issue 32). */}
      {role === 'admin' && <FirstStepsPanel />}
      <Cards aria-label={t('dashboard.counts')} aria-busy={counts.status === 'loading'}>
        {CARDS.map((card) => (
          <Card key={card.key} $tone={card.tone}>
            <CardTitle>{t(card.title)}</CardTitle>
            <CardCount>{counts.status === 'loading' ? '–' : counts.counts[card.key]}</CardCount>
          </Card>
        ))}
      </Cards>
      {isProviderStaff && details.status !== 'failed' && (
        <AdminAppointmentsPanel
          items={details.withService}
          loading={details.status === 'loading'}
          providerAddress={providerAddress}
          onDecide={can(role, 'appointments.changeStatus') ? decide : undefined}
          updating={updating}
          updateError={updateError}
        />
      )}
      {isProviderStaff && services.length > 0 && <ServicesPanel services={services} />}
      {can(role, 'history.view') && !can(role, 'history.viewAny') && user?.providerId && (
        <ProviderHistoryPanel providerId={user.providerId} />
      )}
      {isUser && details.status !== 'failed' && (
        <RecentProvidersPanel providers={providers} loading={details.status === 'loading'} />
      )}
      {isUser && booked.length > 0 && <BookedServicesPanel services={booked} />}
    </Page>
  );
}
