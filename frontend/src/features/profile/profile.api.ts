import {
  API_PATHS,
  ProfileResponse,
  type Profile,
  type ProfileUpdate,
} from '@appointment/contracts/accounts';
import { api } from '../../lib/api-client';

/** docs/product.md §7.2 profile calls. */
export const fetchProfile = async (): Promise<Profile> =>
  ProfileResponse.parse(await api.get<unknown>(API_PATHS.getProfile)).data;

export const saveProfile = async (update: ProfileUpdate): Promise<Profile> =>
  ProfileResponse.parse(await api.post<unknown>(API_PATHS.updateProfile, update)).data;
