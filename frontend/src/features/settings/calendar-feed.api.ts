import { CALENDAR_PATHS, type CalendarFeedAnswer } from '@appointment/contracts/calendar-feeds';
import { api } from '../../lib/api';
import { connectBaseQuery } from '../../lib/connect-retry';

/** The signed-in user's own calendar feed. */
export const myCalendarApi = api.injectEndpoints({
  endpoints: (build) => ({
    myCalendarFeed: build.query<CalendarFeedAnswer, void>({
      query: () => CALENDAR_PATHS.myFeed,
      providesTags: ['CalendarFeed'],
    }),
    connectMyCalendar: build.mutation<CalendarFeedAnswer, void>({
      queryFn: (_arg, queryApi, extra) =>
        connectBaseQuery(
          { url: CALENDAR_PATHS.myConnect, method: 'POST', body: {} },
          queryApi,
          extra,
        ) as never,
      invalidatesTags: ['CalendarFeed'],
    }),
    disconnectMyCalendar: build.mutation<CalendarFeedAnswer, void>({
      query: () => ({ url: CALENDAR_PATHS.myDisconnect, method: 'POST', body: {} }),
      invalidatesTags: ['CalendarFeed'],
    }),
  }),
});

export const { useMyCalendarFeedQuery, useConnectMyCalendarMutation, useDisconnectMyCalendarMutation } =
  myCalendarApi;
