import { API_PATHS, ProfileResponse, type Profile } from '@appointment/contracts/accounts';
import { api } from '../../lib/api-client';
import type { Language } from '../../lib/i18n';
import type { AccountNotifications } from './settings.slice';

/** The account as saved (GET /api/profile/getprofile). */
const fetchAccount = async (): Promise<Profile> =>
  ProfileResponse.parse(await api.get<unknown>(API_PATHS.getProfile)).data;

/**
 * The language saved on the account, which a sign-in on another browser follows. Awaited by the
 * sign-in flow in settings.saga.ts, so a plain call rather than a cached read.
 */
export const fetchSavedLanguage = async (): Promise<Language> => (await fetchAccount()).language;

/** The account's e-mail and SMS choices (issue 32), which the profile shows too. */
export const fetchSavedNotifications = async (): Promise<AccountNotifications> => {
  const { email, sms } = (await fetchAccount()).notificationPreferences;
  return { email, sms };
};
