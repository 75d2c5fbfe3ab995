import { appointmentNamed, onTimeSlot, type AppointmentsContext } from '../appointments-context';

/** The payment-timeout job: an appointment still unpaid is cancelled and its interval freed. */
export const expireUnpaid = async (context: AppointmentsContext, appointmentId: string): Promise<void> => {
  const appointment = await appointmentNamed(context, appointmentId).catch(() => undefined);
  if (!appointment) return;
  await onTimeSlot(context, undefined, appointment.timeslotId, {
    type: 'ExpireUnpaid',
    data: { appointmentId },
  });
};
