import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeLeading } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { SeriesBookedResponse } from '@appointment/contracts/appointments';
import { DELAYS_MS } from '@appointment/contracts/constants';
import { MESSAGES } from '@appointment/contracts/messages';
import { apiErrorOf } from '../../lib/api';
import { navigateTo } from '../../lib/navigation';
import { toastShown } from '../../lib/toast.slice';
import { appointmentBooked, type PaidBookingResponse, type RescheduleTarget } from '../../lib/events';
import { bookingApi, isConflict } from './booking.api';
import {
  bookingFailed,
  bookingSucceeded,
  placeRefused,
  rescheduleSucceeded,
  selectReschedule,
} from './booking.slice';

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
 * Refused: say why (docs/product.md §8: "Failed to book appointment: {reason}" when the server said
 * why). A lost race (409) closes the dialog on the slot just taken and says so on the screen, whose
 * slots it already made read again (issue 32); any other refusal stays in the dialog.
 */
function* refused(action: { error: unknown; payload?: unknown }): SagaIterator {
  console.error('Failed to book appointment', action.payload ?? action.error);
  const reason = explanationOf(action.payload);
  const message = reason === null ? MESSAGES.bookingFailed : `${MESSAGES.bookingFailedBecause}${reason}`;
  yield put(isConflict(action.payload) ? placeRefused(message) : bookingFailed(message));
}

/**
 * A series not booked (issue 31): the dialog stays open and says why, whatever the refusal: its
 * list of occurrences is read again (a conflict invalidates the slots), so the person may book the
 * free ones only, or another series.
 */
function* seriesRefused(action: { error: unknown; payload?: unknown }): SagaIterator {
  console.error('Failed to book the series', action.payload ?? action.error);
  const reason = explanationOf(action.payload);
  yield put(
    bookingFailed(reason === null ? MESSAGES.bookingFailed : `${MESSAGES.bookingFailedBecause}${reason}`),
  );
}

/** After a reschedule: the appointment list it was opened from, where the card shows the new time. */
export const AFTER_RESCHEDULE = '/appointments/list';

/**
 * Moved (issue 29): close the dialog, say so in the server's words and show the list. The screen
 * of the move is replaced, so Back does not offer to move it again from where it was.
 */
function* rescheduled(action: PayloadAction<{ message: string }>): SagaIterator {
  const target: RescheduleTarget | null = yield select(selectReschedule);
  yield put(rescheduleSucceeded());
  yield put(toastShown(action.payload.message, DELAYS_MS.registrationToast));
  yield call(navigateTo, AFTER_RESCHEDULE, { replace: true, state: { title: target?.listTitle } });
}

/**
 * Not moved; the old booking stands. A conflict (the place was just taken, or the policy no longer
 * lets it move) closes the dialog and the screen says why, with the slots read again; any other
 * refusal stays in the dialog, as a booking's does. The server's message is shown as it is sent.
 */
function* rescheduleFailed(action: { error: unknown; payload?: unknown }): SagaIterator {
  console.error('Failed to reschedule appointment', action.payload ?? action.error);
  const { message } = apiErrorOf(action);
  yield put(isConflict(action.payload) ? placeRefused(message) : bookingFailed(message));
}

/** A series booked (issue 31): close the dialog, say so and show the appointments. */
function* seriesBooked(action: PayloadAction<SeriesBookedResponse>): SagaIterator {
  yield put(bookingSucceeded());
  yield put(toastShown(action.payload.message, DELAYS_MS.registrationToast));
  yield call(navigateTo, AFTER_BOOKING);
}

export function* bookingSaga(): SagaIterator {
  yield takeLeading(bookingApi.endpoints.bookSeries.matchFulfilled, seriesBooked);
  yield takeLeading(bookingApi.endpoints.bookSeries.matchRejected, seriesRefused);
  yield takeLeading(bookingApi.endpoints.book.matchFulfilled, booked);
  yield takeLeading(bookingApi.endpoints.book.matchRejected, refused);
  yield takeLeading(bookingApi.endpoints.rescheduleAppointment.matchFulfilled, rescheduled);
  yield takeLeading(bookingApi.endpoints.rescheduleAppointment.matchRejected, rescheduleFailed);
}
