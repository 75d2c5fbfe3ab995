import { useEffect } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { BookingScreen } from '../components/booking-screen';
import { IndustrySidebar } from '../components/industry-sidebar';
import { ProviderList } from '../components/provider-list';
import { BOOKING_TEXTS } from '../booking.texts';
import { useBookingSelector } from '../booking.hooks';
import { bookingPageOpened, selectBooking } from '../booking.slice';
import { Layout, Title } from './book-appointment-page.styles';

/** SPEC §2.6 Booking (/appointments/book): browse providers by industry, then pick a service and a time. */
export function BookAppointmentPage() {
  const dispatch = useAppDispatch();
  const { selectedProvider } = useBookingSelector(selectBooking);

  useEffect(() => {
    dispatch(bookingPageOpened());
  }, [dispatch]);

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
