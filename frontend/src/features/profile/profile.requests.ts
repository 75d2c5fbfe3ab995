import {
  API_PATHS,
  ProfileResponse,
  type Profile,
  type ProfileUpdate,
} from '@appointment/contracts/accounts';
import { api } from '../../lib/api-client';
import type { ProfileDetails } from '../../lib/events';

/** A profile update as the form and the slice hold it: the person's own zone is `profileZone`. */
export type ProfileChanges = Omit<ProfileUpdate, 'timezone'> & { profileZone: ProfileUpdate['timezone'] };

/** The API edge: the answer's `timezone` is the person's profile zone. */
export const profileDetailsOf = ({ timezone, ...rest }: Profile): ProfileDetails => ({
  ...rest,
  profileZone: timezone,
});

/**
 * The API edge: the request names the profile zone `timezone`, and its field errors are keyed so.
 * Also for the form's values before the schema has read them.
 */
export const profileUpdateOf = <Changes extends { profileZone: unknown }>({
  profileZone,
  ...rest
}: Changes): Omit<Changes, 'profileZone'> & { timezone: Changes['profileZone'] } => ({
  ...rest,
  timezone: profileZone,
});

/** A request the schema has read (trimmed), back as the slice holds it. */
export const profileChangesOf = ({ timezone, ...rest }: ProfileUpdate): ProfileChanges => ({
  ...rest,
  profileZone: timezone,
});

/** docs/product.md §7.2 profile calls. */
export const fetchProfile = async (): Promise<ProfileDetails> =>
  profileDetailsOf(ProfileResponse.parse(await api.get<unknown>(API_PATHS.getProfile)).data);

export const saveProfile = async (changes: ProfileChanges): Promise<ProfileDetails> =>
  profileDetailsOf(
    ProfileResponse.parse(await api.post<unknown>(API_PATHS.updateProfile, profileUpdateOf(changes))).data,
  );
