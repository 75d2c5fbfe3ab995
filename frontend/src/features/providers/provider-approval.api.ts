import {
  API_PATHS,
  MessageResponse,
  PendingProvidersResponse,
  type PendingProviderUser,
} from '@appointment/contracts/accounts';
import { api } from '../../lib/api';

/** The server's message, when it sends one. */
const messageOf = (body: unknown): string | undefined => MessageResponse.safeParse(body).data?.message;

/**
 * The approval table's read and its two decisions. A decided registration leaves the table at
 * once, and every provider read reads again: an approved provider is listed and bookable.
 */
export const providerApprovalApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** docs/product.md §7.2 GET /profile/getuser: provider registrations waiting for approval. */
    pendingProviders: build.query<PendingProviderUser[], void>({
      query: () => API_PATHS.pendingProviders,
      transformResponse: (body: unknown) => PendingProvidersResponse.parse(body).users,
      providesTags: ['Provider'],
    }),
    /** Approving creates the provider (docs/product.md §4); answers the server's message when it sends one. */
    approveProvider: build.mutation<string | undefined, string>({
      query: (id) => ({ url: API_PATHS.approveProvider, method: 'POST', body: { id } }),
      transformResponse: messageOf,
      onQueryStarted: async (id, { dispatch, queryFulfilled }) => {
        await leaveTable(id, dispatch, queryFulfilled, 'accept');
      },
      invalidatesTags: (_result, error) => (error === undefined ? ['Provider'] : []),
    }),
    /** Rejecting deletes the pending user (docs/product.md §4), answering "User deleted successfully". */
    rejectProvider: build.mutation<string | undefined, string>({
      query: (id) => ({ url: API_PATHS.rejectProvider, method: 'POST', body: { id } }),
      transformResponse: messageOf,
      onQueryStarted: async (id, { dispatch, queryFulfilled }) => {
        await leaveTable(id, dispatch, queryFulfilled, 'reject');
      },
      invalidatesTags: (_result, error) => (error === undefined ? ['Provider'] : []),
    }),
  }),
});

/** Once decided, the row goes from the table as read, before the table reads again. */
async function leaveTable(
  id: string,
  dispatch: (action: ReturnType<typeof providerApprovalApi.util.updateQueryData>) => unknown,
  decided: Promise<unknown>,
  decision: 'accept' | 'reject',
): Promise<void> {
  try {
    await decided;
  } catch (error) {
    // Refused: the row stays, and the slice shows why.
    console.error(`Failed to ${decision} the provider`, error);
    return;
  }
  dispatch(
    providerApprovalApi.util.updateQueryData('pendingProviders', undefined, (providers) =>
      providers.filter((provider) => provider._id !== id),
    ),
  );
}

export const { usePendingProvidersQuery, useApproveProviderMutation, useRejectProviderMutation } =
  providerApprovalApi;
