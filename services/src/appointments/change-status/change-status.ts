import type { Appointment, AppointmentStatus } from '@appointment/contracts/appointments';
import { MESSAGES } from '@appointment/contracts/messages';
import type { Actor } from '../../accounts/accounts-context';
import { NotFoundError } from '../../domain/errors';
import { appointmentNamed, onTimeSlot, type AppointmentsContext } from '../appointments-context';

/** docs/product.md §4: an admin may move an appointment of their provider to any status. */
export const changeStatus = async (
  context: AppointmentsContext,
  actor: Actor,
  id: string,
  status: AppointmentStatus,
): Promise<Appointment> => {
  await context.reads.caughtUp(actor.userId);
  const appointment = await appointmentNamed(context, id);
  if (actor.role !== 'superadmin' && appointment.providerId !== actor.providerId) {
    throw new NotFoundError(MESSAGES.appointmentNotFound);
  }
  await onTimeSlot(context, actor, appointment.timeslotId, {
    type: 'ChangeAppointmentStatus',
    data: { appointmentId: id, status },
  });
  return appointmentNamed(context, id);
};
