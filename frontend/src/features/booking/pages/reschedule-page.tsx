import { useEffect } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { MESSAGES } from '@appointment/contracts/messages';
import { useCatalogue } from '../../../lib/catalogue';
import { useAppDispatch } from '../../../lib/hooks';
import type { RescheduleTarget } from '../../../lib/events';
import { BookingScreen } from '../components/booking-screen';
import { ErrorNotice, Muted } from '../components/booking.styles';
import { RescheduleBanner } from '../components/reschedule-banner';
import { BOOKING_TEXTS } from '../booking.texts';
import { useBookingSelector } from '../booking.hooks';
import { useProviderServicesQuery } from '../booking.api';
import {
  bookingPageOpened,
  rescheduleProviderLoaded,
  selectReschedule,
  selectSelectedProvider,
} from '../booking.slice';
import { AFTER_RESCHEDULE } from '../booking.saga';
import { Title } from './book-appointment-page.styles';

/** Opened without a booking to move (typed in, or its state lost): the appointments to choose from. */
const NOTHING_TO_MOVE = '/appointments';

/**
 * Moving a booking (issue 29), for its booker or its provider's admin: the booking screen opened on
 * its provider and service in reschedule mode (its slots, the confirm dialog from where to where),
 * under a banner saying which booking moves. Nothing else can be browsed or booked from here.
 */
export function ReschedulePage() {
  const { texts: T } = useCatalogue('booking', BOOKING_TEXTS);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const moving = (useLocation().state as { reschedule?: RescheduleTarget } | null)?.reschedule;
  const reschedule = useBookingSelector(selectReschedule);
  const selectedProvider = useBookingSelector(selectSelectedProvider);
  // The booking names its provider by id: the screen opens on it once it is read.
  const movingProvider = useProviderServicesQuery(moving?.providerId ?? skipToken);
  const movingProviderRead = movingProvider.currentData?.provider;

  useEffect(() => {
    if (moving) dispatch(bookingPageOpened(undefined, moving));
  }, [dispatch, moving]);

  useEffect(() => {
    if (movingProviderRead) dispatch(rescheduleProviderLoaded(movingProviderRead));
  }, [dispatch, movingProviderRead]);

  if (!moving) return <Navigate to={NOTHING_TO_MOVE} replace />;

  // Stopping keeps the booking where it is: back to the list it was opened from, in place of this screen.
  const stop = (target: RescheduleTarget) =>
    void navigate(AFTER_RESCHEDULE, { replace: true, state: { title: target.listTitle } });

  return (
    <section aria-labelledby="reschedule-title">
      <Title id="reschedule-title">{T.reschedule.title}</Title>
      {reschedule && <RescheduleBanner target={reschedule} onStop={() => stop(reschedule)} />}
      {reschedule && selectedProvider ? (
        <BookingScreen />
      ) : movingProvider.isError ? (
        <ErrorNotice role="alert">{MESSAGES.servicesLoadFailed}</ErrorNotice>
      ) : (
        <Muted role="status">{T.reschedule.loadingProvider}</Muted>
      )}
    </section>
  );
}
