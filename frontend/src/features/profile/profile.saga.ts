import type { SagaIterator } from 'redux-saga';
import { call, put, takeLatest } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import {
  languageChosen,
  notificationPreferencesChosen,
  profileUpdateConfirmed,
  type ProfileDetails,
} from '../../lib/events';
import type { Language } from '../../lib/i18n';
import { fetchProfile, saveProfile, type ProfileChanges } from './profile.requests';
import { profileApi } from './profile.api';

/**
 * A choice made in Settings is saved on the account too: the account as it is now is read, then
 * saved with the change, only when it differs. Two steps that wait on each other, started by another
 * feature's event; the profile screen's own reads and writes are profile.api.ts. The saved profile is
 * what the profile screen shows next, and Settings follows it.
 */
function* saveOnAccount(
  change: (profile: ProfileDetails) => ProfileChanges | null,
  failure: string,
): SagaIterator {
  try {
    const profile: ProfileDetails = yield call(fetchProfile);
    const changed = change(profile);
    if (!changed) return;
    const saved: ProfileDetails = yield call(saveProfile, changed);
    yield put(profileApi.util.upsertQueryData('profile', undefined, saved));
    yield put(profileUpdateConfirmed(saved));
  } catch (error) {
    // The account keeps its choice until the next one.
    console.error(failure, error);
  }
}

/** What the account is saved with: all of it as it is (its zone as the profile zone) but the change. */
const changesOf = ({
  name,
  email,
  phone,
  profileZone,
  language,
  notificationPreferences,
}: ProfileDetails) => ({
  name,
  email,
  phone,
  profileZone,
  language,
  notificationPreferences,
});

/** The screens have switched language; the account follows. */
function* saveLanguage(action: PayloadAction<Language>): SagaIterator {
  yield call(
    saveOnAccount,
    (profile) =>
      profile.language === action.payload ? null : { ...changesOf(profile), language: action.payload },
    'Failed to save the language on the account',
  );
}

/** Issue 32: e-mail and SMS switched in Settings are the account's, which the profile shows. */
function* saveNotifications(action: ReturnType<typeof notificationPreferencesChosen>): SagaIterator {
  const { email, sms } = action.payload;
  yield call(
    saveOnAccount,
    (profile) =>
      profile.notificationPreferences.email === email && profile.notificationPreferences.sms === sms
        ? null
        : {
            ...changesOf(profile),
            notificationPreferences: { ...profile.notificationPreferences, email, sms },
          },
    'Failed to save the notification choices on the account',
  );
}

export function* profileSaga(): SagaIterator {
  yield takeLatest(languageChosen.type, saveLanguage);
  yield takeLatest(notificationPreferencesChosen.type, saveNotifications);
}
