import type { SagaIterator } from 'redux-saga';
import { all, call, delay, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import type { PayloadAction, UnknownAction } from '@reduxjs/toolkit';
import type { Industry, Provider } from '@appointment/contracts/catalogue';
import { MESSAGES } from '@appointment/contracts/messages';
import type { FetchSlotResponse } from '@appointment/contracts/schedule';
import {
  fetchFavourites,
  fetchIndustries,
  fetchProviders,
  fetchProviderServices,
  fetchSlots,
  updateFavourite,
  type ProviderWithServices,
} from './booking.api';
import {
  bookingPageOpened,
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
  type BookingState,
  type FavouriteChange,
} from './booking.slice';

/** Typing in the search box fetches once the typing pauses. */
export const FILTER_FETCH_DELAY_MS = 300;

function* loadIndustries(): SagaIterator {
  try {
    const industries: Industry[] = yield call(fetchIndustries);
    yield put(industriesLoaded(industries));
    // SPEC §2.6: the first industry is selected by default.
    if (industries[0]) yield put(industrySelected(industries[0].name));
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

function* openPage(): SagaIterator {
  yield all([call(loadIndustries), call(loadFavourites)]);
}

/** SPEC §2.6, §5: the selected industry's providers, narrowed by location and search. */
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

export function* bookingSaga(): SagaIterator {
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
