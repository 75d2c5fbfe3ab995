import { useEffect } from 'react';
import { useCatalogue } from '../../../lib/catalogue';
import { useLocation } from 'react-router-dom';
import type { Provider } from '@appointment/contracts/catalogue';
import { useAppDispatch } from '../../../lib/hooks';
import { BookingScreen } from '../components/booking-screen';
import { IndustrySidebar } from '../components/industry-sidebar';
import { ProviderList } from '../components/provider-list';
import { BOOKING_TEXTS } from '../booking.texts';
import { useBookingSelector } from '../booking.hooks';
import { useFavouritesQuery, useIndustriesQuery } from '../booking.api';
import {
  bookingPageOpened,
  industriesShown,
  selectSelectedIndustry,
  selectSelectedProvider,
} from '../booking.slice';
import { Layout, Title } from './book-appointment-page.styles';

/** What another screen opens this one with: a provider to book at (a booking moves on /appointments/reschedule). */
interface BookingRouteState {
  provider?: Provider;
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
  const opening = (useLocation().state as BookingRouteState | null)?.provider;

  useEffect(() => {
    dispatch(bookingPageOpened(opening));
  }, [dispatch, opening]);

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
