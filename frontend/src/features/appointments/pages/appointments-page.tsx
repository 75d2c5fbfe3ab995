import { useEffect, useState } from 'react';
import { useCatalogue } from '../../../lib/catalogue';
import { skipToken } from '@reduxjs/toolkit/query';
import { MESSAGES } from '@appointment/contracts/messages';
import { Link, useNavigate } from 'react-router-dom';
import { can } from '@appointment/contracts/roles';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { selectRole } from '../../../lib/session.slice';
import { Button } from '../../../ui/button.styles';
import { ErrorNotice, PageHeader, PageTitle } from '../../../ui/page.styles';
import { readStoredRoleValue } from '../../../lib/session';
import { appointmentsPageOpened } from '../appointments.slice';
import { NO_COUNTS, useAppointmentCountsQuery } from '../appointments.api';
import { APPOINTMENTS_TEXTS, STATUS_CARDS } from '../appointments.texts';
import {
  StatusCardButton,
  StatusCardCount,
  StatusCardLabel,
  StatusCards,
} from '../components/appointments.styles';

/** docs/product.md §2.5 /appointments: five status cards that open the list; users may book from here. */
export function AppointmentsPage() {
  const { texts: T, t } = useCatalogue('appointments', APPOINTMENTS_TEXTS);
  const dispatch = useAppDispatch();
  // The data router's navigate answers a promise that settles once the next screen is shown and
  // never rejects (a failing loader shows the error page): a click voids it.
  const navigate = useNavigate();
  const role = useAppSelector(selectRole) ?? undefined;
  // docs/product.md §2.5: the counts for the role stored locally when the screen opens.
  const [storedRole] = useState(readStoredRoleValue);
  const counts = useAppointmentCountsQuery(storedRole ?? skipToken, { refetchOnMountOrArgChange: true });
  const status =
    !storedRole || counts.isError ? 'failed' : counts.isFetching || !counts.data ? 'loading' : 'loaded';
  const data = status === 'loaded' && counts.data ? counts.data : NO_COUNTS;
  const error = !storedRole
    ? MESSAGES.roleMissing
    : status === 'failed'
      ? MESSAGES.appointmentsLoadFailed
      : null;
  const isUser = role === 'user';
  const title = isUser ? T.myAppointments : T.appointments;

  useEffect(() => {
    dispatch(appointmentsPageOpened());
  }, [dispatch]);

  return (
    <section aria-labelledby="appointments-title">
      <PageHeader>
        <PageTitle id="appointments-title">{title}</PageTitle>
        {can(role, 'appointments.book') && (
          <Button as={Link} to="/appointments/book">
            {T.bookNew}
          </Button>
        )}
      </PageHeader>
      {error && <ErrorNotice role="alert">{error}</ErrorNotice>}
      <StatusCards aria-label={T.statusCards} aria-busy={status === 'loading'}>
        {STATUS_CARDS.map((card) => {
          const count = status === 'loading' ? '–' : String(data[card.count]);
          return (
            <li key={card.count}>
              <StatusCardButton
                type="button"
                aria-label={t('statusCard', { label: T.statusLabels[card.status], count })}
                $tone={card.status === 'all' ? 'total' : card.status}
                onClick={() =>
                  void navigate('/appointments/list', { state: { status: card.status, title: card.title } })
                }
              >
                <StatusCardLabel>{T.statusLabels[card.status]}</StatusCardLabel>
                <StatusCardCount>{count}</StatusCardCount>
              </StatusCardButton>
            </li>
          );
        })}
      </StatusCards>
    </section>
  );
}
