import type { Appointment } from '@appointment/contracts/appointments';
import { DEFAULT_BOOKING_POLICY, rescheduleDeadlineOf } from '@appointment/contracts/policy';

/**
 * Until when a booking may still be moved (issue 29), under the policy it was booked with (the
 * default one for an older booking): an upcoming pending or scheduled booking, below the policy's
 * number of reschedules, until its reschedule deadline (whole hours of elapsed time before the
 * start; 0 hours: until it starts), by contracts' rescheduleDeadlineOf as the server decides.
 * Null when it may not move at all; the card only hides a Reschedule that would be refused.
 */
export const reschedulableUntil = (
  appointment: Pick<Appointment, 'status' | 'startDateTime' | 'policy' | 'reschedules'>,
): string | null => {
  const policy = appointment.policy ?? DEFAULT_BOOKING_POLICY;
  const start = Date.parse(appointment.startDateTime);
  if (appointment.status !== 'pending' && appointment.status !== 'scheduled') return null;
  if ((appointment.reschedules ?? 0) >= policy.maxReschedules || Number.isNaN(start)) return null;
  return rescheduleDeadlineOf(policy, appointment.startDateTime) ?? new Date(start).toISOString();
};
