import { createAction, createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { profileUpdateConfirmed, type ProfileDetails } from '../../lib/events';
import type { ProfileChanges } from './profile.requests';

export interface ProfileState {
  /** Null until the page's first read answers. */
  profile: ProfileDetails | null;
  loadError: string | null;
  saving: boolean;
  saveError: string | null;
  saved: boolean;
  /** Bumped whenever the stored profile should replace what the form shows (load, save, rollback). */
  revision: number;
  uploading: boolean;
  avatarError: string | null;
}

export const initialProfileState: ProfileState = {
  profile: null,
  loadError: null,
  saving: false,
  saveError: null,
  saved: false,
  revision: 0,
  uploading: false,
  avatarError: null,
};

/** The fields an update touches, as they stood before it; what a rollback restores. */
export type ProfileFields = Pick<ProfileDetails, Exclude<keyof ProfileChanges, 'currentPassword'>>;

const profileSlice = createSlice({
  name: 'profile',
  initialState: initialProfileState,
  reducers: {
    profilePageOpened(state) {
      state.loadError = null;
      state.saved = false;
      state.saveError = null;
      state.avatarError = null;
    },
    profileLoaded(state, action: PayloadAction<ProfileDetails>) {
      state.profile = action.payload;
      state.revision += 1;
    },
    profileLoadFailed(state, action: PayloadAction<string>) {
      state.loadError = action.payload;
    },
    profileUpdateSubmitted(state, _action: PayloadAction<ProfileChanges>) {
      state.saving = true;
      state.saveError = null;
      state.saved = false;
    },
    /** docs/product.md §4: the change shows at once, before the server has answered. */
    profileUpdateApplied(state, action: PayloadAction<ProfileChanges>) {
      // A new e-mail address waits for its link to be opened; the rest shows at once.
      const { email: _email, currentPassword: _password, ...shown } = action.payload;
      if (state.profile) state.profile = { ...state.profile, ...shown };
    },
    profileUpdateRolledBack(
      state,
      action: PayloadAction<{ previous: ProfileFields | null; message: string }>,
    ) {
      const { previous } = action.payload;
      if (state.profile && previous) state.profile = { ...state.profile, ...previous };
      state.saving = false;
      state.saveError = action.payload.message;
      state.revision += 1;
    },
    /** The card sends the picture itself (profile.api.ts `uploadAvatar`); it waits here. */
    avatarUploadStarted(state) {
      state.uploading = true;
      state.avatarError = null;
    },
    avatarRejected(state, action: PayloadAction<string>) {
      state.uploading = false;
      state.avatarError = action.payload;
    },
    avatarUploaded(state, action: PayloadAction<string>) {
      state.uploading = false;
      if (state.profile) state.profile.imageurl = action.payload;
    },
    avatarUploadFailed(state, action: PayloadAction<string>) {
      state.uploading = false;
      state.avatarError = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(profileUpdateConfirmed, (state, action) => {
      state.profile = action.payload;
      state.saving = false;
      state.saved = true;
      state.revision += 1;
    });
  },
});

export const {
  profilePageOpened,
  profileLoaded,
  profileLoadFailed,
  profileUpdateSubmitted,
  profileUpdateApplied,
  profileUpdateRolledBack,
  avatarUploadStarted,
  avatarRejected,
  avatarUploaded,
  avatarUploadFailed,
} = profileSlice.actions;
export const profileReducer = profileSlice.reducer;

/**
 * Handled by the session slice, which keeps the name and picture of the shell's profile menu.
 * Declared here by its type so this feature does not reach into the session's internals.
 */
export const sessionProfileChanged = createAction<{ name: string; imageurl?: string }>(
  'session/profileChanged',
);

export interface WithProfile {
  profile: ProfileState;
}

export const selectProfile = (state: WithProfile): ProfileDetails | null => state.profile.profile;
export const selectProfileLoadError = (state: WithProfile): string | null => state.profile.loadError;
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
