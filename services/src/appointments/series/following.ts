import type { Appointment } from '@appointment/contracts/appointments';
import { MESSAGES } from '@appointment/contracts/messages';
import { followingOfSeries } from '@appointment/projections/appointments.queries';
import type { Actor } from '../../accounts/accounts-context';
import { IllegalStateError, NotFoundError } from '../../domain/errors';
import { appointmentNamed, type AppointmentsContext } from '../appointments-context';

/**
 * Issue 31: an occurrence of the caller's own series (404 for anyone else's, 422 for a booking of
 * no series), and the ids of it and every later one that still holds a place, in time order, once
 * the read model holds what the caller did last.
 */
export const followingOf = async (
  context: AppointmentsContext,
  actor: Actor,
  id: string,
): Promise<{ appointment: Appointment; following: string[] }> => {
  await context.reads.caughtUp(actor.userId);
  const appointment = await appointmentNamed(context, id);
  if (appointment.userId !== actor.userId) throw new NotFoundError(MESSAGES.appointmentNotFound);
  if (!appointment.series) throw new IllegalStateError(MESSAGES.notASeries);
  const following = await followingOfSeries(
    context.deps.pool,
    actor.userId,
    appointment.series.seriesId,
    appointment.startDateTime,
  );
  return { appointment, following };
};
