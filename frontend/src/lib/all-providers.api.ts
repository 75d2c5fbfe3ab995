import { CATALOGUE_PATHS, type Provider } from '@appointment/contracts/catalogue';
import { api } from './api';

/**
 * Every provider, whatever its status, for platform staff: the Service Providers screen lists
 * them and the integration screens let staff pick one. Shared here because two features read it;
 * adding a provider invalidates the Provider tag.
 */
export const allProvidersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** docs/product.md §7.5 GET /providers/getprovider (superadmin, support). */
    allProviders: build.query<Provider[], void>({
      query: () => CATALOGUE_PATHS.getProviders,
      transformResponse: (body: unknown) => {
        const providers =
          typeof body === 'object' && body !== null ? (body as { providers?: unknown }).providers : undefined;
        if (!Array.isArray(providers)) throw new Error('Unexpected providers response');
        return providers as Provider[];
      },
      providesTags: ['Provider'],
    }),
  }),
});

export const { useAllProvidersQuery } = allProvidersApi;
