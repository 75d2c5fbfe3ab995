import { useEffect } from 'react';
import { useAppDispatch } from '../../../lib/hooks';
import { AvatarCard } from '../components/avatar-card';
import { ProfileForm } from '../components/profile-form';
import { useProfileSelector } from '../profile.hooks';
import { profilePageOpened, selectProfileState } from '../profile.slice';
import { ErrorNotice, Layout, Notice, Title } from './profile-page.styles';

/** docs/product.md §2.7 Profile: the avatar with upload and the profile form. */
export function ProfilePage() {
  const dispatch = useAppDispatch();
  const { profile, loading, loadError, saving, saved, saveError, revision, uploading, avatarError } =
    useProfileSelector(selectProfileState);

  useEffect(() => {
    dispatch(profilePageOpened());
  }, [dispatch]);

  return (
    <section aria-labelledby="profile-title">
      <Title id="profile-title">Profile</Title>
      {loadError ? (
        <ErrorNotice role="alert">{loadError}</ErrorNotice>
      ) : !profile || (loading && revision === 0) ? (
        <Notice role="status">Loading profile...</Notice>
      ) : (
        <Layout>
          <AvatarCard profile={profile} uploading={uploading} error={avatarError} />
          <ProfileForm key={revision} profile={profile} saving={saving} saved={saved} saveError={saveError} />
        </Layout>
      )}
    </section>
  );
}
