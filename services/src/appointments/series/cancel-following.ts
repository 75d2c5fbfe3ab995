import type { Appointment } from '@appointment/contracts/appointments';
import { MESSAGES } from '@appointment/contracts/messages';
import { followingOfSeries } from '@appointment/projections/appointments.queries';
import type { Actor } from '../../accounts/accounts-context';
import { IllegalStateError, NotFoundError } from '../../domain/errors';
import { appointmentNamed, type AppointmentsContext } from '../appointments-context';
import { cancelAppointment } from '../cancel/cancel';

/**
 * Issue 31 POST /api/appointments/:id/cancel-following: the user cancels an occurrence of their
 * series and every later one that still holds a place, each by the cancel lifecycle (issue 29)
 * under the policy it was booked with: its own refund, its own event. One refused (started,
 * moving) stops the rest, which the user may cancel again.
 */
export const cancelFollowing = async (
  context: AppointmentsContext,
  actor: Actor,
  id: string,
): Promise<Appointment[]> => {
  await context.reads.caughtUp(actor.userId);
  const appointment = await appointmentNamed(context, id);
  if (appointment.userId !== actor.userId) throw new NotFoundError(MESSAGES.appointmentNotFound);
  if (!appointment.series) throw new IllegalStateError(MESSAGES.notASeries);
  const ids = await followingOfSeries(
    context.deps.pool,
    actor.userId,
    appointment.series.seriesId,
    appointment.startDateTime,
  );
  const cancelled: Appointment[] = [];
  for (const following of ids) cancelled.push(await cancelAppointment(context, actor, following));
  return cancelled;
};
