import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import i18next from 'i18next';
import { fetchSavedLanguage, fetchSavedNotifications } from './settings.requests';
import {
  languageChosen,
  notificationPreferencesChosen,
  profileUpdateConfirmed,
  type ProfileDetails,
} from '../../lib/events';
import { loginSucceeded } from '../../lib/session.slice';
import {
  accountNotificationsRead,
  languageSynced,
  selectAccountNotifications,
  selectLanguage,
  selectLocalNotificationSettings,
  notificationToggled,
  settingsPageOpened,
  type AccountNotifications,
  type NotificationKey,
} from './settings.slice';
import { storeLanguage, type Language } from '../../lib/i18n';
import { storeNotificationSettings, type LocalNotificationSettings } from './settings.storage';

function* applyLanguage(language: Language): SagaIterator {
  yield call(storeLanguage, language);
  try {
    yield call([i18next, i18next.changeLanguage], language);
  } catch (error) {
    // The choice is stored either way; the texts follow on the next start.
    console.error('Failed to switch the language', error);
  }
}

/**
 * One language setting. Chosen in Settings, it is also saved on the account (the profile
 * feature does that on the same event), where the profile shows it; changed on the
 * profile, Settings and the screens follow.
 */
function* switchLanguage(action: PayloadAction<Language>): SagaIterator {
  yield call(applyLanguage, action.payload);
}

function* followSaved(language: Language): SagaIterator {
  const current: Language = yield select(selectLanguage);
  if (language === current) return;
  yield put(languageSynced(language));
  yield call(applyLanguage, language);
}

function* followProfile(action: PayloadAction<ProfileDetails>): SagaIterator {
  yield call(followSaved, action.payload.language);
}

/**
 * The language saved on the account follows the person to another browser: signing in
 * applies it. A later choice in this browser is its own until the next sign-in.
 */
function* followAccountAtSignIn(): SagaIterator {
  try {
    const language: Language = yield call(fetchSavedLanguage);
    yield call(followSaved, language);
  } catch (error) {
    // The browser's own language stays; the account's is applied at the next sign-in.
    console.error('Failed to read the saved language', error);
  }
}

/** Each opening of Settings shows the account's e-mail and SMS choices as saved (issue 32). */
function* readAccountNotifications(): SagaIterator {
  try {
    const saved: AccountNotifications = yield call(fetchSavedNotifications);
    yield put(accountNotificationsRead(saved));
  } catch (error) {
    // Their switches stay unavailable until the next opening reads them.
    console.error('Failed to read the notification choices', error);
  }
}

/**
 * One setting (issue 32): e-mail and SMS are saved on the account (the profile feature does that on
 * the event), where the profile shows them; reminders are kept in this browser.
 */
function* persistNotifications(action: PayloadAction<{ key: NotificationKey }>): SagaIterator {
  if (action.payload.key === 'reminders') {
    const settings: LocalNotificationSettings = yield select(selectLocalNotificationSettings);
    yield call(storeNotificationSettings, settings);
    return;
  }
  const account: AccountNotifications | null = yield select(selectAccountNotifications);
  if (account) yield put(notificationPreferencesChosen(account));
}

export function* settingsSaga(): SagaIterator {
  yield takeLatest(languageChosen.type, switchLanguage);
  yield takeLatest(profileUpdateConfirmed.type, followProfile);
  yield takeLatest(loginSucceeded.type, followAccountAtSignIn);
  yield takeLatest(settingsPageOpened.type, readAccountNotifications);
  yield takeEvery(notificationToggled.type, persistNotifications);
}
