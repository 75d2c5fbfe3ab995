import type { BookingForm } from '@appointment/contracts/appointments';
import { MESSAGES } from '@appointment/contracts/messages';
import type { Actor } from '../../accounts/accounts-context';
import type { IdempotencyKey } from '../../idempotency/idempotency-keys';
import type { AppointmentsContext } from '../appointments-context';
import { bookingRequestOf } from './booking-request';
import type { Booked } from '../payment/order';
import { book } from './book';

/**
 * docs/product.md §7.3 bookappointment as both HTTP entries answer it (the fast path and the Express
 * route): the form mapped to a booking request, then 201 with the booking, its order and
 * checkout. A refusal is thrown, for the caller's one error mapping.
 */
export const bookAppointment = async (
  appointments: AppointmentsContext,
  actor: Actor,
  form: BookingForm,
  idempotencyKey: IdempotencyKey | undefined,
  imageUrl?: string,
): Promise<{ status: 201; body: { message: string } & Booked }> => {
  const booked = await book(appointments, actor, bookingRequestOf(form), imageUrl, idempotencyKey);
  return { status: 201, body: { message: MESSAGES.appointmentBooked, ...booked } };
};
