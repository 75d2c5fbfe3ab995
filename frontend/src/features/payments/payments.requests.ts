import type { Appointment, BookingResponse } from '@appointment/contracts/appointments';
import { PAYMENT_PATHS, type PaymentResult } from '@appointment/contracts/payments';
import type { PaidBookingResponse } from '../../lib/events';
import { api } from '../../lib/api-client';

export type PaymentOrder = NonNullable<BookingResponse['order']>;

/** "Pay now": an unpaid booking's order and checkout again, until its timeout. */
export const payAgain = (appointmentId: string): Promise<PaidBookingResponse> =>
  api.post<PaidBookingResponse>(PAYMENT_PATHS.payAgain, { appointmentId });

/** docs/product.md §4 step 8, §7.3: the result of a successful checkout, verified by the server. */
export const confirmPayment = (
  result: PaymentResult,
): Promise<{ message: string; appointment: Appointment }> =>
  api.post<{ message: string; appointment: Appointment }>(PAYMENT_PATHS.paymentSuccess, result);
