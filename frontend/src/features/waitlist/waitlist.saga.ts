import type { SagaIterator } from 'redux-saga';
import { call, put, takeEvery } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import { api } from '../../lib/api';
import { appointmentBooked, notificationReceived, type PaidBookingResponse } from '../../lib/events';
import { navigateTo } from '../../lib/navigation';
import { waitlistApi } from '../../lib/waitlist.api';

/** A paid claim's checkout opens over the appointments, as a paid booking's does (booking.saga.ts). */
export const AFTER_PAID_CLAIM = '/appointments';

/**
 * An offer claimed (issue 31) is a booking: it is announced as one, so a paid service goes on to
 * its checkout by the booking's own path (payments.saga.ts) and the appointments read again. A
 * free claim stays on the screen it was claimed from, which says where to find it.
 */
function* claimed(action: PayloadAction<PaidBookingResponse>): SagaIterator {
  if (action.payload.order) yield call(navigateTo, AFTER_PAID_CLAIM);
  yield put(appointmentBooked(action.payload));
}

/**
 * A live notification (an offer made to this user, or withdrawn) changes the waitlist: a Waitlist
 * screen open reads it again; with none open, nothing is read.
 */
function* readAgain(): SagaIterator {
  yield put(api.util.invalidateTags(['Waitlist']));
}

export function* waitlistSaga(): SagaIterator {
  yield takeEvery(waitlistApi.endpoints.claimOffer.matchFulfilled, claimed);
  yield takeEvery(notificationReceived.type, readAgain);
}
