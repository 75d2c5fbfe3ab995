import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { Profile, ProfileUpdate } from '@appointment/contracts/accounts';
import { MESSAGES } from '@appointment/contracts/messages';
import { languageChosen, profileUpdateConfirmed } from '../../lib/events';
import type { Language } from '../../lib/i18n';
import { fetchProfile, saveProfile, uploadProfilePic } from './profile.api';
import {
  avatarChosen,
  avatarRejected,
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
  type AvatarFileInfo,
  type ProfileFields,
} from './profile.slice';

/** The largest picture the server takes (MESSAGES.imageTooLarge); refused before uploading. */
const MAX_AVATAR_BYTES = 5 * 1024 * 1024;

const fieldsOf = (profile: Profile): ProfileFields => ({
  name: profile.name,
  email: profile.email,
  phone: profile.phone,
  timezone: profile.timezone,
  language: profile.language,
  notificationPreferences: profile.notificationPreferences,
});

function* loadProfile(): SagaIterator {
  try {
    const profile: Profile = yield call(fetchProfile);
    yield put(profileLoaded(profile));
  } catch (error) {
    console.error('Failed to load the profile', error);
    yield put(profileLoadFailed(MESSAGES.profileLoadFailed));
  }
}

function* updateProfile(action: PayloadAction<ProfileUpdate>): SagaIterator {
  const previous: Profile | null = yield select(selectProfile);
  if (!previous) {
    // Nothing loaded means nothing to apply the change to; the form is not shown then.
    yield put(profileUpdateRolledBack({ previous: null, message: MESSAGES.profileUpdateFailed }));
    return;
  }
  yield put(profileUpdateApplied(action.payload));
  try {
    const saved: Profile = yield call(saveProfile, action.payload);
    yield put(profileUpdateConfirmed(saved));
    yield put(sessionProfileChanged({ name: saved.name, imageurl: saved.imageurl }));
  } catch (error) {
    console.error('Failed to update the profile', error);
    yield put(
      profileUpdateRolledBack({ previous: fieldsOf(previous), message: MESSAGES.profileUpdateFailed }),
    );
  }
}

function* uploadAvatar(action: PayloadAction<AvatarFileInfo, string, { arg: File }>): SagaIterator {
  const file = action.meta.arg;
  if (!file.type.startsWith('image/')) {
    yield put(avatarRejected(MESSAGES.invalidImage));
    return;
  }
  if (file.size > MAX_AVATAR_BYTES) {
    yield put(avatarRejected(MESSAGES.imageTooLarge));
    return;
  }
  try {
    const profilePic: string = yield call(uploadProfilePic, file);
    yield put(avatarUploaded(profilePic));
    const profile: Profile | null = yield select(selectProfile);
    if (profile) yield put(sessionProfileChanged({ name: profile.name, imageurl: profilePic }));
  } catch (error) {
    console.error('Failed to upload the profile picture', error);
    yield put(avatarUploadFailed(MESSAGES.avatarUpdateFailed));
  }
}

/** Issue 18: the language chosen in Settings is saved on the account too. */
function* saveLanguage(action: PayloadAction<Language>): SagaIterator {
  try {
    const profile: Profile = yield call(fetchProfile);
    if (profile.language === action.payload) return;
    const { name, email, phone, timezone, notificationPreferences } = profile;
    yield call(saveProfile, {
      name,
      email,
      phone,
      timezone,
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
  yield takeLeading(avatarChosen.type, uploadAvatar);
}
