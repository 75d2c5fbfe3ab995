import type { SagaIterator } from 'redux-saga';
import { call, put, takeLatest, takeLeading } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { Provider, ProviderFormFields } from '@appointment/contracts/catalogue';
import { DELAYS_MS } from '@appointment/contracts/constants';
import { MESSAGES } from '@appointment/contracts/messages';
import { ApiError } from '../../lib/api-client';
import { toastShown } from '../../lib/toast.slice';
import { addProvider, fetchAllProviders, fetchProviderDetails, type ProviderDetails } from './providers.api';
import {
  addProviderFailed,
  addProviderSubmitted,
  providerAdded,
  providerDetailLoaded,
  providerDetailLoadFailed,
  providerDetailOpened,
  providersLoaded,
  providersLoadFailed,
  providersPageOpened,
} from './providers.slice';

function* loadProviders(): SagaIterator {
  try {
    const providers: Provider[] = yield call(fetchAllProviders);
    yield put(providersLoaded(providers));
  } catch (error) {
    console.error('Failed to fetch providers', error);
    yield put(providersLoadFailed(MESSAGES.fetchProvidersFailed));
  }
}

const fieldErrorsOf = (error: ApiError): Record<string, string> => {
  const errors: Record<string, string> = {};
  for (const { field, message } of error.body.errors ?? []) {
    if (!(field in errors)) errors[field] = message;
  }
  return errors;
};

/**
 * docs/product.md §8 Add provider: a refused form (400) shows the server's message and its field messages;
 * a conflict (409, an e-mail already taken) is about the form's data too, so it is told the same
 * way. Anything else is "Something went wrong.".
 */
function* submitProvider(
  action: PayloadAction<ProviderFormFields, string, { arg: File | undefined }>,
): SagaIterator {
  try {
    const provider: Provider = yield call(addProvider, action.payload, action.meta.arg);
    yield put(providerAdded(provider));
    yield put(toastShown(MESSAGES.providerAdded, DELAYS_MS.registrationToast));
  } catch (error) {
    console.error('Failed to add the provider', error);
    if (error instanceof ApiError && (error.status === 400 || error.status === 409)) {
      yield put(
        addProviderFailed({
          message: error.body.message || MESSAGES.providerAddFailed,
          fieldErrors: fieldErrorsOf(error),
        }),
      );
    } else {
      yield put(addProviderFailed({ message: MESSAGES.somethingWentWrong, fieldErrors: {} }));
    }
  }
}

function* loadProviderDetail(action: PayloadAction<string>): SagaIterator {
  const id = action.payload;
  try {
    const details: ProviderDetails = yield call(fetchProviderDetails, id);
    yield put(providerDetailLoaded({ id, ...details }));
  } catch (error) {
    console.error('Failed to load the provider', error);
    yield put(providerDetailLoadFailed({ id, message: MESSAGES.providerLoadFailed }));
  }
}

export function* providersSaga(): SagaIterator {
  yield takeLatest(providersPageOpened.type, loadProviders);
  yield takeLeading(addProviderSubmitted.type, submitProvider);
  yield takeLatest(providerDetailOpened.type, loadProviderDetail);
}
