import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  matchesProviderFilters,
  type Industry,
  type Provider,
  type Service,
} from '@appointment/contracts/catalogue';
import type { FetchSlotResponse } from '@appointment/contracts/schedule';
import type { ChosenSlot } from '@appointment/contracts/booking';
import { newIdempotencyKey } from '../../ui/slot-calendar/slot.format';

export type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';
export type BookingMode = 'automatic' | 'manual';

/** docs/product.md §2.6 "Confirm Booking": the chosen slot and the state of its submission. */
export interface ConfirmState {
  slot: ChosenSlot;
  /** Made once when the dialog opens, so a double click or a retry books once. */
  idempotencyKey: string;
  submitting: boolean;
  error: string | null;
}

/** What the confirm dialog sends besides the slot; the image travels in the action's meta. */
export interface BookingDetails {
  note: string;
}

/** docs/product.md §5 provider filters, plus the favourites-only switch. */
export interface ProviderFilters {
  location: string;
  search: string;
  favouritesOnly: boolean;
}

export interface BookingState {
  industries: Industry[];
  industriesStatus: LoadStatus;
  selectedIndustry: string | null;
  filters: ProviderFilters;
  providers: Provider[];
  providersStatus: LoadStatus;
  providersError: string | null;
  favouriteIds: string[];
  /** Providers whose favourite mark is being saved. */
  favouriteBusyIds: string[];
  favouriteError: string | null;
  /** The provider whose booking screen is open, in place of the list. */
  selectedProvider: Provider | null;
  services: Service[];
  servicesStatus: LoadStatus;
  servicesError: string | null;
  selectedService: string | null;
  slots: FetchSlotResponse | null;
  slotsStatus: LoadStatus;
  slotsError: string | null;
  mode: BookingMode;
  /** The day (YYYY-MM-DD) picked in the manual calendar. */
  selectedDay: string | null;
  /** The provider whose card takes the focus back when the booking screen closes. */
  returnFocusId: string | null;
  /** The open confirm dialog, if any. */
  confirm: ConfirmState | null;
}

export const initialBookingState: BookingState = {
  industries: [],
  industriesStatus: 'idle',
  selectedIndustry: null,
  filters: { location: '', search: '', favouritesOnly: false },
  providers: [],
  providersStatus: 'idle',
  providersError: null,
  favouriteIds: [],
  favouriteBusyIds: [],
  favouriteError: null,
  selectedProvider: null,
  services: [],
  servicesStatus: 'idle',
  servicesError: null,
  selectedService: null,
  slots: null,
  slotsStatus: 'idle',
  slotsError: null,
  mode: 'automatic',
  selectedDay: null,
  returnFocusId: null,
  confirm: null,
};

const clearBookingScreen = (state: BookingState) => {
  state.services = [];
  state.servicesStatus = 'idle';
  state.servicesError = null;
  state.selectedService = null;
  state.slots = null;
  state.slotsStatus = 'idle';
  state.slotsError = null;
  state.mode = 'automatic';
  state.selectedDay = null;
  state.confirm = null;
};

export interface FavouriteChange {
  providerId: string;
  favorite: boolean;
}

const bookingSlice = createSlice({
  name: 'booking',
  initialState: initialBookingState,
  reducers: {
    /** The page opened; on a provider when one is given (its detail's Book Appointment). */
    bookingPageOpened: {
      reducer: () => ({ ...initialBookingState, industriesStatus: 'loading' as const }),
      prepare: (provider?: Provider) => ({ payload: provider ? { provider } : {} }),
    },
    industriesLoaded(state, action: PayloadAction<Industry[]>) {
      state.industries = action.payload;
      state.industriesStatus = 'loaded';
    },
    industriesLoadFailed(state) {
      state.industries = [];
      state.industriesStatus = 'failed';
    },
    industrySelected(state, action: PayloadAction<string>) {
      state.selectedIndustry = action.payload;
      state.returnFocusId = null;
      state.providers = [];
      state.providersStatus = 'loading';
      state.providersError = null;
      state.selectedProvider = null;
      clearBookingScreen(state);
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
    providersFetchStarted(state) {
      state.providersStatus = 'loading';
      state.providersError = null;
    },
    providersLoaded(state, action: PayloadAction<Provider[]>) {
      state.providers = action.payload;
      state.providersStatus = 'loaded';
    },
    providersLoadFailed(state, action: PayloadAction<string>) {
      state.providers = [];
      state.providersStatus = 'failed';
      state.providersError = action.payload;
    },
    favouritesLoaded(state, action: PayloadAction<string[]>) {
      state.favouriteIds = action.payload;
    },
    /** Applied at once; settled by favouritesUpdated or rolled back by favouriteUpdateFailed. */
    favouriteToggled(state, action: PayloadAction<FavouriteChange>) {
      const { providerId, favorite } = action.payload;
      state.favouriteError = null;
      state.favouriteBusyIds.push(providerId);
      state.favouriteIds = favorite
        ? [...state.favouriteIds.filter((id) => id !== providerId), providerId]
        : state.favouriteIds.filter((id) => id !== providerId);
    },
    favouritesUpdated(state, action: PayloadAction<{ providerId: string; favouriteIds: string[] }>) {
      state.favouriteBusyIds = state.favouriteBusyIds.filter((id) => id !== action.payload.providerId);
      state.favouriteIds = action.payload.favouriteIds;
    },
    favouriteUpdateFailed(state, action: PayloadAction<FavouriteChange & { message: string }>) {
      const { providerId, favorite, message } = action.payload;
      state.favouriteBusyIds = state.favouriteBusyIds.filter((id) => id !== providerId);
      state.favouriteIds = favorite
        ? state.favouriteIds.filter((id) => id !== providerId)
        : [...state.favouriteIds, providerId];
      state.favouriteError = message;
    },
    providerSelected(state, action: PayloadAction<Provider>) {
      state.selectedProvider = action.payload;
      clearBookingScreen(state);
      state.servicesStatus = 'loading';
    },
    providerClosed(state) {
      state.returnFocusId = state.selectedProvider?.id ?? null;
      state.selectedProvider = null;
      clearBookingScreen(state);
    },
    servicesLoaded(state, action: PayloadAction<{ provider: Provider; services: Service[] }>) {
      if (state.selectedProvider?.id !== action.payload.provider.id) return;
      state.selectedProvider = action.payload.provider;
      state.services = action.payload.services;
      state.servicesStatus = 'loaded';
    },
    servicesLoadFailed(state, action: PayloadAction<string>) {
      state.services = [];
      state.servicesStatus = 'failed';
      state.servicesError = action.payload;
    },
    serviceChosen(state, action: PayloadAction<string>) {
      state.selectedService = action.payload;
      state.slots = null;
      state.slotsStatus = 'loading';
      state.slotsError = null;
      state.selectedDay = null;
      state.confirm = null;
    },
    slotsLoaded(state, action: PayloadAction<FetchSlotResponse>) {
      state.slots = action.payload;
      state.slotsStatus = 'loaded';
    },
    slotsLoadFailed(state, action: PayloadAction<string>) {
      state.slots = null;
      state.slotsStatus = 'failed';
      state.slotsError = action.payload;
    },
    bookingModeChanged(state, action: PayloadAction<BookingMode>) {
      state.mode = action.payload;
      state.selectedDay = null;
    },
    dayChosen(state, action: PayloadAction<string | null>) {
      state.selectedDay = action.payload;
    },
    /** Refreshed slots after a booking lost a race; the calendar stays as it is. */
    slotsRefreshed(state, action: PayloadAction<FetchSlotResponse>) {
      state.slots = action.payload;
    },
    slotChosen: {
      reducer(state, action: PayloadAction<{ slot: ChosenSlot; idempotencyKey: string }>) {
        state.confirm = { ...action.payload, submitting: false, error: null };
      },
      prepare: (slot: ChosenSlot) => ({ payload: { slot, idempotencyKey: newIdempotencyKey() } }),
    },
    confirmClosed(state) {
      if (!state.confirm?.submitting) state.confirm = null;
    },
    bookingSubmitted: {
      reducer(state, _action: PayloadAction<BookingDetails, string, { arg: { image: File | null } }>) {
        if (!state.confirm) return;
        state.confirm.submitting = true;
        state.confirm.error = null;
      },
      // The file is not serialisable: it rides in meta.arg, a path Redux Toolkit's check skips.
      prepare: (details: BookingDetails, image: File | null) => ({
        payload: details,
        meta: { arg: { image } },
      }),
    },
    bookingSucceeded(state) {
      state.confirm = null;
    },
    bookingFailed(state, action: PayloadAction<string>) {
      if (!state.confirm) return;
      state.confirm.submitting = false;
      state.confirm.error = action.payload;
    },
  },
});

export const {
  bookingPageOpened,
  industriesLoaded,
  industriesLoadFailed,
  industrySelected,
  providerFiltersChanged,
  favouritesOnlyChanged,
  providersFetchStarted,
  providersLoaded,
  providersLoadFailed,
  favouritesLoaded,
  favouriteToggled,
  favouritesUpdated,
  favouriteUpdateFailed,
  providerSelected,
  providerClosed,
  servicesLoaded,
  servicesLoadFailed,
  serviceChosen,
  slotsLoaded,
  slotsLoadFailed,
  bookingModeChanged,
  dayChosen,
  slotsRefreshed,
  slotChosen,
  confirmClosed,
  bookingSubmitted,
  bookingSucceeded,
  bookingFailed,
} = bookingSlice.actions;
export const bookingReducer = bookingSlice.reducer;

export interface WithBooking {
  booking: BookingState;
}

export const selectBooking = (state: WithBooking): BookingState => state.booking;

/** The cards to show: the fetched list narrowed by the current filters (docs/product.md §5) and favourites. */
export const selectVisibleProviders = createSelector([selectBooking], (booking): Provider[] =>
  booking.providers.filter(
    (provider) =>
      matchesProviderFilters(provider, {
        industry: booking.selectedIndustry ?? undefined,
        location: booking.filters.location || undefined,
        search: booking.filters.search || undefined,
      }) &&
      (!booking.filters.favouritesOnly || booking.favouriteIds.includes(provider.id)),
  ),
);
