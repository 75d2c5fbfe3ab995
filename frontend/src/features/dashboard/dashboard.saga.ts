import type { SagaIterator } from 'redux-saga';
import type { LoadStatus } from '../../lib/api';
import { all, call, put, select, takeLatest } from 'redux-saga/effects';
import type { DashboardDetails } from '@appointment/contracts/appointments';
import { MESSAGES } from '@appointment/contracts/messages';
import { api, ApiError } from '../../lib/api-client';
import { readStoredRoleValue } from '../../lib/session';
import { notificationReceived, statusChanged } from '../../lib/events';
import { fetchDashboardDetails, fetchProviderAddress } from './dashboard.api';
import {
  selectDashboardStatus,
  countsFailed,
  countsLoaded,
  dashboardOpened,
  detailsFailed,
  detailsLoaded,
  NO_APPOINTMENTS,
  providerAddressLoaded,
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

/** docs/product.md §2.4, §7.3 POST /appointments/appointmentstats with the stored role; §8 Dashboard texts. */
function* loadCounts(): SagaIterator {
  // docs/product.md §2.4 reads the role stored locally at the moment the counts are asked for.
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
    // A server without the appointments API answers 404: that reads as no appointments.
    if (error instanceof ApiError && error.status === 404) {
      yield put(countsLoaded(NO_APPOINTMENTS));
      return;
    }
    console.error('Error fetching data', error);
    yield put(countsFailed(MESSAGES.dashboardLoadFailed));
  }
}

/** The admin's provider address, for the location filter; without it the filter reads the appointments. */
function* loadProviderAddress(providerId: string): SagaIterator {
  try {
    const address: string | null = yield call(fetchProviderAddress, providerId);
    yield put(providerAddressLoaded(address));
  } catch (error) {
    console.error('Error fetching the provider address', error);
  }
}

/** docs/product.md §2.4, §3 Dashboard response: the appointments with provider or service details, by role. */
function* loadDetails(): SagaIterator {
  const role: string | null = yield call(readStoredRoleValue);
  if (!role) {
    yield put(detailsFailed(MESSAGES.roleMissing));
    return;
  }
  try {
    const details: DashboardDetails = yield call(fetchDashboardDetails, role);
    yield put(detailsLoaded(details));
    const providerId = details.appointmentsWithServiceDetails[0]?.providerId;
    if (providerId) yield call(loadProviderAddress, providerId);
  } catch (error) {
    console.error('Error fetching data', error);
    yield put(detailsFailed(MESSAGES.dashboardLoadFailed));
  }
}

function* loadDashboard(): SagaIterator {
  yield all([call(loadCounts), call(loadDetails)]);
}

/** After a Confirm or Reject the counts follow, without blanking the cards meanwhile. */
function* refreshCounts(): SagaIterator {
  yield call(loadCounts);
}

/** A live booking event: a dashboard that has been opened shows the new appointment at once. */
function* refreshAfterLiveEvent(): SagaIterator {
  const status: LoadStatus = yield select(selectDashboardStatus);
  if (status === 'idle') return;
  yield all([call(loadCounts), call(loadDetails)]);
}

export function* dashboardSaga(): SagaIterator {
  yield takeLatest(dashboardOpened.type, loadDashboard);
  yield takeLatest(statusChanged.type, refreshCounts);
  yield takeLatest(notificationReceived.type, refreshAfterLiveEvent);
}
