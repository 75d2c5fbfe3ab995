import type { SagaIterator } from 'redux-saga';
import { put, takeLeading } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { Provider } from '@appointment/contracts/catalogue';
import { DELAYS_MS } from '@appointment/contracts/constants';
import type { ErrorBody } from '@appointment/contracts/errors';
import { MESSAGES } from '@appointment/contracts/messages';
import { toastShown } from '../../lib/toast.slice';
import { allProvidersQueries } from '../../lib/all-providers.queries';
import { providersQueries } from './providers.queries';
import { addProviderFailed, providerAdded } from './providers.slice';

const fieldErrorsOf = (body: ErrorBody): Record<string, string> => {
  const errors: Record<string, string> = {};
  for (const { field, message } of body.errors ?? []) {
    if (!(field in errors)) errors[field] = message;
  }
  return errors;
};

/** Added: the form closes, the provider heads the list at once, "Provider added" shows. */
function* added(action: PayloadAction<Provider>): SagaIterator {
  const provider = action.payload;
  yield put(providerAdded(provider));
  yield put(
    allProvidersQueries.util.updateQueryData('allProviders', undefined, (providers) => [
      provider,
      ...providers.filter((item) => item.id !== provider.id),
    ]),
  );
  yield put(toastShown(MESSAGES.providerAdded, DELAYS_MS.registrationToast));
}

/**
 * docs/product.md §8 Add provider: a refused form (400) shows the server's message and its field messages;
 * a conflict (409, an e-mail already taken) is about the form's data too, so it is told the same
 * way. Anything else is "Something went wrong.".
 */
function* refused(action: { payload?: unknown; error: unknown }): SagaIterator {
  console.error('Failed to add the provider', action.payload ?? action.error);
  const { status, data } = (action.payload ?? {}) as { status?: unknown; data?: Partial<ErrorBody> };
  if ((status === 400 || status === 409) && data && typeof data === 'object') {
    const body = { message: typeof data.message === 'string' ? data.message : '', errors: data.errors };
    yield put(
      addProviderFailed({
        message: body.message || MESSAGES.providerAddFailed,
        fieldErrors: fieldErrorsOf(body),
      }),
    );
  } else {
    yield put(addProviderFailed({ message: MESSAGES.somethingWentWrong, fieldErrors: {} }));
  }
}

export function* providersSaga(): SagaIterator {
  yield takeLeading(providersQueries.endpoints.addProvider.matchFulfilled, added);
  yield takeLeading(providersQueries.endpoints.addProvider.matchRejected, refused);
}
