import { useEffect, useMemo, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import type { FetchProvidersRequest, Provider } from '@appointment/contracts/catalogue';
import { MESSAGES } from '@appointment/contracts/messages';
import { useBookingSelector } from './booking.hooks';
import { useFavouriteIds, useProvidersQuery } from './booking.api';
import { selectProviderNarrowing, visibleProviders } from './booking.slice';

/** Typing in the search box fetches once the typing pauses. */
export const FILTER_FETCH_DELAY_MS = 300;

/** The value as it was once it stopped changing for `ms`. */
const useSettled = <T>(value: T, ms: number): T => {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
};

export interface ProviderSearch {
  /** The fetched list narrowed at once by the current filters and favourites. */
  providers: Provider[];
  loading: boolean;
  error: string | null;
}

/**
 * docs/product.md §2.6, §5: the selected industry's providers, narrowed by location and search. A
 * new industry fetches at once; typing in the filters narrows the list at once and fetches once
 * the typing pauses.
 */
export const useProviderSearch = (): ProviderSearch => {
  const filtering = useBookingSelector(selectProviderNarrowing);
  const favouriteIds = useFavouriteIds();
  const narrowing = useMemo(() => ({ ...filtering, favouriteIds }), [filtering, favouriteIds]);
  const location = useSettled(narrowing.filters.location.trim(), FILTER_FETCH_DELAY_MS);
  const search = useSettled(narrowing.filters.search.trim(), FILTER_FETCH_DELAY_MS);
  const request: FetchProvidersRequest | typeof skipToken =
    narrowing.industry === null
      ? skipToken
      : {
          industry: narrowing.industry,
          ...(location ? { location } : {}),
          ...(search ? { search } : {}),
        };
  const { data, isFetching, isUninitialized, isError } = useProvidersQuery(request, {
    refetchOnMountOrArgChange: true,
  });
  const providers = useMemo(() => visibleProviders(data ?? [], narrowing), [data, narrowing]);
  const filtered = location !== '' || search !== '';
  return {
    providers,
    loading: isFetching || isUninitialized,
    error: isError
      ? filtered
        ? MESSAGES.fetchFilteredProvidersFailed
        : MESSAGES.fetchProvidersFailed
      : null,
  };
};
