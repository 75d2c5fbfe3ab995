import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectSessionLoading, selectSessionUser } from '../../../app/session.slice';
import { dashboardOpened, selectDashboard, type AppointmentCounts } from '../dashboard.slice';
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

/** SPEC §2.4: the greeting and the five appointment counts. */
export function DashboardPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectSessionUser);
  const sessionLoading = useAppSelector(selectSessionLoading);
  const name = user?.name ?? (sessionLoading ? '' : t('profileMenu.guest'));
  const { status, counts, error } = useAppSelector(selectDashboard);

  useEffect(() => {
    dispatch(dashboardOpened());
  }, [dispatch]);

  return (
    <Page aria-labelledby="dashboard-greeting">
      <Greeting id="dashboard-greeting">
        {t('dashboard.welcome')} {name}
      </Greeting>
      {error && <ErrorText role="alert">{error}</ErrorText>}
      <Cards aria-label={t('dashboard.counts')} aria-busy={status === 'loading'}>
        {CARDS.map((card) => (
          <Card key={card.key} $tone={card.tone}>
            <CardTitle>{t(card.title)}</CardTitle>
            <CardCount>{status === 'loading' ? '–' : counts[card.key]}</CardCount>
          </Card>
        ))}
      </Cards>
    </Page>
  );
}
