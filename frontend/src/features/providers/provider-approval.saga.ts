import type { SagaIterator } from 'redux-saga';
import { call, put, takeEvery, takeLatest } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { PendingProviderUser } from '@appointment/contracts/accounts';
import { MESSAGES } from '@appointment/contracts/messages';
import { ApiError } from '../../lib/api-client';
import { approveProvider, fetchPendingProviders, rejectProvider } from './provider-approval.api';
import {
  acceptClicked,
  approvalTableOpened,
  decisionFailed,
  pendingProvidersLoaded,
  pendingProvidersLoadFailed,
  providerAccepted,
  providerRejected,
  rejectClicked,
} from './provider-approval.slice';

function* loadPendingProviders(): SagaIterator {
  try {
    const providers: PendingProviderUser[] = yield call(fetchPendingProviders);
    yield put(pendingProvidersLoaded(providers));
  } catch (error) {
    console.error('Error fetching providers', error);
    yield put(pendingProvidersLoadFailed(MESSAGES.providersLoadFailed));
  }
}

function* accept(action: PayloadAction<string>): SagaIterator {
  const id = action.payload;
  try {
    const message: string | undefined = yield call(approveProvider, id);
    yield put(providerAccepted({ id, message: message ?? MESSAGES.providerApproved }));
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
  } catch (error) {
    // The spec names no text for a failed rejection; the server's reason is the most useful one.
    console.error('Failed to reject the provider', error);
    yield put(
      decisionFailed({ id, message: error instanceof ApiError ? error.message : MESSAGES.genericError }),
    );
  }
}

export function* providerApprovalSaga(): SagaIterator {
  yield takeLatest(approvalTableOpened.type, loadPendingProviders);
  yield takeEvery(acceptClicked.type, accept);
  yield takeEvery(rejectClicked.type, reject);
}
