import {
  APPOINTMENT_PATHS,
  type BookingLinkAnswer,
  type BookingLinkDone,
  type BookingLinkProof,
  type BookingLinkPurpose,
  type FreePlace,
} from '@appointment/contracts/appointments';
import { api } from '../../lib/api';

const pathOf = (template: string, id: string) => template.replace(':id', encodeURIComponent(id));

/** What a booking e-mail's signed link proves: its appointment, and the token for it. */
export interface BookingLinkArgs {
  id: string;
  proof: BookingLinkProof;
}

/**
 * The signed links of a booking's e-mails (issue 29): a plain read of what the link's page shows,
 * and the one change each link makes. Served without signing in; a change frees or takes a place,
 * so the slot lists are read again.
 */
export const bookingLinkApi = api.injectEndpoints({
  endpoints: (build) => ({
    bookingLink: build.query<BookingLinkAnswer, BookingLinkArgs & { purpose: BookingLinkPurpose }>({
      query: ({ id, proof, purpose }) =>
        `${pathOf(APPOINTMENT_PATHS.link, id)}?${new URLSearchParams({ purpose, ...proof }).toString()}`,
    }),
    cancelByLink: build.mutation<BookingLinkDone, BookingLinkArgs>({
      query: ({ id, proof }) => ({
        url: pathOf(APPOINTMENT_PATHS.linkCancel, id),
        method: 'POST',
        body: proof,
      }),
      invalidatesTags: ['Slot', 'AppointmentList', 'AppointmentCounts'],
    }),
    rescheduleByLink: build.mutation<BookingLinkDone, BookingLinkArgs & { place: FreePlace }>({
      query: ({ id, proof, place }) => ({
        url: pathOf(APPOINTMENT_PATHS.linkReschedule, id),
        method: 'POST',
        body: {
          ...proof,
          timeslotId: place.timeslotId,
          ...(place.index === null ? {} : { index: place.index }),
        },
      }),
      invalidatesTags: ['Slot', 'AppointmentList', 'AppointmentCounts'],
    }),
  }),
});

export const { useBookingLinkQuery, useCancelByLinkMutation, useRescheduleByLinkMutation } = bookingLinkApi;
