import {
  CATALOGUE_PATHS,
  type DeletedServiceResponse,
  type Provider,
  type Service,
  type ServiceFields,
  type ServiceResponse,
} from '@appointment/contracts/catalogue';
import { DELAYS_MS } from '@appointment/contracts/constants';
import { MESSAGES } from '@appointment/contracts/messages';
import { POLICY_PATHS, type BookingPolicy, type BookingPolicySaved } from '@appointment/contracts/policy';
import { api } from '../../lib/api';
import { providerServicesApi } from '../../lib/provider-services.api';
import { toastShown } from '../../lib/toast.slice';

/** A service's form as sent: a new service, or an existing one by id. */
export interface ServiceSubmission {
  /** Absent for a new service. */
  id?: string;
  data: ServiceFields;
}

/** docs/product.md §9: a toast stays 3 s (the one toast length the constants name). */
const TOAST_MS = DELAYS_MS.registrationToast;

type Dispatch = (action: unknown) => unknown;

/**
 * Once the server answered: the provider's services as read change in place at once, and the
 * toast says so. Every read of the services and of the slots named after them (booking screen,
 * schedule) reads again through the Service and Slot tags.
 */
async function patchOnceDone<Result>(
  dispatch: Dispatch,
  answered: Promise<{ data: Result }>,
  failure: string,
  done: (result: Result) => { recipe: (items: Service[]) => void; toast: string },
): Promise<Result | undefined> {
  let result: Result;
  try {
    result = (await answered).data;
  } catch (error) {
    console.error(failure, error);
    return undefined;
  }
  const { recipe, toast } = done(result);
  dispatch(providerServicesApi.util.updateQueryData('ownServices', undefined, recipe));
  dispatch(toastShown(toast, TOAST_MS));
  return result;
}

const changedServiceTags = (_result: unknown, error: unknown) =>
  error === undefined ? (['Service', 'Slot'] as const) : [];

/** The Services screen's writes; the screen's own state (the open form, the dialog) follows them in services.slice.ts. */
export const servicesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * docs/product.md §7.4 POST /providerservice/addservice (isPaymentNeeded is the server's to
     * compute), or POST /providerservice/editservice with id and data.
     */
    saveService: build.mutation<Service, ServiceSubmission>({
      query: ({ id, data }) =>
        id === undefined
          ? { url: CATALOGUE_PATHS.addService, method: 'POST', body: data }
          : { url: CATALOGUE_PATHS.editService, method: 'POST', body: { id, data } },
      transformResponse: (body: ServiceResponse) => body.service,
      onQueryStarted: async ({ id }, { dispatch, queryFulfilled }) => {
        await patchOnceDone(dispatch, queryFulfilled, 'Failed to save the service', (service) => ({
          recipe: (items) => {
            const index = items.findIndex((item) => item._id === service._id);
            if (index >= 0) items[index] = service;
            else items.push(service);
          },
          toast: id === undefined ? MESSAGES.serviceAdded : MESSAGES.serviceUpdated,
        }));
      },
      invalidatesTags: changedServiceTags,
    }),
    /** docs/product.md §7.4 POST /providerservice/deleteservice with id. */
    deleteService: build.mutation<Service, string>({
      query: (id) => ({ url: CATALOGUE_PATHS.deleteService, method: 'POST', body: { id } }),
      transformResponse: (body: DeletedServiceResponse) => body.deletedService,
      onQueryStarted: async (id, { dispatch, queryFulfilled }) => {
        await patchOnceDone(dispatch, queryFulfilled, 'Failed to delete the service', () => ({
          recipe: (items) => {
            const index = items.findIndex((item) => item._id === id);
            if (index >= 0) items.splice(index, 1);
          },
          toast: MESSAGES.serviceDeleted,
        }));
      },
      invalidatesTags: changedServiceTags,
    }),
    /** The admin chooses the currency of all of their provider's prices: every service is priced in it at once. */
    saveCurrency: build.mutation<string, string>({
      query: (currency) => ({ url: CATALOGUE_PATHS.providerCurrency, method: 'POST', body: { currency } }),
      transformResponse: (body: { provider: Provider }) => body.provider.currency,
      onQueryStarted: async (_currency, { dispatch, queryFulfilled }) => {
        const saved = await patchOnceDone(
          dispatch,
          queryFulfilled,
          'Failed to save the currency',
          (currency) => ({
            recipe: (items) => {
              for (const service of items) service.currency = currency;
            },
            toast: MESSAGES.currencySaved,
          }),
        );
        // Written into the cache, not sent: the answer already is the provider's currency.
        if (saved !== undefined) {
          void dispatch(providerServicesApi.util.upsertQueryData('ownCurrency', undefined, saved));
        }
      },
      invalidatesTags: changedServiceTags,
    }),
    /** The admin replaces it; bookings made before keep the policy they were made under. */
    saveBookingPolicy: build.mutation<BookingPolicy, BookingPolicy>({
      query: (policy) => ({ url: POLICY_PATHS.bookingPolicy, method: 'PUT', body: policy }),
      transformResponse: (body: BookingPolicySaved) => body.policy,
      onQueryStarted: async (_policy, { dispatch, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled;
          // Written into the cache, not read again: the answer is the policy in force.
          void dispatch(providerServicesApi.util.upsertQueryData('bookingPolicy', undefined, data));
          dispatch(toastShown(MESSAGES.policySaved, TOAST_MS));
        } catch (error) {
          console.error('Failed to save the booking policy', error);
        }
      },
    }),
  }),
});

export const {
  useSaveServiceMutation,
  useDeleteServiceMutation,
  useSaveCurrencyMutation,
  useSaveBookingPolicyMutation,
} = servicesApi;
