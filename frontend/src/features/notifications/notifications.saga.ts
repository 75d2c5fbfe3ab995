import type { EventChannel, SagaIterator } from 'redux-saga';
import { call, put, select, take, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import { LIVE_EVENT_FOR_ROLE } from '@appointment/contracts/roles';
import { api } from '../../lib/api-client';
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
import { clearAllRequested, notificationDeleteRequested } from './notifications.actions';
import { NOTIFICATION_PATHS, notificationsQueries } from './notifications.queries';

/** Changes the bell's list in place, when it is being read. */
const patchList = (recipe: (items: AppNotification[]) => AppNotification[]) =>
  notificationsQueries.util.updateQueryData('notifications', undefined, (items) => recipe(items ?? []));

const deleteNotification = (_id: string) =>
  api.post<{ message?: string }>(NOTIFICATION_PATHS.delete, { _id });

const deleteAllNotifications = () => api.post<{ message?: string }>(NOTIFICATION_PATHS.deleteAll);

function* deleteOne(action: PayloadAction<string | undefined>): SagaIterator {
  const _id = action.payload;
  if (!_id) {
    console.error('Notification ID missing');
    return;
  }
  try {
    const response: { message?: string } | undefined = yield call(deleteNotification, _id);
    // docs/product.md §4: removed only once the server answered with a message.
    if (response?.message) yield put(patchList((items) => items.filter((item) => item._id !== _id)));
  } catch (error) {
    console.error('Error deleting notification', error);
  }
}

function* deleteAll(): SagaIterator {
  try {
    const response: { message?: string } | undefined = yield call(deleteAllNotifications);
    if (response?.message) yield put(patchList(() => []));
  } catch (error) {
    console.error('Error deleting all notifications', error);
  }
}

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
  yield takeEvery(notificationDeleteRequested.type, deleteOne);
  yield takeLeading(clearAllRequested.type, deleteAll);
  yield takeLatest(
    [sessionRestored.type, loginSucceeded.type, loggedOut.type, sessionExpired.type],
    followLiveNotifications,
  );
}
