import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';

/**
 * The one RTK Query API for plain reads of the projections (issue 17); each feature injects its
 * endpoints. Like the API client, it always sends the session cookie and asks for JSON.
 * Workflows (booking → checkout, the socket channel) stay in sagas, which put the events that
 * invalidate these reads' tags.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({
    credentials: 'include',
    prepareHeaders: (headers) => {
      headers.set('Accept', 'application/json');
      return headers;
    },
  }),
  tagTypes: ['AppointmentCounts', 'AppointmentList'],
  endpoints: () => ({}),
});
