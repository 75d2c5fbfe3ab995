import { API_PATHS, ProfileResponse } from '@appointment/contracts/accounts';
import { api } from '../../lib/api-client';
import type { Language } from '../../lib/i18n';

/**
 * The language saved on the account (GET /api/profile/getprofile), which a sign-in on another browser
 * follows. Awaited by the sign-in flow in settings.saga.ts, so a plain call rather than a cached read.
 */
export const fetchSavedLanguage = async (): Promise<Language> =>
  ProfileResponse.parse(await api.get<unknown>(API_PATHS.getProfile)).data.language;
