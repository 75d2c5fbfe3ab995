import { API_PATHS, ProfileResponse, type ChangePassword } from '@appointment/contracts/accounts';
import { api } from '../../lib/api-client';
import type { Language } from '../../lib/i18n';

/** docs/product.md §7.2 PUT /users/updatepassword. */
export const updatePassword = (change: ChangePassword): Promise<unknown> =>
  api.put<unknown>(API_PATHS.updatePassword, change);

/**
 * The language saved on the account (GET /api/profile/getprofile), which a sign-in on another browser
 * follows.
 */
export const fetchSavedLanguage = async (): Promise<Language> =>
  ProfileResponse.parse(await api.get<unknown>(API_PATHS.getProfile)).data.language;
