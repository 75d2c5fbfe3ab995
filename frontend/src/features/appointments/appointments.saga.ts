import type { SagaIterator } from 'redux-saga';
import { call, put, takeEvery, takeLatest } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import {
  appointmentMarkedAs,
  type Appointment,
  type AppointmentCounts,
} from '@appointment/contracts/appointments';
import { MESSAGES } from '@appointment/contracts/messages';
import { navigateTo } from '../../lib/navigation';
import { readStoredRoleValue } from '../../lib/session';
import { toastShown } from '../../lib/toast.slice';
import { fetchAppointments, fetchCounts, updateAppointmentStatus } from './appointments.api';
import {
  appointmentListOpened,
  appointmentsLoaded,
  appointmentsLoadFailed,
  appointmentsPageOpened,
  countsLoaded,
  countsLoadFailed,
} from './appointments.slice';
import {
  paymentConfirmed,
  statusChanged,
  statusChangeFailed,
  statusChangeRequested,
  type StatusChange,
} from '../../lib/events';
import type { ListStatus } from './appointments.texts';

export const TOAST_MS = 3000;

/** SPEC §2.5 /appointments: the counts for the role stored locally. */
function* loadCounts(): SagaIterator {
  const role: string | null = yield call(readStoredRoleValue);
  if (!role) {
    yield put(countsLoadFailed(MESSAGES.roleMissing));
    return;
  }
  try {
    const counts: AppointmentCounts = yield call(fetchCounts, role);
    yield put(countsLoaded(counts));
  } catch (error) {
    console.error('Error fetching appointment counts', error);
    yield put(countsLoadFailed(MESSAGES.appointmentsLoadFailed));
  }
}

/** SPEC §2.5 /appointments/list: the appointments of one status (or all). */
function* loadList(action: PayloadAction<ListStatus>): SagaIterator {
  const role: string | null = yield call(readStoredRoleValue);
  if (!role) {
    yield put(appointmentsLoadFailed(MESSAGES.roleMissing));
    return;
  }
  try {
    const appointments: Appointment[] = yield call(fetchAppointments, action.payload, role);
    yield put(appointmentsLoaded(appointments));
  } catch (error) {
    console.error('Error fetching appointments', error);
    yield put(appointmentsLoadFailed(MESSAGES.appointmentsLoadFailed));
  }
}

/**
 * SPEC §4, §8: the change is made, the item changes in place and "Appointment marked as {status}"
 * appears; a failure shows "Failed to update appointment status." and the toast "Failed to
 * update appointment.".
 */
function* changeStatus(action: PayloadAction<StatusChange>): SagaIterator {
  const { id, status, navigateTo: destination } = action.payload;
  try {
    const appointment: Appointment = yield call(updateAppointmentStatus, id, status);
    yield put(statusChanged(appointment));
    yield put(toastShown(appointmentMarkedAs(appointment.status ?? status), TOAST_MS));
    if (destination) yield call(navigateTo, destination);
  } catch (error) {
    console.error('Error updating appointment status', error);
    yield put(statusChangeFailed({ id, message: MESSAGES.statusUpdateFailed }));
    yield put(toastShown(MESSAGES.statusUpdateToast, TOAST_MS));
  }
}

export function* appointmentsSaga(): SagaIterator {
  yield takeLatest([appointmentsPageOpened.type, paymentConfirmed.type], loadCounts);
  yield takeLatest(appointmentListOpened.type, loadList);
  yield takeEvery(statusChangeRequested.type, changeStatus);
}
