import {
  HISTORY_PATHS,
  historyPath,
  type HistoryPage,
  type ProviderStateAt,
} from '@appointment/contracts/history';
import { api } from '../../lib/api';

/** The timeline's filters as the screen holds them. */
export interface HistoryFilters {
  providerId: string;
  types: string;
  actor: string;
  from: string;
  to: string;
}

const queryString = (params: Record<string, string | undefined>): string => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) search.set(name, value);
  const text = search.toString();
  return text ? `?${text}` : '';
};

/** A date-time-local value (the viewer's zone) as an ISO instant; '' stays ''. */
export const isoOf = (local: string): string => (local ? new Date(local).toISOString() : '');

export const filtersQuery = (filters: HistoryFilters, extra: Record<string, string> = {}): string =>
  queryString({
    types: filters.types,
    actor: filters.actor.trim(),
    from: isoOf(filters.from),
    to: isoOf(filters.to),
    ...extra,
  });

export const exportUrl = (filters: HistoryFilters, format: 'csv' | 'ndjson'): string =>
  `${historyPath(HISTORY_PATHS.export, filters.providerId)}${filtersQuery(filters, { format })}`;

export const historyApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/providers/:id/history, a page per scroll: the cursor of one page asks for the next. */
    providerHistory: build.infiniteQuery<HistoryPage, HistoryFilters, string>({
      infiniteQueryOptions: {
        initialPageParam: '',
        getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
      },
      query: ({ queryArg, pageParam }) =>
        `${historyPath(HISTORY_PATHS.history, queryArg.providerId)}${filtersQuery(queryArg, {
          limit: '25',
          ...(pageParam ? { cursor: pageParam } : {}),
        })}`,
    }),
    /** GET /api/providers/:id/history/state?at=: the provider as it was then. */
    providerStateAt: build.query<ProviderStateAt, { providerId: string; at: string }>({
      query: ({ providerId, at }) => `${historyPath(HISTORY_PATHS.state, providerId)}${queryString({ at })}`,
    }),
  }),
});

export const { useProviderHistoryInfiniteQuery, useProviderStateAtQuery } = historyApi;
