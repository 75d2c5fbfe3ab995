import {
  API_PATHS,
  ProfileResponse,
  type Profile,
  type ProfileUpdate,
} from '@appointment/contracts/accounts';
import { MESSAGES } from '@appointment/contracts/messages';
import { api } from '../../lib/api-client';

/** docs/product.md §7.2 profile calls. */
export const fetchProfile = async (): Promise<Profile> =>
  ProfileResponse.parse(await api.get<unknown>(API_PATHS.getProfile)).data;

export const saveProfile = async (update: ProfileUpdate): Promise<Profile> =>
  ProfileResponse.parse(await api.post<unknown>(API_PATHS.updateProfile, update)).data;

/** Answers the new image's URL; an answer without `profilePic` is an error (docs/product.md §5). */
export const uploadProfilePic = async (file: File): Promise<string> => {
  const form = new FormData();
  form.append('image', file);
  const body = await api.post<{ profilePic?: unknown } | undefined>(API_PATHS.uploadProfilePic, form);
  if (typeof body?.profilePic !== 'string' || body.profilePic === '') {
    throw new Error(MESSAGES.missingProfilePic);
  }
  return body.profilePic;
};
