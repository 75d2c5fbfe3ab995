import {
  API_KEY_PATHS,
  type ApiKey,
  type ApiKeyListResponse,
  type CreateApiKeyRequest,
  type CreateApiKeyResponse,
} from '@appointment/contracts/api-keys';
import { api } from '../../lib/api';

/** A provider's API keys, read and changed through RTK Query; the list refetches after each change. */
export const apiKeysApi = api.enhanceEndpoints({ addTagTypes: ['ApiKeys'] }).injectEndpoints({
  endpoints: (build) => ({
    apiKeys: build.query<ApiKey[], void>({
      query: () => API_KEY_PATHS.apiKeys,
      transformResponse: (body: Partial<ApiKeyListResponse> | undefined) =>
        Array.isArray(body?.apiKeys) ? body.apiKeys : [],
      providesTags: ['ApiKeys'],
    }),
    createApiKey: build.mutation<CreateApiKeyResponse, CreateApiKeyRequest>({
      query: (body) => ({ url: API_KEY_PATHS.apiKeys, method: 'POST', body }),
      invalidatesTags: ['ApiKeys'],
    }),
    revokeApiKey: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: API_KEY_PATHS.apiKey.replace(':id', encodeURIComponent(id)), method: 'DELETE' }),
      invalidatesTags: ['ApiKeys'],
    }),
  }),
});

export const { useApiKeysQuery, useCreateApiKeyMutation, useRevokeApiKeyMutation } = apiKeysApi;

/** The server's `{ message, errors }` of a failed mutation, if it sent one. */
export const refusalOf = (
  error: unknown,
): { message?: string; errors?: { field: string; message: string }[] } | undefined => {
  const data = (error as { data?: unknown } | undefined)?.data;
  return data && typeof data === 'object' ? (data as { message?: string }) : undefined;
};
