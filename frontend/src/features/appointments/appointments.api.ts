import {
  APPOINTMENT_PATHS,
  type Appointment,
  type AppointmentCancelled,
  type SeriesCancelled,
  type AppointmentCounts,
} from '@appointment/contracts/appointments';
import { DELAYS_MS } from '@appointment/contracts/constants';
import { MESSAGES } from '@appointment/contracts/messages';
import { api } from '../../lib/api';
import { toastShown } from '../../lib/toast.slice';
import type { ListStatus } from './appointments.texts';

export const NO_COUNTS: AppointmentCounts = {
  scheduledAppointments: 0,
  pendingAppointments: 0,
  completedAppointments: 0,
  cancelledAppointments: 0,
  noShowAppointments: 0,
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
        noShowAppointments: countOf(body?.noShowAppointments),
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
    /**
     * The user cancels their upcoming appointment (issue 29): the lists, the counts and the slots
     * are read again, for its place is free at once.
     */
    cancelAppointment: build.mutation<AppointmentCancelled, string>({
      query: (id) => ({
        url: APPOINTMENT_PATHS.cancel.replace(':id', encodeURIComponent(id)),
        method: 'POST',
      }),
      onQueryStarted: async (_id, { dispatch, queryFulfilled }) => {
        try {
          await queryFulfilled;
          dispatch(toastShown(MESSAGES.appointmentCancelled, DELAYS_MS.registrationToast));
        } catch {
          // The page shows the server's message.
        }
      },
      invalidatesTags: (_result, error) =>
        error === undefined ? ['AppointmentList', 'AppointmentCounts', 'Slot'] : [],
    }),
    /** Issue 31: an appointment of a series and all the following ones, each cancelled as one is. */
    cancelFollowing: build.mutation<SeriesCancelled, string>({
      query: (id) => ({
        url: APPOINTMENT_PATHS.cancelFollowing.replace(':id', encodeURIComponent(id)),
        method: 'POST',
      }),
      onQueryStarted: async (_id, { dispatch, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled;
          dispatch(toastShown(data.message, DELAYS_MS.registrationToast));
        } catch {
          // The page shows the server's message.
        }
      },
      invalidatesTags: (_result, error) =>
        error === undefined ? ['AppointmentList', 'AppointmentCounts', 'Slot'] : [],
    }),
  }),
});

export const {
  useAppointmentCountsQuery,
  useAppointmentListQuery,
  useCancelAppointmentMutation,
  useCancelFollowingMutation,
} = appointmentsApi;
