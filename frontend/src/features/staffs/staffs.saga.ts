import type { SagaIterator } from 'redux-saga';
import { call, put, takeLatest } from 'redux-saga/effects';
import type { StaffUser } from '@appointment/contracts/accounts';
import { MESSAGES } from '@appointment/contracts/messages';
import { fetchStaff } from './staffs.api';
import { staffsLoaded, staffsLoadFailed, staffsPageOpened } from './staffs.slice';

function* loadStaffs(): SagaIterator {
  try {
    const users: StaffUser[] = yield call(fetchStaff);
    yield put(staffsLoaded(users));
  } catch (error) {
    console.error('Failed to fetch the staff list', error);
    yield put(staffsLoadFailed(MESSAGES.staffsLoadFailed));
  }
}

export function* staffsSaga(): SagaIterator {
  yield takeLatest(staffsPageOpened.type, loadStaffs);
}
