import type { SagaIterator } from 'redux-saga';
import { call, put, takeLatest } from 'redux-saga/effects';
import { MESSAGES } from '@appointment/contracts/messages';
import { api, ApiError } from '../../app/api';
import { readStoredRoleValue } from '../../app/session';
import {
  countsFailed,
  countsLoaded,
  dashboardOpened,
  NO_APPOINTMENTS,
  type AppointmentCounts,
} from './dashboard.slice';

export const APPOINTMENT_STATS_PATH = '/api/appointments/appointmentstats';

const countOf = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

const countsOf = (
  body: Partial<Record<keyof AppointmentCounts, unknown>> | undefined,
): AppointmentCounts => ({
  scheduledAppointments: countOf(body?.scheduledAppointments),
  pendingAppointments: countOf(body?.pendingAppointments),
  completedAppointments: countOf(body?.completedAppointments),
  cancelledAppointments: countOf(body?.cancelledAppointments),
  totalAppointments: countOf(body?.totalAppointments),
});

/** SPEC §2.4, §7.3 POST /appointments/appointmentstats with the stored role; §8 Dashboard texts. */
function* loadCounts(): SagaIterator {
  // SPEC §2.4 reads the role stored locally at the moment the counts are asked for.
  const role: string | null = yield call(readStoredRoleValue);
  if (!role) {
    yield put(countsFailed(MESSAGES.roleMissing));
    return;
  }
  try {
    const body: Partial<AppointmentCounts> | undefined = yield call(
      api.post<Partial<AppointmentCounts>>,
      APPOINTMENT_STATS_PATH,
      {
        role,
      },
    );
    yield put(countsLoaded(countsOf(body)));
  } catch (error) {
    // The appointments API arrives with bookings; until then its 404 reads as no appointments.
    if (error instanceof ApiError && error.status === 404) {
      yield put(countsLoaded(NO_APPOINTMENTS));
      return;
    }
    console.error('Error fetching data', error);
    yield put(countsFailed(MESSAGES.dashboardLoadFailed));
  }
}

export function* dashboardSaga(): SagaIterator {
  yield takeLatest(dashboardOpened.type, loadCounts);
}
