import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { matchesProviderFilters, type Industry, type Provider } from '@appointment/contracts/catalogue';
import type { ChosenSlot } from '@appointment/contracts/booking';
import { MESSAGES } from '@appointment/contracts/messages';
import type { RescheduleTarget } from '../../lib/events';
import { newIdempotencyKey } from '../../ui/slot-calendar/slot.format';
import { bookingApi } from './booking.api';

export type BookingMode = 'automatic' | 'manual';

/** docs/product.md §2.6 "Confirm Booking": the chosen slot and the state of its submission. */
export interface ConfirmState {
  slot: ChosenSlot;
  /** Made once when the dialog opens, so a double click or a retry books once. */
  idempotencyKey: string;
  submitting: boolean;
  error: string | null;
}

/** docs/product.md §5 provider filters, plus the favourites-only switch. */
export interface ProviderFilters {
  location: string;
  search: string;
  favouritesOnly: boolean;
}

export interface BookingState {
  selectedIndustry: string | null;
  /** The provider a detail page opened this screen on; chosen once the industries are known. */
  openingProvider: Provider | null;
  filters: ProviderFilters;
  /** Providers whose favourite mark is being saved (the marks themselves: booking.api.ts). */
  favouriteBusyIds: string[];
  favouriteError: string | null;
  /** The provider whose booking screen is open, in place of the list. */
  selectedProvider: Provider | null;
  selectedService: string | null;
  mode: BookingMode;
  /** The day (YYYY-MM-DD) picked in the manual calendar. */
  selectedDay: string | null;
  /** The provider whose card takes the focus back when the booking screen closes. */
  returnFocusId: string | null;
  /** The open confirm dialog, if any. */
  confirm: ConfirmState | null;
  /**
   * The booking being moved (issue 29) when an appointment's Reschedule opened the screen: its
   * provider and service are chosen, and the confirm dialog moves it instead of booking.
   */
  reschedule: RescheduleTarget | null;
  /**
   * Why the last booking or move was refused once its dialog closed: the place was just taken (a
   * lost race; a move keeps the old booking), shown on the screen above the fresh slots.
   */
  placeRefusal: string | null;
}

export const initialBookingState: BookingState = {
  selectedIndustry: null,
  openingProvider: null,
  filters: { location: '', search: '', favouritesOnly: false },
  favouriteBusyIds: [],
  favouriteError: null,
  selectedProvider: null,
  selectedService: null,
  mode: 'automatic',
  selectedDay: null,
  returnFocusId: null,
  confirm: null,
  reschedule: null,
  placeRefusal: null,
};

const clearBookingScreen = (state: BookingState) => {
  state.selectedService = null;
  state.mode = 'automatic';
  state.selectedDay = null;
  state.confirm = null;
  state.placeRefusal = null;
};

const selectIndustry = (state: BookingState, industry: string) => {
  state.selectedIndustry = industry;
  state.returnFocusId = null;
  state.selectedProvider = null;
  clearBookingScreen(state);
};

/** Leaving the provider ends a reschedule: the booking moves only within its provider and service. */
const endReschedule = (state: BookingState) => {
  state.reschedule = null;
  state.placeRefusal = null;
};

const bookingSlice = createSlice({
  name: 'booking',
  initialState: initialBookingState,
  reducers: {
    /**
     * The page opened; on a provider when one is given (its detail's Book Appointment), or to move
     * a booking (an appointment's Reschedule), which opens on its provider once that is read.
     */
    bookingPageOpened: {
      reducer: (_state, action: PayloadAction<{ provider?: Provider; reschedule?: RescheduleTarget }>) => ({
        ...initialBookingState,
        openingProvider: action.payload.provider ?? null,
        reschedule: action.payload.reschedule ?? null,
      }),
      prepare: (provider?: Provider, reschedule?: RescheduleTarget) => ({
        payload: { ...(provider ? { provider } : {}), ...(reschedule ? { reschedule } : {}) },
      }),
    },
    /**
     * The provider of the booking being moved is read (issue 29): the screen opens on it and its
     * service, whether the industries came first or not.
     */
    rescheduleProviderLoaded(state, action: PayloadAction<Provider>) {
      const provider = action.payload;
      const target = state.reschedule;
      if (!target || target.providerId !== provider.id || state.selectedProvider !== null) return;
      selectIndustry(state, provider.industry);
      state.selectedProvider = provider;
      state.selectedService = target.serviceName;
    },
    /**
     * The provider of a dashboard's "Book Again" is read (issue 32): the screen opens on it with the
     * service chosen, whether the industries came first or not, unless another provider was opened
     * meanwhile.
     */
    bookAgainProviderLoaded(state, action: PayloadAction<{ provider: Provider; serviceName: string }>) {
      const { provider, serviceName } = action.payload;
      if (state.selectedProvider !== null || state.reschedule !== null) return;
      selectIndustry(state, provider.industry);
      state.selectedProvider = provider;
      state.selectedService = serviceName;
    },
    /**
     * The industries are known: docs/product.md §2.6, the first is selected by default, the
     * opening provider's when there is one: the screen then opens on that provider.
     */
    industriesShown(state, action: PayloadAction<Industry[]>) {
      if (state.selectedIndustry !== null) return;
      const opening = state.openingProvider;
      const industries = action.payload;
      const industry = industries.find((item) => item.name === opening?.industry) ?? industries[0];
      if (!industry) return;
      selectIndustry(state, industry.name);
      if (opening) {
        state.selectedProvider = opening;
        state.openingProvider = null;
      }
    },
    industrySelected(state, action: PayloadAction<string>) {
      selectIndustry(state, action.payload);
      endReschedule(state);
    },
    /** Location or search changed; the list narrows at once and is fetched again shortly after. */
    providerFiltersChanged(
      state,
      action: PayloadAction<Partial<Pick<ProviderFilters, 'location' | 'search'>>>,
    ) {
      state.filters = { ...state.filters, ...action.payload };
    },
    favouritesOnlyChanged(state, action: PayloadAction<boolean>) {
      state.filters.favouritesOnly = action.payload;
    },
    providerSelected(state, action: PayloadAction<Provider>) {
      state.selectedProvider = action.payload;
      clearBookingScreen(state);
      endReschedule(state);
    },
    providerClosed(state) {
      state.returnFocusId = state.selectedProvider?.id ?? null;
      state.selectedProvider = null;
      clearBookingScreen(state);
      endReschedule(state);
    },
    serviceChosen(state, action: PayloadAction<string>) {
      state.selectedService = action.payload;
      state.selectedDay = null;
      state.confirm = null;
    },
    bookingModeChanged(state, action: PayloadAction<BookingMode>) {
      state.mode = action.payload;
      state.selectedDay = null;
    },
    dayChosen(state, action: PayloadAction<string | null>) {
      state.selectedDay = action.payload;
    },
    slotChosen: {
      reducer(state, action: PayloadAction<{ slot: ChosenSlot; idempotencyKey: string }>) {
        state.confirm = { ...action.payload, submitting: false, error: null };
        state.placeRefusal = null;
      },
      prepare: (slot: ChosenSlot) => ({ payload: { slot, idempotencyKey: newIdempotencyKey() } }),
    },
    confirmClosed(state) {
      if (!state.confirm?.submitting) state.confirm = null;
    },
    /**
     * Submit: the dialog sends the booking form (booking.api.ts `book`), or the move of the booking
     * being rescheduled (`rescheduleAppointment`); it waits here.
     */
    bookingSubmitted(state) {
      if (!state.confirm) return;
      state.confirm.submitting = true;
      state.confirm.error = null;
    },
    bookingSucceeded(state) {
      state.confirm = null;
    },
    bookingFailed(state, action: PayloadAction<string>) {
      if (!state.confirm) return;
      state.confirm.submitting = false;
      state.confirm.error = action.payload;
    },
    /** Moved (issue 29): the dialog closes; the screen stays a reschedule until the list is shown. */
    rescheduleSucceeded(state) {
      state.confirm = null;
    },
    /**
     * A booking or a move refused for the place (409: the place was just taken, or the policy no
     * longer lets the booking move): the dialog closes and the screen says why above the slots,
     * read again (issue 32 for a booking); a moved booking stands where it was.
     */
    placeRefused(state, action: PayloadAction<string>) {
      state.confirm = null;
      state.placeRefusal = action.payload;
    },
  },
  extraReducers: (builder) => {
    // A mark is saved by booking.api.ts `updateFavourite`, which also shows it at once.
    const { updateFavourite } = bookingApi.endpoints;
    builder
      .addMatcher(updateFavourite.matchPending, (state, action) => {
        state.favouriteError = null;
        state.favouriteBusyIds.push(action.meta.arg.originalArgs.providerId);
      })
      .addMatcher(updateFavourite.matchFulfilled, (state, action) => {
        const { providerId } = action.meta.arg.originalArgs;
        state.favouriteBusyIds = state.favouriteBusyIds.filter((id) => id !== providerId);
      })
      .addMatcher(updateFavourite.matchRejected, (state, action) => {
        const { providerId } = action.meta.arg.originalArgs;
        state.favouriteBusyIds = state.favouriteBusyIds.filter((id) => id !== providerId);
        state.favouriteError = MESSAGES.favouriteFailed;
      });
  },
});

export const {
  bookingPageOpened,
  rescheduleProviderLoaded,
  bookAgainProviderLoaded,
  industriesShown,
  industrySelected,
  providerFiltersChanged,
  favouritesOnlyChanged,
  providerSelected,
  providerClosed,
  serviceChosen,
  bookingModeChanged,
  dayChosen,
  slotChosen,
  confirmClosed,
  bookingSubmitted,
  bookingSucceeded,
  bookingFailed,
  rescheduleSucceeded,
  placeRefused,
} = bookingSlice.actions;
export const bookingReducer = bookingSlice.reducer;

export interface WithBooking {
  booking: BookingState;
}

export const selectSelectedIndustry = (state: WithBooking): string | null => state.booking.selectedIndustry;
export const selectProviderFilters = (state: WithBooking): ProviderFilters => state.booking.filters;
export const selectFavouriteBusyIds = (state: WithBooking): string[] => state.booking.favouriteBusyIds;
export const selectFavouriteError = (state: WithBooking): string | null => state.booking.favouriteError;
export const selectReturnFocusId = (state: WithBooking): string | null => state.booking.returnFocusId;
export const selectSelectedProvider = (state: WithBooking): Provider | null => state.booking.selectedProvider;
export const selectSelectedService = (state: WithBooking): string | null => state.booking.selectedService;
export const selectBookingMode = (state: WithBooking): BookingMode => state.booking.mode;
export const selectSelectedDay = (state: WithBooking): string | null => state.booking.selectedDay;
export const selectConfirm = (state: WithBooking): ConfirmState | null => state.booking.confirm;
export const selectReschedule = (state: WithBooking): RescheduleTarget | null => state.booking.reschedule;
export const selectPlaceRefusal = (state: WithBooking): string | null => state.booking.placeRefusal;

/** What narrows the fetched list at once, while the next fetch is on its way. */
export interface ProviderNarrowing {
  industry: string | null;
  filters: ProviderFilters;
  /** The user's favourite providers (booking.api.ts `favourites`). */
  favouriteIds: string[];
}

export const selectProviderNarrowing = createSelector(
  [selectSelectedIndustry, selectProviderFilters],
  (industry, filters): Omit<ProviderNarrowing, 'favouriteIds'> => ({ industry, filters }),
);

/** The cards to show: the fetched list narrowed by the current filters (docs/product.md §5) and favourites. */
export const visibleProviders = (
  providers: readonly Provider[],
  { industry, filters, favouriteIds }: ProviderNarrowing,
): Provider[] =>
  providers.filter(
    (provider) =>
      matchesProviderFilters(provider, {
        industry: industry ?? undefined,
        location: filters.location || undefined,
        search: filters.search || undefined,
      }) &&
      (!filters.favouritesOnly || favouriteIds.includes(provider.id)),
  );
