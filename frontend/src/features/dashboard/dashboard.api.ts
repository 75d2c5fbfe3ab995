import {
  APPOINTMENT_PATHS,
  type AppointmentCounts,
  type DashboardDetails,
} from '@appointment/contracts/appointments';
import { CATALOGUE_PATHS, type Provider } from '@appointment/contracts/catalogue';
import { api } from '../../lib/api';

export type { AppointmentCounts };
export type ProviderAppointment = DashboardDetails['appointmentsWithProviderDetails'][number];
export type ServiceAppointment = DashboardDetails['appointmentsWithServiceDetails'][number];

export const NO_APPOINTMENTS: AppointmentCounts = {
  scheduledAppointments: 0,
  pendingAppointments: 0,
  completedAppointments: 0,
  cancelledAppointments: 0,
  noShowAppointments: 0,
  totalAppointments: 0,
};

/**
 * The dashboard's own entries of the appointment tags: a booking or a status change invalidates
 * the whole type (these with it); a live booking event (docs/product.md §4) invalidates only these.
 */
export const DASHBOARD_COUNTS = { type: 'AppointmentCounts', id: 'dashboard' } as const;
export const DASHBOARD_DETAILS = { type: 'AppointmentList', id: 'dashboard' } as const;

const countOf = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

const countsOf = (
  body: Partial<Record<keyof AppointmentCounts, unknown>> | undefined,
): AppointmentCounts => ({
  scheduledAppointments: countOf(body?.scheduledAppointments),
  pendingAppointments: countOf(body?.pendingAppointments),
  completedAppointments: countOf(body?.completedAppointments),
  cancelledAppointments: countOf(body?.cancelledAppointments),
  noShowAppointments: countOf(body?.noShowAppointments),
  totalAppointments: countOf(body?.totalAppointments),
});

const listOf = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

const statusOf = (error: unknown): unknown =>
  typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;

/**
 * The dashboard's reads (docs/product.md §2.4), each for the role stored locally when the
 * dashboard opens. They are forgotten once the dashboard closes (keepUnusedDataFor 0), so each
 * opening shows "–" until its counts come, while a later read again keeps the figures shown.
 */
export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** docs/product.md §7.3 POST /appointments/appointmentstats; a server without it (404) has none. */
    dashboardCounts: build.query<AppointmentCounts, string>({
      queryFn: async (role, _api, _extra, baseQuery) => {
        const answer = await baseQuery({ url: APPOINTMENT_PATHS.stats, method: 'POST', body: { role } });
        if (answer.error && statusOf(answer.error) === 404) return { data: NO_APPOINTMENTS };
        if (answer.error) {
          console.error('Error fetching data', answer.error);
          return { error: answer.error };
        }
        return { data: countsOf(answer.data as Partial<AppointmentCounts> | undefined) };
      },
      keepUnusedDataFor: 0,
      providesTags: [DASHBOARD_COUNTS],
    }),
    /** docs/product.md §3 Dashboard response, by role: appointments with provider or service details. */
    dashboardDetails: build.query<DashboardDetails, string>({
      queryFn: async (role, _api, _extra, baseQuery) => {
        const answer = await baseQuery({
          url: APPOINTMENT_PATHS.dashboardDetails,
          method: 'POST',
          body: { role },
        });
        if (answer.error) {
          console.error('Error fetching data', answer.error);
          return { error: answer.error };
        }
        const body = answer.data as Partial<Record<keyof DashboardDetails, unknown>> | undefined;
        return {
          data: {
            appointmentsWithProviderDetails: listOf<ProviderAppointment>(
              body?.appointmentsWithProviderDetails,
            ),
            appointmentsWithServiceDetails: listOf<ServiceAppointment>(body?.appointmentsWithServiceDetails),
          },
        };
      },
      keepUnusedDataFor: 0,
      providesTags: [DASHBOARD_DETAILS],
    }),
    /**
     * docs/product.md §7.5 POST /providers/getserviceproviderid: the admin's own provider, whose
     * address the location filter reads; without it the filter reads the appointments.
     */
    providerAddress: build.query<string | null, string>({
      query: (id) => ({ url: CATALOGUE_PATHS.providerById, method: 'POST', body: { id } }),
      transformResponse: (body: { provider?: Pick<Provider, 'address'> } | undefined) =>
        typeof body?.provider?.address === 'string' ? body.provider.address : null,
      transformErrorResponse: (error) => {
        console.error('Error fetching the provider address', error);
        return error;
      },
      providesTags: ['Provider'],
    }),
  }),
});

export const { useDashboardCountsQuery, useDashboardDetailsQuery, useProviderAddressQuery } = dashboardApi;
