import type { SagaIterator } from 'redux-saga';
import { call, put, takeLeading } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import { MESSAGES } from '@appointment/contracts/messages';
import { navigateTo } from '../../lib/navigation';
import { appointmentBooked, type PaidBookingResponse } from '../../lib/events';
import { bookingApi } from './booking.api';
import { bookingFailed, bookingSucceeded } from './booking.slice';

/** After a booking: the appointments screen (docs/product.md §2.6, §4 booking flow step 6). */
export const AFTER_BOOKING = '/appointments';

/** Statuses whose message tells the user what went wrong with this slot (409, 422, 400). */
const EXPLAINED_STATUSES = new Set([400, 409, 422]);

/** The server's reason, when it gave one with a status that explains the refusal. */
const explanationOf = (error: unknown): string | null => {
  if (typeof error !== 'object' || error === null || !('status' in error) || !('data' in error)) return null;
  const { status, data } = error as { status: unknown; data: unknown };
  if (typeof status !== 'number' || !EXPLAINED_STATUSES.has(status)) return null;
  return typeof data === 'object' && data !== null && 'message' in data && typeof data.message === 'string'
    ? data.message
    : null;
};

/** docs/product.md §2.6 Submit, booked: close the dialog, go to /appointments, then announce it (a paid one goes on to its checkout). */
function* booked(action: PayloadAction<PaidBookingResponse>): SagaIterator {
  yield put(bookingSucceeded());
  yield call(navigateTo, AFTER_BOOKING);
  yield put(appointmentBooked(action.payload));
}

/**
 * Refused: stay in the dialog and say why (docs/product.md §8: "Failed to book appointment:
 * {reason}" when the server said why). A lost race (409) already made the slots read again.
 */
function* refused(action: { error: unknown; payload?: unknown }): SagaIterator {
  console.error('Failed to book appointment', action.payload ?? action.error);
  const reason = explanationOf(action.payload);
  yield put(
    bookingFailed(reason === null ? MESSAGES.bookingFailed : `${MESSAGES.bookingFailedBecause}${reason}`),
  );
}

export function* bookingSaga(): SagaIterator {
  yield takeLeading(bookingApi.endpoints.book.matchFulfilled, booked);
  yield takeLeading(bookingApi.endpoints.book.matchRejected, refused);
}
