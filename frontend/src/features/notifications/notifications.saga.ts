import type { EventChannel, SagaIterator } from 'redux-saga';
import { call, put, select, take, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import { LIVE_EVENT_FOR_ROLE } from '@appointment/contracts/roles';
import { ApiError } from '../../lib/api-client';
import { notificationReceived } from '../../lib/events';
import {
  loggedOut,
  loginSucceeded,
  selectRole,
  selectSessionUser,
  sessionExpired,
  sessionRestored,
} from '../../lib/session.slice';
import { notificationsPanelOpened, shellEntered } from '../../lib/shell.slice';
import { deleteAllNotifications, deleteNotification, fetchNotifications } from './notifications.api';
import { liveNotificationChannel, type LiveNotification } from './live-notifications';
import {
  allCleared,
  clearAllRequested,
  notificationDeleted,
  notificationDeleteRequested,
  notificationsLoaded,
  type AppNotification,
} from './notifications.slice';

/** docs/product.md §4 "The list loads at start"; failures are console-only (docs/product.md §8). */
function* loadNotifications(): SagaIterator {
  try {
    const items: AppNotification[] | undefined = yield call(fetchNotifications);
    if (!items) {
      console.error('Invalid notification response');
      yield put(notificationsLoaded([]));
      return;
    }
    yield put(notificationsLoaded(items));
  } catch (error) {
    // Until the appointments API exists the list answers 404: an empty list, quietly.
    if (error instanceof ApiError && error.status === 404) console.info('No notifications endpoint yet');
    else console.error('Error fetching notifications', error);
    yield put(notificationsLoaded([]));
  }
}

function* deleteOne(action: PayloadAction<string | undefined>): SagaIterator {
  const _id = action.payload;
  if (!_id) {
    console.error('Notification ID missing');
    return;
  }
  try {
    const response: { message?: string } | undefined = yield call(deleteNotification, _id);
    if (response?.message) yield put(notificationDeleted(_id));
  } catch (error) {
    console.error('Error deleting notification', error);
  }
}

function* deleteAll(): SagaIterator {
  try {
    const response: { message?: string } | undefined = yield call(deleteAllNotifications);
    if (response?.message) yield put(allCleared());
  } catch (error) {
    console.error('Error deleting all notifications', error);
  }
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
  yield takeLatest(shellEntered.type, loadNotifications);
  yield takeEvery(notificationDeleteRequested.type, deleteOne);
  yield takeLeading(clearAllRequested.type, deleteAll);
  yield takeLatest(
    [sessionRestored.type, loginSucceeded.type, loggedOut.type, sessionExpired.type],
    followLiveNotifications,
  );
}
