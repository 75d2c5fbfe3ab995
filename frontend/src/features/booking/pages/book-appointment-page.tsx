import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import type { Provider } from '@appointment/contracts/catalogue';
import { useAppDispatch } from '../../../lib/hooks';
import { BookingScreen } from '../components/booking-screen';
import { IndustrySidebar } from '../components/industry-sidebar';
import { ProviderList } from '../components/provider-list';
import { BOOKING_TEXTS } from '../booking.texts';
import { useBookingSelector } from '../booking.hooks';
import { bookingPageOpened, selectBooking } from '../booking.slice';
import { Layout, Title } from './book-appointment-page.styles';

/** docs/product.md §2.6 Booking (/appointments/book): browse providers by industry, then pick a service and a time. */
export function BookAppointmentPage() {
  const dispatch = useAppDispatch();
  const { selectedProvider } = useBookingSelector(selectBooking);
  // A provider's detail page opens this screen on that provider (issue 18).
  const opening = (useLocation().state as { provider?: Provider } | null)?.provider;

  useEffect(() => {
    dispatch(bookingPageOpened(opening));
  }, [dispatch, opening]);

  return (
    <section aria-labelledby="book-title">
      <Title id="book-title">{BOOKING_TEXTS.pageTitle}</Title>
      <Layout>
        <IndustrySidebar />
        {selectedProvider ? <BookingScreen /> : <ProviderList />}
      </Layout>
    </section>
  );
}
