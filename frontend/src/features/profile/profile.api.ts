import { API_PATHS, ProfileResponse } from '@appointment/contracts/accounts';
import { MESSAGES } from '@appointment/contracts/messages';
import { api, apiErrorOf } from '../../lib/api';
import { profileUpdateConfirmed, type ProfileDetails } from '../../lib/events';
import { profileDetailsOf, profileUpdateOf, type ProfileChanges } from './profile.requests';
import { profileUpdateRolledBack, sessionProfileChanged } from './profile.actions';

/** The largest picture the server takes (MESSAGES.imageTooLarge); refused before uploading. */
export const MAX_AVATAR_BYTES = 5 * 1024 * 1024;

/** Why a chosen picture is refused before it is sent, or null when it may go. */
export const avatarRefusalOf = (file: Pick<File, 'type' | 'size'>): string | null =>
  !file.type.startsWith('image/')
    ? MESSAGES.invalidImage
    : file.size > MAX_AVATAR_BYTES
      ? MESSAGES.imageTooLarge
      : null;

/** docs/product.md §7.2 upload of the profile picture, as the multipart form the avatar card builds. */
export const avatarForm = (file: File): FormData => {
  const form = new FormData();
  form.append('image', file);
  return form;
};

/** A refusal the person can act on (a wrong current password, an address taken) says why. */
const refusalOf = (failure: unknown): string => {
  const { error, isUnhandledError } = (failure ?? {}) as { error?: unknown; isUnhandledError?: boolean };
  if (isUnhandledError !== false) return MESSAGES.profileUpdateFailed;
  const refusal = apiErrorOf({ payload: error });
  return refusal.status >= 400 && refusal.status < 500 && refusal.status !== 401
    ? refusal.body.message
    : MESSAGES.profileUpdateFailed;
};

/**
 * The profile screen's read and writes (docs/product.md §7.2). The screen's own state (saving,
 * the form's revision, the picture's upload) is in profile.slice.ts.
 */
export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/profile/getprofile; the answer's `timezone` is the person's profile zone. */
    profile: build.query<ProfileDetails, void>({
      query: () => API_PATHS.getProfile,
      transformResponse: (body: unknown) => profileDetailsOf(ProfileResponse.parse(body).data),
      transformErrorResponse: (error) => {
        console.error('Failed to load the profile', error);
        return error;
      },
    }),
    /**
     * docs/product.md §4: the change shows at once, before the server has answered; a refusal
     * takes it back. A new e-mail address waits for its link to be opened, so it is not shown.
     */
    updateProfile: build.mutation<ProfileDetails, ProfileChanges>({
      query: (changes) => ({ url: API_PATHS.updateProfile, method: 'POST', body: profileUpdateOf(changes) }),
      transformResponse: (body: unknown) => profileDetailsOf(ProfileResponse.parse(body).data),
      onQueryStarted: async (changes, { dispatch, getState, queryFulfilled }) => {
        const { email: _email, currentPassword: _password, ...shown } = changes;
        const before = profileApi.endpoints.profile.select()(
          getState() as Parameters<ReturnType<typeof profileApi.endpoints.profile.select>>[0],
        ).data?.profileZone;
        const applied = dispatch(
          profileApi.util.updateQueryData('profile', undefined, (profile) => ({ ...profile, ...shown })),
        );
        try {
          const { data: saved } = await queryFulfilled;
          dispatch(profileApi.util.updateQueryData('profile', undefined, () => saved));
          dispatch(profileUpdateConfirmed(saved));
          // A zone the person changed is theirs from now on: "Your time" follows it (docs/product.md §3).
          const zoneChanged = before !== undefined && saved.profileZone !== before;
          dispatch(
            sessionProfileChanged({
              name: saved.name,
              imageurl: saved.imageurl,
              ...(zoneChanged ? { timezone: saved.profileZone } : {}),
            }),
          );
        } catch (failure) {
          console.error('Failed to update the profile', failure);
          applied.undo();
          dispatch(profileUpdateRolledBack(refusalOf(failure)));
        }
      },
    }),
    /** Answers the new image's URL; an answer without `profilePic` is an error (docs/product.md §5). */
    uploadAvatar: build.mutation<string, FormData>({
      query: (form) => ({ url: API_PATHS.uploadProfilePic, method: 'POST', body: form }),
      transformResponse: (body: { profilePic?: unknown } | undefined) => {
        if (typeof body?.profilePic !== 'string' || body.profilePic === '') {
          throw new Error(MESSAGES.missingProfilePic);
        }
        return body.profilePic;
      },
      /** The picture is in: the card and the shell's profile menu show it. */
      onQueryStarted: async (_form, { dispatch, queryFulfilled, getState }) => {
        let profilePic: string;
        try {
          profilePic = (await queryFulfilled).data;
        } catch (failure) {
          console.error('Failed to upload the profile picture', failure);
          return;
        }
        dispatch(
          profileApi.util.updateQueryData('profile', undefined, (profile) => {
            profile.imageurl = profilePic;
          }),
        );
        const profile = profileApi.endpoints.profile.select()(getState() as never).data;
        if (profile) dispatch(sessionProfileChanged({ name: profile.name, imageurl: profilePic }));
      },
    }),
  }),
});

export const { useProfileQuery, useUpdateProfileMutation, useUploadAvatarMutation } = profileApi;
