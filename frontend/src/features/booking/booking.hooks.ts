import { useSelector } from 'react-redux';
import type { WithBooking } from './booking.slice';

/** Typed by the part of the store this feature owns, so it does not depend on the root state's shape. */
export const useBookingSelector = useSelector.withTypes<WithBooking>();
