import type { SagaIterator } from 'redux-saga';
import { api } from '../../lib/api';
import { call, put, takeEvery } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import { MESSAGES } from '@appointment/contracts/messages';
import { ApiError } from '../../lib/api-client';
import { approveProvider, rejectProvider } from './provider-approval.api';
import { providerApprovalQueries } from './provider-approval.queries';
import {
  acceptClicked,
  decisionFailed,
  providerAccepted,
  providerRejected,
  rejectClicked,
} from './provider-approval.slice';

/** A decided registration leaves the table at once; every provider read reads again. */
function* decided(id: string): SagaIterator {
  yield put(
    providerApprovalQueries.util.updateQueryData('pendingProviders', undefined, (providers) =>
      providers.filter((provider) => provider._id !== id),
    ),
  );
  // An approved provider is listed and bookable.
  yield put(api.util.invalidateTags(['Provider']));
}

function* accept(action: PayloadAction<string>): SagaIterator {
  const id = action.payload;
  try {
    const message: string | undefined = yield call(approveProvider, id);
    yield put(providerAccepted({ id, message: message ?? MESSAGES.providerApproved }));
    yield call(decided, id);
  } catch (error) {
    console.error('Failed to accept the provider', error);
    yield put(decisionFailed({ id, message: MESSAGES.acceptProviderFailed }));
  }
}

function* reject(action: PayloadAction<string>): SagaIterator {
  const id = action.payload;
  try {
    const message: string | undefined = yield call(rejectProvider, id);
    yield put(providerRejected({ id, message: message ?? MESSAGES.userDeleted }));
    yield call(decided, id);
  } catch (error) {
    // The spec names no text for a failed rejection; the server's reason is the most useful one.
    console.error('Failed to reject the provider', error);
    yield put(
      decisionFailed({ id, message: error instanceof ApiError ? error.message : MESSAGES.genericError }),
    );
  }
}

export function* providerApprovalSaga(): SagaIterator {
  yield takeEvery(acceptClicked.type, accept);
  yield takeEvery(rejectClicked.type, reject);
}
