import { useEffect } from 'react';
import { useCatalogue } from '../../../lib/catalogue';
import { useLocation } from 'react-router-dom';
import type { Provider } from '@appointment/contracts/catalogue';
import { skipToken } from '@reduxjs/toolkit/query/react';
import type { BookAgain } from '../../../lib/events';
import { useAppDispatch } from '../../../lib/hooks';
import { BookingScreen } from '../components/booking-screen';
import { IndustrySidebar } from '../components/industry-sidebar';
import { ProviderList } from '../components/provider-list';
import { BOOKING_TEXTS } from '../booking.texts';
import { useBookingSelector } from '../booking.hooks';
import { useFavouritesQuery, useIndustriesQuery, useProviderServicesQuery } from '../booking.api';
import {
  bookAgainProviderLoaded,
  bookingPageOpened,
  industriesShown,
  selectSelectedIndustry,
  selectSelectedProvider,
} from '../booking.slice';
import { Layout, Title } from './book-appointment-page.styles';

/**
 * What another screen opens this one with: a provider to book at, or the provider and service a
 * dashboard's "Book Again" names (a booking moves on /appointments/reschedule).
 */
interface BookingRouteState {
  provider?: Provider;
  bookAgain?: BookAgain;
}

/** docs/product.md §2.6 Booking (/appointments/book): browse providers by industry, then pick a service and a time. */
export function BookAppointmentPage() {
  const { texts: T } = useCatalogue('booking', BOOKING_TEXTS);
  const dispatch = useAppDispatch();
  const selectedProvider = useBookingSelector(selectSelectedProvider);
  const selectedIndustry = useBookingSelector(selectSelectedIndustry);
  // Each opening reads the industries again.
  const { data: industries } = useIndustriesQuery(undefined, { refetchOnMountOrArgChange: true });
  // Each opening reads the favourites again too; the list and its filter read them as read here.
  useFavouritesQuery(undefined, { refetchOnMountOrArgChange: true, selectFromResult: () => ({}) });
  // A provider's detail page opens this screen on that provider.
  const routeState = useLocation().state as BookingRouteState | null;
  const opening = routeState?.provider;
  // "Book Again" names its provider by id: the screen opens on it and its service once it is read.
  const again = routeState?.bookAgain;
  const againProvider = useProviderServicesQuery(again?.providerId ?? skipToken).currentData?.provider;

  useEffect(() => {
    dispatch(bookingPageOpened(opening));
  }, [dispatch, opening]);

  useEffect(() => {
    if (again && againProvider?.id === again.providerId)
      dispatch(bookAgainProviderLoaded({ provider: againProvider, serviceName: again.serviceName }));
  }, [dispatch, again, againProvider]);

  // docs/product.md §2.6: once the industries are known, one is selected (industriesShown).
  useEffect(() => {
    if (industries && selectedIndustry === null) dispatch(industriesShown(industries));
  }, [dispatch, industries, selectedIndustry]);

  return (
    <section aria-labelledby="book-title">
      <Title id="book-title">{T.pageTitle}</Title>
      <Layout>
        <IndustrySidebar />
        {selectedProvider ? <BookingScreen /> : <ProviderList />}
      </Layout>
    </section>
  );
}
