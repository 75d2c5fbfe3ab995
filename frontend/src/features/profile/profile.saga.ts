import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import { MESSAGES } from '@appointment/contracts/messages';
import { ApiError } from '../../lib/api-client';
import { languageChosen, profileUpdateConfirmed, type ProfileDetails } from '../../lib/events';
import type { Language } from '../../lib/i18n';
import { fetchProfile, saveProfile, type ProfileChanges } from './profile.requests';
import { profileApi } from './profile.api';
import {
  avatarUploaded,
  avatarUploadFailed,
  profileLoaded,
  profileLoadFailed,
  profilePageOpened,
  profileUpdateApplied,
  profileUpdateRolledBack,
  profileUpdateSubmitted,
  selectProfile,
  sessionProfileChanged,
  type ProfileFields,
} from './profile.slice';

const fieldsOf = (profile: ProfileDetails): ProfileFields => ({
  name: profile.name,
  email: profile.email,
  phone: profile.phone,
  profileZone: profile.profileZone,
  language: profile.language,
  notificationPreferences: profile.notificationPreferences,
});

function* loadProfile(): SagaIterator {
  try {
    const profile: ProfileDetails = yield call(fetchProfile);
    yield put(profileLoaded(profile));
  } catch (error) {
    console.error('Failed to load the profile', error);
    yield put(profileLoadFailed(MESSAGES.profileLoadFailed));
  }
}

function* updateProfile(action: PayloadAction<ProfileChanges>): SagaIterator {
  const previous: ProfileDetails | null = yield select(selectProfile);
  if (!previous) {
    // Nothing loaded means nothing to apply the change to; the form is not shown then.
    yield put(profileUpdateRolledBack({ previous: null, message: MESSAGES.profileUpdateFailed }));
    return;
  }
  yield put(profileUpdateApplied(action.payload));
  try {
    const saved: ProfileDetails = yield call(saveProfile, action.payload);
    yield put(profileUpdateConfirmed(saved));
    yield put(sessionProfileChanged({ name: saved.name, imageurl: saved.imageurl }));
  } catch (error) {
    console.error('Failed to update the profile', error);
    // A refusal the person can act on (a wrong current password, an address taken) says why.
    const message =
      error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401
        ? error.body.message
        : MESSAGES.profileUpdateFailed;
    yield put(profileUpdateRolledBack({ previous: fieldsOf(previous), message }));
  }
}

/** The picture is in: the card and the shell's profile menu show it. */
function* avatarSent(action: PayloadAction<string>): SagaIterator {
  const profilePic = action.payload;
  yield put(avatarUploaded(profilePic));
  const profile: ProfileDetails | null = yield select(selectProfile);
  if (profile) yield put(sessionProfileChanged({ name: profile.name, imageurl: profilePic }));
}

function* avatarFailed(action: { payload?: unknown; error: unknown }): SagaIterator {
  console.error('Failed to upload the profile picture', action.payload ?? action.error);
  yield put(avatarUploadFailed(MESSAGES.avatarUpdateFailed));
}

/** The language chosen in Settings is saved on the account too. */
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
  yield takeLatest(profilePageOpened.type, loadProfile);
  yield takeLeading(profileUpdateSubmitted.type, updateProfile);
  yield takeLeading(profileApi.endpoints.uploadAvatar.matchFulfilled, avatarSent);
  yield takeLeading(profileApi.endpoints.uploadAvatar.matchRejected, avatarFailed);
}
