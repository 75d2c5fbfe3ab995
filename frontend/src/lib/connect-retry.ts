import {
  fetchBaseQuery,
  retry,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * docs/product.md §4: connecting an integration retries up to 3 times on a network failure,
 * waiting 1 s, then 2 s. An answer from the server (even an error) is not retried.
 */
export const connectBaseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = retry(
  fetchBaseQuery({ credentials: 'include', headers: { Accept: 'application/json' } }),
  {
    backoff: (attempt) => wait(attempt <= 1 ? 1_000 : 2_000),
    // `attempt` counts the tries so far: the third failed try is the last.
    retryCondition: (error, _args, { attempt }) =>
      attempt < 3 && (error as FetchBaseQueryError).status === 'FETCH_ERROR',
  },
);
