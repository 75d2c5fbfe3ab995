import type { SagaIterator } from 'redux-saga';
import { put, select, takeEvery } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { Appointment } from '@appointment/contracts/appointments';
import { api } from '../../lib/api';
import { notificationReceived, statusChanged } from '../../lib/events';
import { DASHBOARD_COUNTS, DASHBOARD_DETAILS, dashboardApi } from './dashboard.api';

type RootApiState = Parameters<typeof dashboardApi.util.selectInvalidatedBy>[0];

/**
 * docs/product.md §4: after a Confirm or Reject the item changes in place in the dashboard's
 * details; the counts read again, as every status change makes them (appointments.saga.ts).
 */
function* patchDetails(action: PayloadAction<Appointment>): SagaIterator {
  const changed = action.payload;
  const state: RootApiState = yield select();
  for (const { endpointName, originalArgs } of dashboardApi.util.selectInvalidatedBy(state, [
    DASHBOARD_DETAILS,
  ])) {
    if (endpointName !== 'dashboardDetails') continue;
    yield put(
      dashboardApi.util.updateQueryData('dashboardDetails', originalArgs as string, (details) => ({
        appointmentsWithServiceDetails: details.appointmentsWithServiceDetails.map((item) =>
          item._id === changed._id ? { ...item, ...changed } : item,
        ),
        appointmentsWithProviderDetails: details.appointmentsWithProviderDetails.map((item) =>
          item._id === changed._id ? { ...item, ...changed } : item,
        ),
      })),
    );
  }
}

/** A live booking event: an open dashboard shows the new appointment at once (a closed one has no reads). */
function* readAgainAfterLiveEvent(): SagaIterator {
  yield put(api.util.invalidateTags([DASHBOARD_COUNTS, DASHBOARD_DETAILS]));
}

/** The dashboard's reads follow the other features' events; the reads themselves are RTK Query's. */
export function* dashboardSaga(): SagaIterator {
  yield takeEvery(statusChanged.type, patchDetails);
  yield takeEvery(notificationReceived.type, readAgainAfterLiveEvent);
}
