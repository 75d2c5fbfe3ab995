import {
  CATALOGUE_PATHS,
  type Provider,
  type ProviderCreatedResponse,
  type Service,
} from '@appointment/contracts/catalogue';
import { DELAYS_MS } from '@appointment/contracts/constants';
import { MESSAGES } from '@appointment/contracts/messages';
import { api } from '../../lib/api';
import { allProvidersApi } from '../../lib/all-providers.api';
import { toastShown } from '../../lib/toast.slice';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

export interface ProviderDetails {
  provider: Provider;
  services: Service[];
}

/**
 * The provider screens' plain reads (the list of every provider is lib/all-providers.api) and the
 * add-provider request, whose multipart form (with the picture) the form builds. Adding a provider
 * invalidates Provider.
 */
export const providersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** docs/product.md §7.5 POST /providers/getserviceproviderid: one provider and its services. */
    providerDetails: build.query<ProviderDetails, string>({
      query: (id) => ({ url: CATALOGUE_PATHS.providerById, method: 'POST', body: { id } }),
      transformResponse: (body: unknown) => {
        if (!isObject(body) || !isObject(body.provider)) throw new Error('Unexpected provider response');
        const provider = body.provider as unknown as Provider;
        const services = Array.isArray(body.services)
          ? (body.services as Service[])
          : (provider.services ?? []);
        return { provider, services };
      },
      providesTags: ['Provider', 'Service'],
    }),
    /** docs/product.md §7.5 POST /providers/addprovider, multipart (providers.form.ts). */
    addProvider: build.mutation<Provider, FormData>({
      query: (form) => ({ url: CATALOGUE_PATHS.addProvider, method: 'POST', body: form }),
      transformResponse: (body: ProviderCreatedResponse | undefined) => {
        if (!isObject(body) || !isObject(body.provider)) throw new Error('Unexpected add provider response');
        return body.provider;
      },
      /** Added: the provider heads the list at once and "Provider added" shows; the form closes (providers.slice.ts). */
      onQueryStarted: async (_form, { dispatch, queryFulfilled }) => {
        let provider: Provider;
        try {
          provider = (await queryFulfilled).data;
        } catch (error) {
          console.error('Failed to add the provider', error);
          return;
        }
        dispatch(
          allProvidersApi.util.updateQueryData('allProviders', undefined, (providers) => [
            provider,
            ...providers.filter((item) => item.id !== provider.id),
          ]),
        );
        dispatch(toastShown(MESSAGES.providerAdded, DELAYS_MS.registrationToast));
      },
      invalidatesTags: (_result, error) => (error === undefined ? ['Provider'] : []),
    }),
  }),
});

export const { useProviderDetailsQuery, useAddProviderMutation } = providersApi;
