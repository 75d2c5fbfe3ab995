import {
  APPOINTMENT_PATHS,
  type Appointment,
  type AppointmentCounts,
} from '@appointment/contracts/appointments';
import { api } from '../../lib/api';
import type { ListStatus } from './appointments.texts';

export const NO_COUNTS: AppointmentCounts = {
  scheduledAppointments: 0,
  pendingAppointments: 0,
  completedAppointments: 0,
  cancelledAppointments: 0,
  totalAppointments: 0,
};

const countOf = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

export interface ListArgs {
  status: ListStatus;
  role: string;
}

export const appointmentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** docs/product.md §7.3 POST /appointments/appointmentstats with the stored role. */
    appointmentCounts: build.query<AppointmentCounts, string>({
      query: (role) => ({ url: APPOINTMENT_PATHS.stats, method: 'POST', body: { role } }),
      transformResponse: (body: Partial<Record<keyof AppointmentCounts, unknown>> | undefined) => ({
        scheduledAppointments: countOf(body?.scheduledAppointments),
        pendingAppointments: countOf(body?.pendingAppointments),
        completedAppointments: countOf(body?.completedAppointments),
        cancelledAppointments: countOf(body?.cancelledAppointments),
        totalAppointments: countOf(body?.totalAppointments),
      }),
      providesTags: ['AppointmentCounts'],
    }),
    /** docs/product.md §7.3 POST /appointments/appointmentlist with the status filter and the stored role. */
    appointmentList: build.query<Appointment[], ListArgs>({
      query: ({ status, role }) => ({
        url: APPOINTMENT_PATHS.list,
        method: 'POST',
        body: { filters: { status }, role },
      }),
      transformResponse: (body: { appointments?: Appointment[] } | undefined) =>
        Array.isArray(body?.appointments) ? body.appointments : [],
      providesTags: ['AppointmentList'],
    }),
  }),
});

export const { useAppointmentCountsQuery, useAppointmentListQuery } = appointmentsApi;
