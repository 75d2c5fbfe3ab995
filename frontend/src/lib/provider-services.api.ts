import { CATALOGUE_PATHS, type Service } from '@appointment/contracts/catalogue';
import { POLICY_PATHS, type BookingPolicy, type BookingPolicyAnswer } from '@appointment/contracts/policy';
import { api } from './api';

/**
 * The signed-in admin's or incharge's provider: its services (Services, Schedule Management), its
 * currency and its booking policy (Services' Policies; the time-slot form's buffer). Shared here because two features read them; a service edit or a currency change
 * patches these answers and invalidates the Service tag.
 */
export const providerServicesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** docs/product.md §7.4 POST /providerservice/getservice. */
    ownServices: build.query<Service[], void>({
      query: () => ({ url: CATALOGUE_PATHS.getServices, method: 'POST', body: {} }),
      providesTags: ['Service'],
    }),
    /** GET /api/providers/currency. */
    ownCurrency: build.query<string, void>({
      query: () => CATALOGUE_PATHS.providerCurrency,
      transformResponse: (body: { currency: string }) => body.currency,
      providesTags: ['Provider'],
    }),
    /** The provider's booking policy (issue 29): deadlines, the late-cancellation fee, reschedules, buffer, notice. */
    bookingPolicy: build.query<BookingPolicy, void>({
      query: () => POLICY_PATHS.bookingPolicy,
      transformResponse: (body: BookingPolicyAnswer) => body.policy,
      providesTags: ['Provider'],
    }),
  }),
});

export const { useOwnServicesQuery, useOwnCurrencyQuery, useBookingPolicyQuery } = providerServicesApi;
