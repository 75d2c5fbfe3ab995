import { useSelector } from 'react-redux';
import type { WithAppointments } from './appointments.slice';

/** Typed by the part of the store this feature owns, so it does not depend on the root state's shape. */
export const useAppointmentsSelector = useSelector.withTypes<WithAppointments>();
