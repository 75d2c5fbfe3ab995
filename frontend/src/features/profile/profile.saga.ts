import type { SagaIterator } from 'redux-saga';
import { call, takeLatest } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import { languageChosen, type ProfileDetails } from '../../lib/events';
import type { Language } from '../../lib/i18n';
import { fetchProfile, saveProfile } from './profile.requests';

/**
 * The language chosen in Settings is saved on the account too: the account as it is now is read,
 * then saved with the new language, only when it differs. Two steps that wait on each other,
 * started by another feature's event; the profile screen's own reads and writes are profile.api.ts.
 */
function* saveLanguage(action: PayloadAction<Language>): SagaIterator {
  try {
    const profile: ProfileDetails = yield call(fetchProfile);
    if (profile.language === action.payload) return;
    const { name, email, phone, profileZone, notificationPreferences } = profile;
    yield call(saveProfile, {
      name,
      email,
      phone,
      profileZone,
      notificationPreferences,
      language: action.payload,
    });
  } catch (error) {
    // The screens have switched; the account keeps its language until the next choice.
    console.error('Failed to save the language on the account', error);
  }
}

export function* profileSaga(): SagaIterator {
  yield takeLatest(languageChosen.type, saveLanguage);
}
