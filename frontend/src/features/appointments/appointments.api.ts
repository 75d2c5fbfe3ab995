import {
  APPOINTMENT_PATHS,
  type Appointment,
  type AppointmentCounts,
  type AppointmentStatus,
} from '@appointment/contracts/appointments';
import { api } from '../../lib/api-client';
import type { ListStatus } from './appointments.texts';

const countOf = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** SPEC §7.3 POST /appointments/appointmentstats with the stored role. */
export const fetchCounts = async (role: string): Promise<AppointmentCounts> => {
  const body = await api.post<Partial<Record<keyof AppointmentCounts, unknown>> | undefined>(
    APPOINTMENT_PATHS.stats,
    { role },
  );
  return {
    scheduledAppointments: countOf(body?.scheduledAppointments),
    pendingAppointments: countOf(body?.pendingAppointments),
    completedAppointments: countOf(body?.completedAppointments),
    cancelledAppointments: countOf(body?.cancelledAppointments),
    totalAppointments: countOf(body?.totalAppointments),
  };
};

/** SPEC §7.3 POST /appointments/appointmentlist with the status filter and the stored role. */
export const fetchAppointments = async (status: ListStatus, role: string): Promise<Appointment[]> => {
  const body = await api.post<{ appointments?: Appointment[] } | undefined>(APPOINTMENT_PATHS.list, {
    filters: { status },
    role,
  });
  return Array.isArray(body?.appointments) ? body.appointments : [];
};

/** SPEC §7.3 POST /appointments/updatestatus: the appointment as it is after the change. */
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
