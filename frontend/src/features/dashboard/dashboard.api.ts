import {
  APPOINTMENT_PATHS,
  type AppointmentCounts,
  type DashboardDetails,
} from '@appointment/contracts/appointments';
import { CATALOGUE_PATHS, type Provider } from '@appointment/contracts/catalogue';
import { POLICY_PATHS, type BookingPolicyAnswer } from '@appointment/contracts/policy';
import { SCHEDULE_PATHS } from '@appointment/contracts/schedule';
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
    /**
     * A new provider's first steps (issue 32): whether its admin has added a service, a time slot
     * (by hand or by applying a template) and saved a booking policy. Read again when any changes.
     */
    firstSteps: build.query<FirstSteps, void>({
      queryFn: async (_arg, _api, _extra, baseQuery) => {
        const [services, timeSlots, policy] = await Promise.all([
          baseQuery({ url: CATALOGUE_PATHS.getServices, method: 'POST', body: {} }),
          baseQuery(SCHEDULE_PATHS.fetchAllSlots),
          baseQuery(POLICY_PATHS.bookingPolicy),
        ]);
        const error = services.error ?? timeSlots.error ?? policy.error;
        if (error) return { error };
        return {
          data: {
            service: Array.isArray(services.data) && services.data.length > 0,
            timeSlots: ((timeSlots.data as { timeslots?: unknown[] }).timeslots ?? []).length > 0,
            policy: (policy.data as BookingPolicyAnswer).chosen,
          },
        };
      },
      providesTags: ['Service', 'Slot', 'Provider'],
    }),
  }),
});

/** Which of a new provider's first steps are done. */
export interface FirstSteps {
  service: boolean;
  timeSlots: boolean;
  policy: boolean;
}

export const {
  useDashboardCountsQuery,
  useDashboardDetailsQuery,
  useProviderAddressQuery,
  useFirstStepsQuery,
} = dashboardApi;
