import { useEffect } from 'react';
import { useCatalogue } from '../../../lib/catalogue';
import { useLocation, useNavigate } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query/react';
import type { Provider } from '@appointment/contracts/catalogue';
import { MESSAGES } from '@appointment/contracts/messages';
import { useAppDispatch } from '../../../lib/hooks';
import type { RescheduleTarget } from '../../../lib/events';
import { BookingScreen } from '../components/booking-screen';
import { ErrorNotice, Muted } from '../components/booking.styles';
import { IndustrySidebar } from '../components/industry-sidebar';
import { ProviderList } from '../components/provider-list';
import { RescheduleBanner } from '../components/reschedule-banner';
import { BOOKING_TEXTS } from '../booking.texts';
import { useBookingSelector } from '../booking.hooks';
import { useFavouritesQuery, useIndustriesQuery, useProviderServicesQuery } from '../booking.api';
import {
  bookingPageOpened,
  industriesShown,
  rescheduleProviderLoaded,
  selectReschedule,
  selectSelectedIndustry,
  selectSelectedProvider,
} from '../booking.slice';
import { AFTER_RESCHEDULE } from '../booking.saga';
import { Layout, Title } from './book-appointment-page.styles';

/** What another screen opens this one with: a provider to book at, or a booking to move. */
interface BookingRouteState {
  provider?: Provider;
  reschedule?: RescheduleTarget;
}

/** docs/product.md §2.6 Booking (/appointments/book): browse providers by industry, then pick a service and a time. */
export function BookAppointmentPage() {
  const { texts: T } = useCatalogue('booking', BOOKING_TEXTS);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const selectedProvider = useBookingSelector(selectSelectedProvider);
  const selectedIndustry = useBookingSelector(selectSelectedIndustry);
  const reschedule = useBookingSelector(selectReschedule);
  // Each opening reads the industries again.
  const { data: industries } = useIndustriesQuery(undefined, { refetchOnMountOrArgChange: true });
  // Each opening reads the favourites again too; the list and its filter read them as read here.
  useFavouritesQuery(undefined, { refetchOnMountOrArgChange: true, selectFromResult: () => ({}) });
  // A provider's detail page opens this screen on that provider; an appointment's Reschedule on its booking.
  const routeState = useLocation().state as BookingRouteState | null;
  const opening = routeState?.provider;
  const moving = routeState?.reschedule;
  // The booking names its provider by id: the screen opens on it once it is read (issue 29).
  const movingProvider = useProviderServicesQuery(moving?.providerId ?? skipToken);
  const movingProviderRead = movingProvider.currentData?.provider;

  useEffect(() => {
    dispatch(bookingPageOpened(opening, moving));
  }, [dispatch, opening, moving]);

  useEffect(() => {
    if (movingProviderRead) dispatch(rescheduleProviderLoaded(movingProviderRead));
  }, [dispatch, movingProviderRead]);

  // docs/product.md §2.6: once the industries are known, one is selected (industriesShown).
  useEffect(() => {
    if (industries && selectedIndustry === null) dispatch(industriesShown(industries));
  }, [dispatch, industries, selectedIndustry]);

  // Stopping keeps the booking where it is: back to the list it was opened from, in place of this screen.
  const stop = (target: RescheduleTarget) =>
    void navigate(AFTER_RESCHEDULE, { replace: true, state: { title: target.listTitle } });

  return (
    <section aria-labelledby="book-title">
      <Title id="book-title">{T.pageTitle}</Title>
      {reschedule && <RescheduleBanner target={reschedule} onStop={() => stop(reschedule)} />}
      <Layout>
        <IndustrySidebar />
        {selectedProvider ? (
          <BookingScreen />
        ) : reschedule && movingProvider.isError ? (
          <ErrorNotice role="alert">{MESSAGES.servicesLoadFailed}</ErrorNotice>
        ) : reschedule ? (
          <Muted role="status">{T.reschedule.loadingProvider}</Muted>
        ) : (
          <ProviderList />
        )}
      </Layout>
    </section>
  );
}
