import { useEffect, useState, type ReactNode } from 'react';
import { useCatalogue } from '../../../lib/catalogue';
import { skipToken } from '@reduxjs/toolkit/query';
import { useLocation, useNavigate } from 'react-router-dom';
import { can, canOpenRoute } from '@appointment/contracts/roles';
import { LAYOUT } from '@appointment/contracts/constants';
import { MESSAGES } from '@appointment/contracts/messages';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { selectRole } from '../../../lib/session.slice';
import { SecondaryButton } from '../../../ui/button.styles';
import { ErrorNotice, Notice, PageHeader, PageTitle, ScrollRegion } from '../../../ui/page.styles';
import { useAppointmentsSelector } from '../appointments.hooks';
import { readStoredRoleValue } from '../../../lib/session';
import { appointmentListOpened, selectUpdateError, selectUpdating } from '../appointments.slice';
import {
  useAppointmentListQuery,
  useCancelAppointmentMutation,
  useCancelFollowingMutation,
} from '../appointments.api';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { longDate, timeRange } from '../../../ui/appointment-format';
import type { Appointment } from '@appointment/contracts/appointments';
import { APPOINTMENTS_TEXTS, statusOfTitle } from '../appointments.texts';
import { AppointmentCard } from '../components/appointment-card';
import { cancelTermsText } from '../components/cancel-terms';
import { payNowClicked, statusChangeRequested, type RescheduleTarget } from '../../../lib/events';
import { AppointmentCards, HeaderActions } from '../components/appointments.styles';
import { MessageText } from '../../../ui/message-text';

const titleOf = (state: unknown): string =>
  state && typeof state === 'object' && 'title' in state && typeof state.title === 'string' && state.title
    ? state.title
    : APPOINTMENTS_TEXTS.allAppointments;

/** Where a booking is moved: the booking screen, opened on its provider and service (issue 29). */
const RESCHEDULE_PATH = '/appointments/reschedule';

const rescheduleTargetOf = (appointment: Appointment, listTitle: string): RescheduleTarget => ({
  appointmentId: appointment._id,
  providerId: appointment.providerId,
  serviceName: appointment.serviceName,
  startDateTime: appointment.startDateTime,
  endDateTime: appointment.endDateTime,
  timezone: appointment.timezone,
  email: appointment.email,
  listTitle,
  ...(appointment.series ? { series: true } : {}),
});

/** Whether the router has an entry of this app to go back to. */
const canGoBack = (): boolean => {
  const state: unknown = window.history.state;
  return (
    !!state && typeof state === 'object' && 'idx' in state && typeof state.idx === 'number' && state.idx > 0
  );
};

/** The admin's long list scrolls within the page, as a region the keyboard can scroll. */
function ScrollWhen({ scroll, label, children }: { scroll: boolean; label: string; children: ReactNode }) {
  if (!scroll) return children;
  return (
    <ScrollRegion
      role="region"
      aria-label={label}
      tabIndex={0}
      $maxHeight={LAYOUT.adminAppointmentListMaxHeight}
    >
      {children}
    </ScrollRegion>
  );
}

/**
 * docs/product.md §2.5 /appointments/list: the appointments of the status its title names (any other title
 * shows all). An admin may set each one's status, after which the app returns to /appointments.
 */
export function AppointmentListPage() {
  const { texts: T, t } = useCatalogue('appointments', APPOINTMENTS_TEXTS);
  const dispatch = useAppDispatch();
  // The appointment the user is asked about before it is cancelled (issue 29).
  const [cancelTarget, setCancelTarget] = useState<Appointment | null>(null);
  const [cancelAppointment, cancellingOne] = useCancelAppointmentMutation();
  // Issue 31: an appointment of a series, with all the following ones.
  const [cancelFollowing, cancellingFollowing] = useCancelFollowingMutation();
  const [following, setFollowing] = useState(false);
  // The page tells of the last cancellation asked: of one appointment, or of the following ones.
  const [lastAsked, setLastAsked] = useState<'one' | 'following'>('one');
  const cancelling = lastAsked === 'following' ? cancellingFollowing : cancellingOne;
  const cancelError =
    cancelling.error && 'data' in cancelling.error
      ? ((cancelling.error.data as { message?: string } | undefined)?.message ?? MESSAGES.networkError)
      : cancelling.error
        ? MESSAGES.networkError
        : null;
  // The data router's navigate answers a promise that settles once the next screen is shown and
  // never rejects (a failing loader shows the error page): a click voids it.
  const navigate = useNavigate();
  const title = titleOf(useLocation().state);
  const filter = statusOfTitle(title);
  // The router carries the spec's English title (it picks the filter); the heading is in the chosen language.
  const shownTitle =
    filter !== 'all'
      ? T.statusTitles[filter]
      : title === APPOINTMENTS_TEXTS.allAppointments
        ? T.allAppointments
        : title;
  const role = useAppSelector(selectRole) ?? undefined;
  const mayChangeStatus = can(role, 'appointments.changeStatus');
  const mayPay = can(role, 'appointments.book');
  // The booker, and the provider's admin, move a booking on the booking screen in reschedule mode:
  // offered to whoever may also open that screen, so the button never leads to a refused route.
  const mayReschedule = can(role, 'appointments.reschedule') && canOpenRoute(role, RESCHEDULE_PATH);
  // docs/product.md §2.5: the appointments of one status (or all) for the role stored locally.
  const [storedRole] = useState(readStoredRoleValue);
  const list = useAppointmentListQuery(storedRole ? { status: filter, role: storedRole } : skipToken, {
    refetchOnMountOrArgChange: true,
  });
  const status =
    !storedRole || list.isError ? 'failed' : list.isFetching || !list.data ? 'loading' : 'loaded';
  const items = status === 'loaded' && list.data ? list.data : [];
  const error = !storedRole
    ? MESSAGES.roleMissing
    : status === 'failed'
      ? MESSAGES.appointmentsLoadFailed
      : null;
  const updating = useAppointmentsSelector(selectUpdating);
  const updateError = useAppointmentsSelector(selectUpdateError);

  useEffect(() => {
    dispatch(appointmentListOpened(filter));
  }, [dispatch, filter]);

  const loading = status === 'loading';

  return (
    <section aria-labelledby="appointment-list-title">
      <PageHeader>
        <HeaderActions>
          <SecondaryButton
            type="button"
            onClick={() => void (canGoBack() ? navigate(-1) : navigate('/appointments'))}
          >
            {T.back}
          </SecondaryButton>
          <PageTitle id="appointment-list-title">{shownTitle}</PageTitle>
        </HeaderActions>
      </PageHeader>
      {loading && <Notice>{T.loading}</Notice>}
      {error && <ErrorNotice role="alert">{error}</ErrorNotice>}
      {updateError && <ErrorNotice role="alert">{updateError}</ErrorNotice>}
      {cancelError && (
        <ErrorNotice role="alert">
          <MessageText>{cancelError}</MessageText>
        </ErrorNotice>
      )}
      {status === 'loaded' && items.length === 0 && (
        <Notice>
          <MessageText>{MESSAGES.noAppointments}</MessageText>
        </Notice>
      )}
      {status === 'loaded' && items.length > 0 && (
        <ScrollWhen scroll={mayChangeStatus} label={T.list}>
          <AppointmentCards aria-label={T.list}>
            {items.map((appointment) => (
              <li key={appointment._id}>
                <AppointmentCard
                  appointment={appointment}
                  busy={
                    updating.includes(appointment._id) ||
                    (cancelling.isLoading && cancelling.originalArgs === appointment._id)
                  }
                  onPayNow={mayPay ? () => dispatch(payNowClicked(appointment._id)) : undefined}
                  onCancel={mayPay ? () => setCancelTarget(appointment) : undefined}
                  onReschedule={
                    mayReschedule
                      ? () =>
                          void navigate(RESCHEDULE_PATH, {
                            state: { reschedule: rescheduleTargetOf(appointment, title) },
                          })
                      : undefined
                  }
                  onStatusChange={
                    mayChangeStatus
                      ? (next) =>
                          dispatch(
                            statusChangeRequested({
                              id: appointment._id,
                              status: next,
                              navigateTo: '/appointments',
                            }),
                          )
                      : undefined
                  }
                />
              </li>
            ))}
          </AppointmentCards>
        </ScrollWhen>
      )}
      <ConfirmDialog
        open={cancelTarget !== null}
        title={T.cancel.title}
        confirmLabel={T.cancel.confirm}
        cancelLabel={T.cancel.keep}
        onCancel={() => {
          setCancelTarget(null);
          setFollowing(false);
        }}
        onConfirm={() => {
          if (cancelTarget) void (following ? cancelFollowing : cancelAppointment)(cancelTarget._id);
          setLastAsked(following ? 'following' : 'one');
          setCancelTarget(null);
          setFollowing(false);
        }}
      >
        {/* The question, then what happens to the payment, before the user confirms (issue 29). */}
        {cancelTarget &&
          [
            t('cancel.question', {
              service: cancelTarget.serviceName,
              provider: cancelTarget.providerName,
              date: longDate(cancelTarget.date),
              time: timeRange(cancelTarget.startTime, cancelTarget.endTime),
            }),
            cancelTermsText(cancelTarget, t),
          ]
            .filter(Boolean)
            .join(' ')}
        {cancelTarget?.series && (
          <label>
            {' '}
            <input
              type="checkbox"
              checked={following}
              onChange={(event) => setFollowing(event.target.checked)}
            />{' '}
            {T.cancel.following}
          </label>
        )}
      </ConfirmDialog>
    </section>
  );
}
