import type { SagaIterator } from 'redux-saga';
import { delay, put, takeLatest } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import { toastExpired, toastShown, type Toast } from './toast.slice';

function* expire(action: PayloadAction<Toast>): SagaIterator {
  yield delay(action.payload.durationMs);
  yield put(toastExpired(action.payload.id));
}

export function* toastSaga(): SagaIterator {
  yield takeLatest(toastShown.type, expire);
}
