import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { MESSAGES } from '@appointment/contracts/messages';
import { profileUpdateConfirmed } from '../../lib/events';
import { profileUpdateRolledBack } from './profile.actions';
import { profileApi } from './profile.api';

/**
 * The profile screen's own state; the profile itself is the read of profile.api.ts, which an
 * update changes at once and a refusal takes back.
 */
export interface ProfileState {
  saving: boolean;
  saveError: string | null;
  saved: boolean;
  /** Bumped whenever the read profile should replace what the form shows (load, save, rollback). */
  revision: number;
  uploading: boolean;
  avatarError: string | null;
}

export const initialProfileState: ProfileState = {
  saving: false,
  saveError: null,
  saved: false,
  revision: 0,
  uploading: false,
  avatarError: null,
};

const { profile, updateProfile, uploadAvatar } = profileApi.endpoints;

const profileSlice = createSlice({
  name: 'profile',
  initialState: initialProfileState,
  reducers: {
    profilePageOpened(state) {
      state.saved = false;
      state.saveError = null;
      state.avatarError = null;
    },
    /** A chosen picture refused before it is sent (not an image, too large). */
    avatarRejected(state, action: PayloadAction<string>) {
      state.uploading = false;
      state.avatarError = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(profileUpdateConfirmed, (state) => {
        state.saving = false;
        state.saved = true;
        state.revision += 1;
      })
      .addCase(profileUpdateRolledBack, (state, action) => {
        state.saving = false;
        state.saveError = action.payload;
        state.revision += 1;
      })
      .addMatcher(profile.matchFulfilled, (state) => {
        state.revision += 1;
      })
      .addMatcher(updateProfile.matchPending, (state) => {
        state.saving = true;
        state.saveError = null;
        state.saved = false;
      })
      .addMatcher(uploadAvatar.matchPending, (state) => {
        state.uploading = true;
        state.avatarError = null;
      })
      .addMatcher(uploadAvatar.matchFulfilled, (state) => {
        state.uploading = false;
      })
      .addMatcher(uploadAvatar.matchRejected, (state) => {
        state.uploading = false;
        state.avatarError = MESSAGES.avatarUpdateFailed;
      });
  },
});

export const { profilePageOpened, avatarRejected } = profileSlice.actions;
export const profileReducer = profileSlice.reducer;

export interface WithProfile {
  profile: ProfileState;
}

export const selectProfileRevision = (state: WithProfile): number => state.profile.revision;

/** The form's save: under way, done, or refused (its reason). */
export const selectProfileSave = createSelector(
  [
    (state: WithProfile) => state.profile.saving,
    (state: WithProfile) => state.profile.saved,
    (state: WithProfile) => state.profile.saveError,
  ],
  (saving, saved, saveError) => ({ saving, saved, saveError }),
);

/** The picture's upload: under way, or refused (its reason). */
export const selectAvatarUpload = createSelector(
  [(state: WithProfile) => state.profile.uploading, (state: WithProfile) => state.profile.avatarError],
  (uploading, avatarError) => ({ uploading, avatarError }),
);
