import type { Appointment } from '@appointment/contracts/appointments';
import type { Actor } from '../../accounts/accounts-context';
import type { AppointmentsContext } from '../appointments-context';
import { cancelAppointment } from '../cancel/cancel';
import { followingOf } from './following';

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
  const { following } = await followingOf(context, actor, id);
  const cancelled: Appointment[] = [];
  for (const one of following) cancelled.push(await cancelAppointment(context, actor, one));
  return cancelled;
};
