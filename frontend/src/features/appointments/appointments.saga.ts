import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeEvery } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import { appointmentMarkedAs, type Appointment } from '@appointment/contracts/appointments';
import { MESSAGES } from '@appointment/contracts/messages';
import { api } from '../../lib/api';
import {
  appointmentBooked,
  paymentConfirmed,
  statusChanged,
  statusChangeFailed,
  statusChangeRequested,
  type StatusChange,
} from '../../lib/events';
import { navigateTo } from '../../lib/navigation';
import { toastShown } from '../../lib/toast.slice';
import { updateAppointmentStatus } from './appointments.requests';
import { appointmentsApi, type ListArgs } from './appointments.api';

type RootApiState = Parameters<typeof appointmentsApi.util.selectInvalidatedBy>[0];

export const TOAST_MS = 3000;

/**
 * docs/product.md §4, §8: the change is made, the item changes in place and "Appointment marked as {status}"
 * appears; a failure shows "Failed to update appointment status." and the toast "Failed to
 * update appointment.".
 */
function* changeStatus(action: PayloadAction<StatusChange>): SagaIterator {
  const { id, status, navigateTo: destination } = action.payload;
  try {
    const appointment: Appointment = yield call(updateAppointmentStatus, id, status);
    yield put(statusChanged(appointment));
    // docs/product.md §4: the item changes in place in every list read so far; the counts read again.
    yield call(patchLists, appointment);
    // A cancelled or completed appointment frees its slot: the booking screen's slots read again.
    yield put(api.util.invalidateTags(['AppointmentCounts', 'Slot']));
    yield put(toastShown(appointmentMarkedAs(appointment.status ?? status), TOAST_MS));
    if (destination) yield call(navigateTo, destination);
  } catch (error) {
    console.error('Error updating appointment status', error);
    yield put(statusChangeFailed({ id, message: MESSAGES.statusUpdateFailed }));
    yield put(toastShown(MESSAGES.statusUpdateToast, TOAST_MS));
  }
}

function* patchLists(changed: Appointment): SagaIterator {
  const state: RootApiState = yield select();
  for (const { endpointName, originalArgs } of appointmentsApi.util.selectInvalidatedBy(state, [
    'AppointmentList',
  ])) {
    // Other lists of appointments (the dashboard's) follow statusChanged on their own.
    if (endpointName !== 'appointmentList') continue;
    yield put(
      appointmentsApi.util.updateQueryData('appointmentList', originalArgs as ListArgs, (items) =>
        items.map((item) => (item._id === changed._id ? changed : item)),
      ),
    );
  }
}

/** A booking or a verified payment changes the counts and the lists: they read again. */
function* readAgain(): SagaIterator {
  yield put(api.util.invalidateTags(['AppointmentCounts', 'AppointmentList']));
}

export function* appointmentsSaga(): SagaIterator {
  yield takeEvery([appointmentBooked.type, paymentConfirmed.type], readAgain);
  yield takeEvery(statusChangeRequested.type, changeStatus);
}
