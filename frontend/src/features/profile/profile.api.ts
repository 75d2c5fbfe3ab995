import { API_PATHS } from '@appointment/contracts/accounts';
import { MESSAGES } from '@appointment/contracts/messages';
import { api } from '../../lib/api';

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

export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Answers the new image's URL; an answer without `profilePic` is an error (docs/product.md §5). */
    uploadAvatar: build.mutation<string, FormData>({
      query: (form) => ({ url: API_PATHS.uploadProfilePic, method: 'POST', body: form }),
      transformResponse: (body: { profilePic?: unknown } | undefined) => {
        if (typeof body?.profilePic !== 'string' || body.profilePic === '') {
          throw new Error(MESSAGES.missingProfilePic);
        }
        return body.profilePic;
      },
    }),
  }),
});

export const { useUploadAvatarMutation } = profileApi;
