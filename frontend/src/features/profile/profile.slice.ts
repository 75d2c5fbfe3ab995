import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Profile, ProfileUpdate } from '@appointment/contracts/accounts';
import { profileUpdateConfirmed } from '../../lib/events';

export interface ProfileState {
  profile: Profile | null;
  loading: boolean;
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
  loading: false,
  loadError: null,
  saving: false,
  saveError: null,
  saved: false,
  revision: 0,
  uploading: false,
  avatarError: null,
};

/** The fields an update touches, as they stood before it; what a rollback restores. */
export type ProfileFields = Pick<Profile, keyof ProfileUpdate>;

export interface AvatarFileInfo {
  name: string;
  type: string;
  size: number;
}

const profileSlice = createSlice({
  name: 'profile',
  initialState: initialProfileState,
  reducers: {
    profilePageOpened(state) {
      state.loading = true;
      state.loadError = null;
      state.saved = false;
      state.saveError = null;
      state.avatarError = null;
    },
    profileLoaded(state, action: PayloadAction<Profile>) {
      state.profile = action.payload;
      state.loading = false;
      state.revision += 1;
    },
    profileLoadFailed(state, action: PayloadAction<string>) {
      state.loading = false;
      state.loadError = action.payload;
    },
    profileUpdateSubmitted(state, _action: PayloadAction<ProfileUpdate>) {
      state.saving = true;
      state.saveError = null;
      state.saved = false;
    },
    /** docs/product.md §4: the change shows at once, before the server has answered. */
    profileUpdateApplied(state, action: PayloadAction<ProfileUpdate>) {
      if (state.profile) state.profile = { ...state.profile, ...action.payload };
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
    avatarChosen: {
      reducer(state, _action: PayloadAction<AvatarFileInfo, string, { arg: File }>) {
        state.uploading = true;
        state.avatarError = null;
      },
      // A File cannot live in the state; it rides in `meta.arg`, which Redux Toolkit's
      // serializability check skips by default, only as far as the saga that uploads it.
      prepare: (file: File) => ({
        payload: { name: file.name, type: file.type, size: file.size },
        meta: { arg: file },
      }),
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
  avatarChosen,
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

export const selectProfileState = (state: WithProfile): ProfileState => state.profile;
export const selectProfile = (state: WithProfile): Profile | null => state.profile.profile;
