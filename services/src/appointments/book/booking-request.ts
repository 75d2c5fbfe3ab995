import type { BookingForm } from '@appointment/contracts/appointments';

/**
 * A booking as the appointments service reads it, in the glossary's words. The HTTP entries
 * map the seed's booking form to it (`bookingRequestOf`); the form's names stay at the edge.
 */
export interface BookingRequest {
  providerId: string;
  /** The service's name (the form's `servicename`). */
  serviceName: string;
  /** The time slot by id (the form's `timeslotId`), or else by `date` and `startTime`. */
  timeSlotId?: string;
  /** The day (YYYY-MM-DD), alone or leading an ISO instant. */
  date: string;
  /** HH:mm on the provider's clock or an ISO instant (the form's `starttime`). */
  startTime?: string;
  /** The interval of a split time slot (the form's `index`); none for a block. */
  intervalNumber?: number;
  note?: string;
  /** The claim of a waitlist offer (issue 31): the offer's place, booked once for its id. */
  offerId?: string;
}

export const bookingRequestOf = (form: BookingForm): BookingRequest => ({
  providerId: form.providerId,
  serviceName: form.servicename,
  ...(form.timeslotId !== undefined ? { timeSlotId: form.timeslotId } : {}),
  date: form.date,
  ...(form.starttime !== undefined ? { startTime: form.starttime } : {}),
  ...(form.index !== undefined ? { intervalNumber: form.index } : {}),
  ...(form.note !== undefined ? { note: form.note } : {}),
});
