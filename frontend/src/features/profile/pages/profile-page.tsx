import { useEffect } from 'react';
import { MESSAGES } from '@appointment/contracts/messages';
import { MessageText } from '../../../ui/message-text';
import { useAppDispatch } from '../../../lib/hooks';
import { AvatarCard } from '../components/avatar-card';
import { ProfileForm } from '../components/profile-form';
import { useProfileSelector } from '../profile.hooks';
import { useProfileQuery } from '../profile.api';
import {
  profilePageOpened,
  selectAvatarUpload,
  selectProfileRevision,
  selectProfileSave,
} from '../profile.slice';
import { ErrorNotice, Layout, Notice, Title } from './profile-page.styles';
import { useCatalogue } from '../../../lib/catalogue';
import { PROFILE_TEXTS } from '../profile.texts';

/** docs/product.md §2.7 Profile: the avatar with upload and the profile form. */
export function ProfilePage() {
  const { texts: T } = useCatalogue('profile', PROFILE_TEXTS);
  const dispatch = useAppDispatch();
  // Each opening reads the profile again.
  const read = useProfileQuery(undefined, { refetchOnMountOrArgChange: true });
  const profile = read.data ?? null;
  const loadError = read.isError ? MESSAGES.profileLoadFailed : null;
  const revision = useProfileSelector(selectProfileRevision);
  const { saving, saved, saveError } = useProfileSelector(selectProfileSave);
  const { uploading, avatarError } = useProfileSelector(selectAvatarUpload);

  useEffect(() => {
    dispatch(profilePageOpened());
  }, [dispatch]);

  return (
    <section aria-labelledby="profile-title">
      <Title id="profile-title">{T.title}</Title>
      {loadError ? (
        <ErrorNotice role="alert">
          <MessageText>{loadError}</MessageText>
        </ErrorNotice>
      ) : !profile ? (
        <Notice role="status">{T.loading}</Notice>
      ) : (
        <Layout>
          <AvatarCard profile={profile} uploading={uploading} error={avatarError} />
          <ProfileForm key={revision} profile={profile} saving={saving} saved={saved} saveError={saveError} />
        </Layout>
      )}
    </section>
  );
}
