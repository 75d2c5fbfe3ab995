import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import i18next from 'i18next';
import type { ChangePassword } from '@appointment/contracts/accounts';
import { MESSAGES } from '@appointment/contracts/messages';
import { ApiError } from '../../app/api';
import { updatePassword } from './settings.api';
import {
  languageChosen,
  notificationToggled,
  passwordChanged,
  passwordChangeFailed,
  passwordChangeSubmitted,
  selectNotificationSettings,
} from './settings.slice';
import { storeLanguage, type Language } from '../../app/i18n';
import { storeNotificationSettings, type NotificationSettings } from './settings.storage';

function* switchLanguage(action: PayloadAction<Language>): SagaIterator {
  yield call(storeLanguage, action.payload);
  try {
    yield call([i18next, i18next.changeLanguage], action.payload);
  } catch (error) {
    // The choice is stored either way; the texts follow on the next start.
    console.error('Failed to switch the language', error);
  }
}

function* persistNotifications(): SagaIterator {
  const settings: NotificationSettings = yield select(selectNotificationSettings);
  yield call(storeNotificationSettings, settings);
}

function* changePassword(action: PayloadAction<ChangePassword>): SagaIterator {
  try {
    yield call(updatePassword, action.payload);
    yield put(passwordChanged(MESSAGES.passwordChanged));
  } catch (error) {
    console.error('Failed to change the password', error);
    yield put(passwordChangeFailed(error instanceof ApiError ? error.message : MESSAGES.genericError));
  }
}

export function* settingsSaga(): SagaIterator {
  yield takeLatest(languageChosen.type, switchLanguage);
  yield takeEvery(notificationToggled.type, persistNotifications);
  yield takeLeading(passwordChangeSubmitted.type, changePassword);
}
