import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import type { ErrorBody } from '@appointment/contracts/errors';
import { ApiError } from './api-client';

/**
 * The one RTK Query API for plain reads of the projections; each feature injects its endpoints.
 * Like the API client, it always sends the session cookie and asks for JSON.
 * Workflows (booking → checkout, the socket channel) stay in sagas, which put the events that
 * invalidate these reads' tags.
 */
const sameOrigin = fetchBaseQuery({
  credentials: 'include',
  prepareHeaders: (headers) => {
    headers.set('Accept', 'application/json');
    return headers;
  },
});

/** The page's own origin, spelled out, so the same reads run where fetch wants a whole URL (unit tests). */
const absolute = (url: string): string => new URL(url, globalThis.location.href).href;

const baseQuery: typeof sameOrigin = (args, api, extraOptions) =>
  sameOrigin(
    typeof args === 'string' ? absolute(args) : { ...args, url: absolute(args.url) },
    api,
    extraOptions,
  );

export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  /**
   * What a read provides and a change invalidates: a booking or a status change frees or takes a
   * Slot; a service edit changes Service (and the slots named after it); a schedule change, Slot;
   * a provider's change, Provider; a live notification patches Notification and reads the
   * dashboard's own AppointmentCounts and AppointmentList again.
   */
  tagTypes: [
    'AppointmentCounts',
    'AppointmentList',
    'Industry',
    'Provider',
    'Service',
    'Slot',
    'TimeOff',
    'CalendarFeed',
    'IntegrationSettings',
    'Favourite',
    'Notification',
    'Waitlist',
  ],
  endpoints: () => ({}),
});

/** Where a read stands, taken from RTK Query's own state: the one load status every screen shows. */
export type ReadStatus = 'loading' | 'loaded' | 'failed';

/** Loaded once the current arguments have an answer (a re-read keeps it); failed when the last read failed. */
export const readStatusOf = ({
  currentData,
  isError,
}: {
  currentData?: unknown;
  isError: boolean;
}): ReadStatus => (currentData !== undefined ? 'loaded' : isError ? 'failed' : 'loading');

/**
 * A failed endpoint's error as the API client would have thrown it: the server's body when it
 * sent a message, "Network error occurred" when nothing answered, "Request failed (status)"
 * otherwise. The screens' texts for refusals read it, whichever way the request was made.
 * A mutation's rejected action carries the answer in `payload`; an error thrown while reading a
 * good answer is in `error` and reads as a network-free failure (status 0).
 */
export const apiErrorOf = (rejected: { payload?: unknown; error?: unknown }): ApiError => {
  const failure = rejected.payload;
  if (typeof failure === 'object' && failure !== null && 'status' in failure) {
    const { status, data } = failure as { status: unknown; data?: unknown };
    if (typeof status === 'number') {
      return new ApiError(
        status,
        typeof data === 'object' && data !== null && 'message' in data && typeof data.message === 'string'
          ? (data as ErrorBody)
          : { message: `Request failed (${status})` },
      );
    }
    if (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR') {
      return new ApiError(0, { message: 'Network error occurred' });
    }
    if (status === 'PARSING_ERROR') {
      const original = (failure as { originalStatus?: unknown }).originalStatus;
      return new ApiError(typeof original === 'number' ? original : 0, {
        message: `Request failed (${String(original)})`,
      });
    }
  }
  const error = rejected.error;
  const message =
    typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string'
      ? error.message
      : 'Request failed';
  return new ApiError(0, { message });
};

/** A failed request's message, as the server gave it; null when nothing failed. */
export const apiMessageOf = (error: unknown): string | null =>
  error ? apiErrorOf({ payload: error, error }).message : null;
