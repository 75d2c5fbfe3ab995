import {
  API_PATHS,
  PendingProvidersResponse,
  type PendingProviderUser,
} from '@appointment/contracts/accounts';
import { api } from '../../lib/api';

/** The approval table's read; an approval or rejection removes its row and invalidates Provider. */
export const providerApprovalQueries = api.injectEndpoints({
  endpoints: (build) => ({
    /** docs/product.md §7.2 GET /profile/getuser: provider registrations waiting for approval. */
    pendingProviders: build.query<PendingProviderUser[], void>({
      query: () => API_PATHS.pendingProviders,
      transformResponse: (body: unknown) => PendingProvidersResponse.parse(body).users,
      providesTags: ['Provider'],
    }),
  }),
});

export const { usePendingProvidersQuery } = providerApprovalQueries;
