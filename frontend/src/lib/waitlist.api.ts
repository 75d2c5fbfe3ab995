import {
  WAITLIST_PATHS,
  type JoinWaitlistRequest,
  type WaitlistAnswer,
  type WaitlistEntry,
} from '@appointment/contracts/waitlist';
import { api } from './api';
import type { PaidBookingResponse } from './events';

const withId = (template: string, id: string) => template.replace(':id', encodeURIComponent(id));

/**
 * The waitlist (issue 31): shared here because the booking screen joins it and the waitlist
 * screens list, leave, claim and decline. An offer claimed or a place given back changes the slot
 * lists and the appointments.
 */
export const waitlistApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The user's entries; the provider's staff: a time slot's (by its id). */
    waitlist: build.query<WaitlistEntry[], string | undefined>({
      query: (timeslotId) =>
        timeslotId
          ? `${WAITLIST_PATHS.waitlist}?${new URLSearchParams({ timeslotId }).toString()}`
          : WAITLIST_PATHS.waitlist,
      transformResponse: (body: WaitlistAnswer) => body.entries,
      providesTags: ['Waitlist'],
    }),
    joinWaitlist: build.mutation<{ message: string; entry: WaitlistEntry }, JoinWaitlistRequest>({
      query: (body) => ({ url: WAITLIST_PATHS.waitlist, method: 'POST', body }),
      // A day refused (a place of it is free, say) was shown from stale slots: they read again.
      invalidatesTags: (_result, error, { day }) => (error && day ? ['Waitlist', 'Slot'] : ['Waitlist']),
    }),
    leaveWaitlist: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: withId(WAITLIST_PATHS.entry, id), method: 'DELETE' }),
      invalidatesTags: ['Waitlist', 'Slot'],
    }),
    /** A paid service's claim answers its order and checkout (waitlist.saga.ts opens it). */
    claimOffer: build.mutation<PaidBookingResponse, string>({
      query: (id) => ({ url: withId(WAITLIST_PATHS.claim, id), method: 'POST', body: {} }),
      invalidatesTags: ['Waitlist', 'Slot', 'AppointmentList', 'AppointmentCounts'],
    }),
    declineOffer: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: withId(WAITLIST_PATHS.decline, id), method: 'POST', body: {} }),
      invalidatesTags: ['Waitlist', 'Slot'],
    }),
  }),
});

export const {
  useWaitlistQuery,
  useJoinWaitlistMutation,
  useLeaveWaitlistMutation,
  useClaimOfferMutation,
  useDeclineOfferMutation,
} = waitlistApi;
