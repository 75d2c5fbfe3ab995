import type { SagaIterator } from 'redux-saga';
import { all, call, delay, put, select, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import type { PayloadAction, UnknownAction } from '@reduxjs/toolkit';
import { bookingFormData, bookingFormFor } from '@appointment/contracts/booking';
import type { Industry, Provider } from '@appointment/contracts/catalogue';
import { MESSAGES } from '@appointment/contracts/messages';
import type { FetchSlotResponse } from '@appointment/contracts/schedule';
import { ApiError } from '../../lib/api-client';
import { navigateTo } from '../../lib/navigation';
import { appointmentBooked, type PaidBookingResponse } from '../../lib/events';
import {
  bookAppointment,
  fetchFavourites,
  fetchIndustries,
  fetchProviders,
  fetchProviderServices,
  fetchSlots,
  updateFavourite,
  type ProviderWithServices,
} from './booking.api';
import {
  bookingFailed,
  bookingPageOpened,
  bookingSubmitted,
  bookingSucceeded,
  favouritesLoaded,
  favouriteToggled,
  favouritesUpdated,
  favouriteUpdateFailed,
  industriesLoaded,
  industriesLoadFailed,
  industrySelected,
  providerClosed,
  providerFiltersChanged,
  providersFetchStarted,
  providersLoaded,
  providersLoadFailed,
  providerSelected,
  selectBooking,
  serviceChosen,
  servicesLoaded,
  servicesLoadFailed,
  slotsLoaded,
  slotsLoadFailed,
  slotsRefreshed,
  type BookingState,
  type FavouriteChange,
} from './booking.slice';

/** Typing in the search box fetches once the typing pauses. */
export const FILTER_FETCH_DELAY_MS = 300;

function* loadIndustries(provider?: Provider): SagaIterator {
  try {
    const industries: Industry[] = yield call(fetchIndustries);
    yield put(industriesLoaded(industries));
    // docs/product.md §2.6: the first industry is selected by default; the provider's, when one was given.
    const industry = industries.find((item) => item.name === provider?.industry) ?? industries[0];
    if (industry) yield put(industrySelected(industry.name));
    // Issue 18: opened from a provider's detail, the booking screen opens on that provider.
    if (provider) yield put(providerSelected(provider));
  } catch (error) {
    console.error('Failed to load industries', error);
    yield put(industriesLoadFailed());
  }
}

function* loadFavourites(): SagaIterator {
  try {
    const ids: string[] = yield call(fetchFavourites);
    yield put(favouritesLoaded(ids));
  } catch (error) {
    // The cards still work; only their marks are missing.
    console.error('Failed to load favourites', error);
  }
}

function* openPage(action: ReturnType<typeof bookingPageOpened>): SagaIterator {
  yield all([call(loadIndustries, action.payload.provider), call(loadFavourites)]);
}

/** docs/product.md §2.6, §5: the selected industry's providers, narrowed by location and search. */
function* loadProviders(action: UnknownAction): SagaIterator {
  if (providerFiltersChanged.match(action)) yield delay(FILTER_FETCH_DELAY_MS);
  const { selectedIndustry, filters }: BookingState = yield select(selectBooking);
  if (!selectedIndustry) return;
  const location = filters.location.trim();
  const search = filters.search.trim();
  const filtered = location !== '' || search !== '';
  yield put(providersFetchStarted());
  try {
    const providers: Provider[] = yield call(fetchProviders, {
      industry: selectedIndustry,
      ...(location ? { location } : {}),
      ...(search ? { search } : {}),
    });
    yield put(providersLoaded(providers));
  } catch (error) {
    console.error('Failed to fetch providers', error);
    yield put(
      providersLoadFailed(filtered ? MESSAGES.fetchFilteredProvidersFailed : MESSAGES.fetchProvidersFailed),
    );
  }
}

function* changeFavourite(action: PayloadAction<FavouriteChange>): SagaIterator {
  const { providerId, favorite } = action.payload;
  try {
    const favouriteIds: string[] = yield call(updateFavourite, providerId, favorite);
    yield put(favouritesUpdated({ providerId, favouriteIds }));
  } catch (error) {
    console.error('Failed to update favourites', error);
    yield put(favouriteUpdateFailed({ providerId, favorite, message: MESSAGES.favouriteFailed }));
  }
}

function* loadServices(action: UnknownAction): SagaIterator {
  if (!providerSelected.match(action)) return;
  try {
    const result: ProviderWithServices = yield call(fetchProviderServices, action.payload.id);
    yield put(servicesLoaded(result));
  } catch (error) {
    console.error('Failed to load services', error);
    yield put(servicesLoadFailed(MESSAGES.servicesLoadFailed));
  }
}

function* loadSlots(action: UnknownAction): SagaIterator {
  if (!serviceChosen.match(action)) return;
  const { selectedProvider }: BookingState = yield select(selectBooking);
  if (!selectedProvider) return;
  try {
    const slots: FetchSlotResponse = yield call(fetchSlots, selectedProvider.id, action.payload);
    yield put(slotsLoaded(slots));
  } catch (error) {
    console.error('Failed to load slots', error);
    yield put(slotsLoadFailed(MESSAGES.slotsLoadFailed));
  }
}

/** After a booking: the appointments screen (docs/product.md §2.6, §4 booking flow step 6). */
export const AFTER_BOOKING = '/appointments';

/** Statuses whose message tells the user what went wrong with this slot (409, 422, 400). */
const EXPLAINED_STATUSES = new Set([400, 409, 422]);

/** docs/product.md §3 booking form, multipart: the chosen slot, the service's flags, the note and image. */
export const bookingForm = (booking: BookingState, note: string, image: File | null): FormData | null => {
  const { confirm, selectedProvider, selectedService, services } = booking;
  if (!confirm || !selectedProvider || !selectedService) return null;
  const fields = bookingFormFor({
    providerId: selectedProvider.id,
    serviceName: selectedService,
    slot: confirm.slot,
    service: services.find((candidate) => candidate.name === selectedService),
    note,
  });
  return bookingFormData(fields, image ? { blob: image, name: image.name } : undefined);
};

/** Reloads the slots quietly, so an interval someone else took disappears. */
function* refreshSlots(): SagaIterator {
  const { selectedProvider, selectedService }: BookingState = yield select(selectBooking);
  if (!selectedProvider || !selectedService) return;
  try {
    const slots: FetchSlotResponse = yield call(fetchSlots, selectedProvider.id, selectedService);
    yield put(slotsRefreshed(slots));
  } catch (error) {
    console.error('Failed to reload slots', error);
  }
}

/** docs/product.md §2.6 Submit: book, then go to /appointments (and pay, if needed); on failure stay in the dialog and say why. */
function* submitBooking(action: ReturnType<typeof bookingSubmitted>): SagaIterator {
  const booking: BookingState = yield select(selectBooking);
  const form = bookingForm(booking, action.payload.note, action.meta.arg.image);
  if (!form || !booking.confirm) return;
  try {
    const response: PaidBookingResponse = yield call(bookAppointment, form, booking.confirm.idempotencyKey);
    yield put(bookingSucceeded());
    yield call(navigateTo, AFTER_BOOKING);
    yield put(appointmentBooked(response));
  } catch (error) {
    console.error('Failed to book appointment', error);
    const explained = error instanceof ApiError && EXPLAINED_STATUSES.has(error.status);
    // docs/product.md §8: "Failed to book appointment: {reason}" when the server said why.
    yield put(
      bookingFailed(explained ? `${MESSAGES.bookingFailedBecause}${error.message}` : MESSAGES.bookingFailed),
    );
    if (error instanceof ApiError && error.status === 409) yield call(refreshSlots);
  }
}

export function* bookingSaga(): SagaIterator {
  yield takeLeading(bookingSubmitted.type, submitBooking);
  yield takeLatest(bookingPageOpened.type, openPage);
  yield takeLatest(
    [industrySelected.type, providerFiltersChanged.type, bookingPageOpened.type],
    loadProviders,
  );
  yield takeEvery(favouriteToggled.type, changeFavourite);
  // Leaving or switching the provider drops an answer still on its way.
  yield takeLatest([providerSelected.type, providerClosed.type, bookingPageOpened.type], loadServices);
  yield takeLatest(
    [serviceChosen.type, providerSelected.type, providerClosed.type, bookingPageOpened.type],
    loadSlots,
  );
}
