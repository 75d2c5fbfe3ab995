import {
  CATALOGUE_PATHS,
  type FavouritesResponse,
  type FetchProvidersRequest,
  type Industry,
  type Provider,
  type Service,
} from '@appointment/contracts/catalogue';
import {
  APPOINTMENT_PATHS,
  type AppointmentRescheduledAnswer,
  type RescheduleRequest,
  type SeriesBookedResponse,
  type SeriesRescheduled,
  type SeriesForm,
  type SeriesPreview,
} from '@appointment/contracts/appointments';
import { SCHEDULE_PATHS, type FetchSlotResponse } from '@appointment/contracts/schedule';
import { api } from '../../lib/api';
import { contentKey } from '../../lib/api-client';
import type { PaidBookingResponse } from '../../lib/events';

/** docs/product.md §7.5 POST /providers/getserviceproviderid answers the provider and its services. */
export interface ProviderWithServices {
  provider: Provider;
  services: Service[];
}

/** A favourite mark set or taken off one provider. */
export interface FavouriteChange {
  providerId: string;
  favourite: boolean;
}

const marked =
  ({ providerId, favourite }: FavouriteChange) =>
  (ids: string[]): string[] =>
    favourite
      ? [...ids.filter((id) => id !== providerId), providerId]
      : ids.filter((id) => id !== providerId);

/** The slots of one provider's service (docs/product.md §7.5 fetchslot: serviceId carries the service name). */
export interface SlotsArgs {
  providerId: string;
  serviceName: string;
}

/**
 * The booking screen's plain reads: industries, the providers of the chosen filters, a
 * provider's services and a service's slots. Each screen opening reads them again
 * (refetchOnMountOrArgChange where they are used), and the tags make a booking, a status change,
 * a service edit or a schedule change read them again too.
 */
export interface BookingRequest {
  /** The multipart booking form (booking.form.ts), built where the file was chosen. */
  form: FormData;
  /** Made once when the confirm dialog opened, so a double click or a retry books once. */
  idempotencyKey: string;
}

/** A booking moved to the chosen place (issue 29), asked once per opened confirm dialog. */
export interface RescheduleArgs extends RescheduleRequest {
  appointmentId: string;
  idempotencyKey: string;
  /** Issue 31: the following occurrences of its series move by the same shift, all or none. */
  following?: boolean;
}

/** A refusal the server answered (fetchBaseQuery's error): its status and body. */
export const isConflict = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'status' in error && error.status === 409;

/**
 * What a booking or a move makes stale: taken, the slots, the list and the counts; lost to a racer
 * (409), the slots only; refused otherwise, nothing.
 */
const takenOrLost = (error: unknown): ('Slot' | 'AppointmentList' | 'AppointmentCounts')[] =>
  error === undefined ? ['Slot', 'AppointmentList', 'AppointmentCounts'] : isConflict(error) ? ['Slot'] : [];

export const bookingApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** docs/product.md §7.4 GET /industry/getindustry. */
    industries: build.query<Industry[], void>({
      query: () => CATALOGUE_PATHS.industries,
      providesTags: ['Industry'],
    }),
    /**
     * docs/product.md §7.3 GET /appointments/getfavorites: the ids of the user's favourite
     * providers. A change of mark patches it (`updateFavourite`); failing, the cards only lack marks.
     */
    favourites: build.query<string[], void>({
      query: () => CATALOGUE_PATHS.favourites,
      transformResponse: (body: FavouritesResponse) => body.favorites.map((entry) => entry.itemId),
      transformErrorResponse: (error) => {
        console.error('Failed to load favourites', error);
        return error;
      },
      providesTags: ['Favourite'],
    }),
    /**
     * docs/product.md §7.3 POST /appointments/updatefavoriteprovider with the explicit value. The
     * mark shows at once; the server's list settles it, a refusal takes the mark back.
     */
    updateFavourite: build.mutation<string[], FavouriteChange>({
      query: ({ providerId, favourite }) => ({
        url: CATALOGUE_PATHS.updateFavourite,
        method: 'POST',
        body: { providerId, favorite: favourite },
      }),
      transformResponse: (body: FavouritesResponse) => body.favorites.map((entry) => entry.itemId),
      onQueryStarted: async (change, { dispatch, queryFulfilled }) => {
        const patch = (recipe: (ids: string[]) => string[]) =>
          dispatch(bookingApi.util.updateQueryData('favourites', undefined, (ids) => recipe(ids ?? [])));
        patch(marked(change));
        try {
          const { data: favouriteIds } = await queryFulfilled;
          patch(() => favouriteIds);
        } catch (error) {
          console.error('Failed to update favourites', error);
          patch(marked({ ...change, favourite: !change.favourite }));
        }
      },
    }),
    /** docs/product.md §7.5 POST /providers/fetchprovider: active providers matching the filters. */
    providers: build.query<Provider[], FetchProvidersRequest>({
      query: (filters) => ({ url: CATALOGUE_PATHS.fetchProviders, method: 'POST', body: filters }),
      transformResponse: (body: { providers: Provider[] }) => body.providers,
      providesTags: ['Provider'],
    }),
    /** docs/product.md §7.5 POST /providers/getserviceproviderid: the provider and its services. */
    providerServices: build.query<ProviderWithServices, string>({
      query: (id) => ({ url: CATALOGUE_PATHS.providerById, method: 'POST', body: { id } }),
      providesTags: ['Provider', 'Service'],
    }),
    /** docs/product.md §7.5 POST /schedulemanage/fetchslot. */
    slots: build.query<FetchSlotResponse, SlotsArgs>({
      query: ({ providerId, serviceName }) => ({
        url: SCHEDULE_PATHS.fetchSlot,
        method: 'POST',
        body: { providerId, serviceId: serviceName },
      }),
      providesTags: ['Slot', 'Service'],
    }),
    /**
     * docs/product.md §7.3 POST /appointments/bookappointment, booked once per key. A booking takes
     * a slot and adds an appointment; a lost race (409) means someone else took the slot, so the
     * slots read again quietly while the dialog says why.
     */
    book: build.mutation<PaidBookingResponse, BookingRequest>({
      query: ({ form, idempotencyKey }) => ({
        url: APPOINTMENT_PATHS.book,
        method: 'POST',
        body: form,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      invalidatesTags: (_result, error) => takenOrLost(error),
    }),
    /**
     * Issue 31: every occurrence of a series, marked free or not; nothing is held. Read again
     * whenever the slots may have changed.
     */
    seriesPreview: build.query<SeriesPreview, SeriesForm>({
      query: (body) => ({ url: APPOINTMENT_PATHS.seriesPreview, method: 'POST', body }),
      providesTags: ['Slot'],
    }),
    /**
     * Issue 31: the whole series at once, or its free occurrences only (`freeOnly`), booked once per
     * opened dialog and series asked (a double click or a retried request books one series).
     */
    bookSeries: build.mutation<SeriesBookedResponse, { form: SeriesForm; idempotencyKey: string }>({
      query: ({ form, idempotencyKey }) => ({
        url: APPOINTMENT_PATHS.series,
        method: 'POST',
        body: form,
        headers: { 'Idempotency-Key': contentKey(`series-${idempotencyKey}`, form) },
      }),
      invalidatesTags: (_result, error) => takenOrLost(error),
    }),
    /**
     * POST /api/appointments/:id/reschedule (issue 29), from the booking screen's confirm dialog as a
     * booking is: the new place is taken and the old one freed, so the lists and the slots read
     * again. A lost race (409) keeps the old booking and reads the slots again.
     */
    rescheduleAppointment: build.mutation<AppointmentRescheduledAnswer | SeriesRescheduled, RescheduleArgs>({
      query: ({ appointmentId, idempotencyKey, following, ...body }) => ({
        url: (following ? APPOINTMENT_PATHS.rescheduleFollowing : APPOINTMENT_PATHS.reschedule).replace(
          ':id',
          encodeURIComponent(appointmentId),
        ),
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      invalidatesTags: (_result, error) => takenOrLost(error),
    }),
  }),
});

export const {
  useFavouritesQuery,
  useIndustriesQuery,
  useProvidersQuery,
  useProviderServicesQuery,
  useSlotsQuery,
  useBookMutation,
  useBookSeriesMutation,
  useSeriesPreviewQuery,
  useRescheduleAppointmentMutation,
  useUpdateFavouriteMutation,
} = bookingApi;

const NO_FAVOURITES: string[] = [];

/** The ids of the user's favourite providers, as last read (none while unread or unreadable). */
export const useFavouriteIds = (): string[] =>
  useFavouritesQuery(undefined, { selectFromResult: ({ data }) => ({ ids: data ?? NO_FAVOURITES }) }).ids;
