import { useSelector } from 'react-redux';
import type { WithPayments } from './payments.slice';

/** Typed by the part of the store this feature owns. */
export const usePaymentsSelector = useSelector.withTypes<WithPayments>();
