import type { Appointment } from '@appointment/contracts/appointments';
import { MESSAGES } from '@appointment/contracts/messages';
import type { Actor } from '../../accounts/accounts-context';
import { NotFoundError } from '../../domain/errors';
import { appointmentNamed, onTimeSlot, type AppointmentsContext } from '../appointments-context';

/**
 * The user cancels their upcoming appointment (issue 29, `POST /api/appointments/:id/cancel`):
 * one append to its time slot's stream, and its interval or place is bookable at once (the
 * answer comes once the slot lists hold it). A payment goes back under the booking's policy: the
 * answer names the refund, which the gateway makes in a job (refund/refund.ts).
 */
export const cancelAppointment = async (
  context: AppointmentsContext,
  actor: Actor,
  id: string,
): Promise<Appointment> => {
  await context.reads.caughtUp(actor.userId);
  const appointment = await appointmentNamed(context, id);
  if (appointment.userId !== actor.userId) throw new NotFoundError(MESSAGES.appointmentNotFound);
  await onTimeSlot(context, actor, appointment.timeslotId, {
    type: 'CancelAppointment',
    data: { appointmentId: id, userId: actor.userId },
  });
  return appointmentNamed(context, id);
};
