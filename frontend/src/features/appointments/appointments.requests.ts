import {
  APPOINTMENT_PATHS,
  type Appointment,
  type AppointmentStatus,
} from '@appointment/contracts/appointments';
import { api } from '../../lib/api-client';

/** docs/product.md §7.3 POST /appointments/updatestatus: the appointment as it is after the change. */
export const updateAppointmentStatus = async (
  id: string,
  status: AppointmentStatus,
): Promise<Appointment> => {
  const body = await api.post<{ message: string; appointment: Appointment }>(APPOINTMENT_PATHS.updateStatus, {
    id,
    status,
  });
  return body.appointment;
};
