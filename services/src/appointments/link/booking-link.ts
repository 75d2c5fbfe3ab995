import type {
  Appointment,
  BookingLinkAnswer,
  BookingLinkDone,
  BookingLinkProof,
  BookingLinkPurpose,
  FreePlace,
  LinkedAppointment,
  RescheduleRequest,
} from '@appointment/contracts/appointments';
import { MESSAGES } from '@appointment/contracts/messages';
import { fromMinorUnits, toMinorUnits } from '@appointment/contracts/money';
import { cancellationTerms, DEFAULT_BOOKING_POLICY } from '@appointment/contracts/policy';
import { generateIntervals } from '@appointment/contracts/schedule';
import { timeSlotsFromToday } from '@appointment/projections/schedule.queries';
import type { Actor } from '../../accounts/accounts-context';
import { ForbiddenError } from '../../domain/errors';
import { isGenuineBookingLink } from '../../mail/booking-links';
import { appointmentNamed, type AppointmentsContext } from '../appointments-context';
import { cancelAppointment } from '../cancel/cancel';
import { rescheduleAppointment } from '../reschedule/reschedule';

/**
 * The signed links of a booking's e-mails (issue 29 "Telling people"), served without signing in:
 * each proves one purpose for one appointment until its start, and acts as the booking's user
 * through the same use cases the signed-in user calls (cancel/cancel.ts, reschedule/reschedule.ts),
 * so every rule of the policy holds the same (refused: 422; a race: 409). A link that is not
 * genuine, is for the other purpose, has expired, or was mailed before the booking last moved: 403.
 */

/** How far ahead the reschedule page lists free places, and how many at most. */
const PLACES_DAYS = 28;
const PLACES_MAX = 300;

/** The appointment a genuine link of `purpose` names, as it stands; 403 otherwise. */
const linkedAppointment = async (
  context: AppointmentsContext,
  secret: string,
  id: string,
  purpose: BookingLinkPurpose,
  { token, expires }: BookingLinkProof,
): Promise<Appointment> => {
  const expiresAt = Number(expires);
  // A link names an appointment that exists: an unknown one is as invalid as a forged token.
  const appointment = await appointmentNamed(context, id).catch(() => undefined);
  const genuine =
    appointment !== undefined &&
    isGenuineBookingLink(
      secret,
      { purpose, appointmentId: id, expires: expiresAt, reschedules: appointment.reschedules ?? 0 },
      token,
    );
  if (!genuine) {
    // Genuine for an earlier place of the booking: it moved since the link was mailed.
    const earlier =
      appointment !== undefined &&
      Array.from({ length: appointment.reschedules ?? 0 }, (_, moves) => moves).some((moves) =>
        isGenuineBookingLink(
          secret,
          { purpose, appointmentId: id, expires: expiresAt, reschedules: moves },
          token,
        ),
      );
    throw new ForbiddenError(earlier ? MESSAGES.bookingLinkUsed : MESSAGES.bookingLinkInvalid);
  }
  if (context.now().getTime() >= expiresAt || Date.parse(appointment.startDateTime) !== expiresAt)
    throw new ForbiddenError(MESSAGES.bookingLinkExpired);
  return appointment;
};

/** The booking's user, as the link acts. */
const bookerOf = (appointment: Appointment): Actor => ({
  userId: appointment.userId,
  role: 'user',
  emailVerified: true,
});

const summaryOf = (appointment: Appointment): LinkedAppointment => ({
  _id: appointment._id,
  serviceName: appointment.serviceName,
  providerName: appointment.providerName,
  startDateTime: appointment.startDateTime,
  endDateTime: appointment.endDateTime,
  timezone: appointment.timezone,
  status: appointment.status,
  paid: appointment.paid,
  amount: appointment.amount,
  currency: appointment.currency,
});

/** The free intervals and places of the booking's provider and service, of the coming weeks. */
const freePlacesFor = async (
  context: AppointmentsContext,
  appointment: Appointment,
): Promise<FreePlace[]> => {
  const now = context.now();
  const until = now.getTime() + PLACES_DAYS * 86_400_000;
  const timeSlots = await timeSlotsFromToday(
    context.deps.pool,
    appointment.providerId,
    appointment.serviceName,
    now,
  );
  const places: FreePlace[] = [];
  for (const slot of timeSlots) {
    if (Date.parse(slot.startDateTime) > until || places.length >= PLACES_MAX) break;
    const open = slot.addAsSlot
      ? generateIntervals(slot).map((interval) => ({
          timeslotId: slot._id,
          index: interval.index,
          startDateTime: interval.startDateTime,
          endDateTime: interval.endDateTime,
        }))
      : slot.availableSlots > 0
        ? [
            {
              timeslotId: slot._id,
              index: null,
              startDateTime: slot.startDateTime,
              endDateTime: slot.endDateTime,
            },
          ]
        : [];
    for (const place of open) {
      const here =
        place.timeslotId === appointment.timeslotId &&
        (place.index === null || place.index === appointment.index);
      if (Date.parse(place.startDateTime) > now.getTime() && !here) places.push(place);
    }
  }
  return places.slice(0, PLACES_MAX);
};

/** GET /api/appointments/:id/link: what the link's page shows. */
export const readBookingLink = async (
  context: AppointmentsContext,
  secret: string,
  id: string,
  query: BookingLinkProof & { purpose: BookingLinkPurpose },
): Promise<BookingLinkAnswer> => {
  const appointment = await linkedAppointment(context, secret, id, query.purpose, query);
  if (query.purpose === 'reschedule')
    return {
      purpose: 'reschedule',
      appointment: summaryOf(appointment),
      places: ['pending', 'scheduled'].includes(appointment.status)
        ? await freePlacesFor(context, appointment)
        : [],
    };
  const { currency } = appointment;
  const terms = cancellationTerms(
    appointment.policy ?? DEFAULT_BOOKING_POLICY,
    {
      startDateTime: appointment.startDateTime,
      paid: appointment.paid ? toMinorUnits(appointment.amount, currency) : 0,
      currency,
    },
    context.now(),
  );
  return {
    purpose: 'cancel',
    appointment: summaryOf(appointment),
    cancellation: {
      late: terms.late,
      fee: fromMinorUnits(terms.fee, currency),
      refund: fromMinorUnits(terms.refund, currency),
      currency,
    },
  };
};

/** POST /api/appointments/:id/link/cancel: cancels as its user; a cancelled one stays as it is. */
export const cancelByLink = async (
  context: AppointmentsContext,
  secret: string,
  id: string,
  proof: BookingLinkProof,
): Promise<BookingLinkDone> => {
  const appointment = await linkedAppointment(context, secret, id, 'cancel', proof);
  const cancelled = await cancelAppointment(context, bookerOf(appointment), id);
  return {
    message: MESSAGES.appointmentCancelled,
    appointment: summaryOf(cancelled),
    refund: cancelled.refund ?? null,
  };
};

/** POST /api/appointments/:id/link/reschedule: one move as its user, to a place of the same service. */
export const rescheduleByLink = async (
  context: AppointmentsContext,
  secret: string,
  id: string,
  request: BookingLinkProof & RescheduleRequest,
): Promise<BookingLinkDone> => {
  const appointment = await linkedAppointment(context, secret, id, 'reschedule', request);
  const moved = await rescheduleAppointment(
    context,
    bookerOf(appointment),
    id,
    { timeslotId: request.timeslotId, ...(request.index === undefined ? {} : { index: request.index }) },
    appointment.reschedules ?? 0,
  );
  return {
    message: MESSAGES.appointmentRescheduled,
    appointment: summaryOf(moved.appointment),
    from: moved.from,
  };
};
