import type { EventChannel, SagaIterator } from 'redux-saga';
import { call, put, select, take, takeEvery, takeLatest } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import { LIVE_EVENT_FOR_ROLE } from '@appointment/contracts/roles';
import { notificationReceived, type AppNotification } from '../../lib/events';
import {
  loggedOut,
  loginSucceeded,
  selectRole,
  selectSessionUser,
  sessionExpired,
  sessionRestored,
} from '../../lib/session.slice';
import { notificationsPanelOpened } from '../../lib/shell.slice';
import { liveNotificationChannel, type LiveNotification } from './live-notifications';
import { patchNotifications as patchList } from './notifications.api';

/** A live notification heads the list; delivery is at least once, so one already listed is not shown twice. */
function* listLive(action: PayloadAction<AppNotification>): SagaIterator {
  const live = action.payload;
  yield put(patchList((items) => (items.some((item) => item._id === live._id) ? items : [live, ...items])));
}

/** Signed out: the list is nobody's any more. */
function* forgetList(): SagaIterator {
  yield put(patchList(() => []));
}

/** Runs while someone is signed in; a later session change cancels it, which closes the socket. */
function* followLiveNotifications(): SagaIterator {
  const user: ReturnType<typeof selectSessionUser> = yield select(selectSessionUser);
  const role: ReturnType<typeof selectRole> = yield select(selectRole);
  const eventName = role ? LIVE_EVENT_FOR_ROLE[role] : undefined;
  if (!user || !eventName) return;
  const channel: EventChannel<LiveNotification> = yield call(liveNotificationChannel, user.id, eventName);
  try {
    while (true) {
      const live: LiveNotification = yield take(channel);
      yield put(notificationReceived({ ...live, createdAt: new Date().toISOString() }));
      yield put(notificationsPanelOpened());
    }
  } finally {
    channel.close();
  }
}

export function* notificationsSaga(): SagaIterator {
  yield takeEvery(notificationReceived.type, listLive);
  yield takeEvery([loggedOut.type, sessionExpired.type], forgetList);
  yield takeLatest(
    [sessionRestored.type, loginSucceeded.type, loggedOut.type, sessionExpired.type],
    followLiveNotifications,
  );
}
