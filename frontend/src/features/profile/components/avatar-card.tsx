import { useId, type ChangeEvent } from 'react';
import { MessageText } from '../../../ui/message-text';
import type { ProfileDetails } from '../../../lib/events';
import { avatarForm, avatarRefusalOf, useUploadAvatarMutation } from '../profile.api';
import { avatarRejected } from '../profile.slice';
import { useAppDispatch } from '../../../lib/hooks';
import {
  AvatarFrame,
  AvatarImage,
  Card,
  Email,
  ErrorText,
  FileInput,
  Name,
  Status,
  UploadLabel,
} from './avatar-card.styles';
import { useCatalogue } from '../../../lib/catalogue';
import { PROFILE_TEXTS } from '../profile.texts';

function PersonIcon() {
  return (
    <svg
      width="56"
      height="56"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c0-4.4 3.6-8 8-8s8 3.6 8 8" />
    </svg>
  );
}

interface AvatarCardProps {
  profile: ProfileDetails;
  uploading: boolean;
  error: string | null;
}

/** docs/product.md §2.7: the avatar with upload; the picture falls back to a generic icon. */
export function AvatarCard({ profile, uploading, error }: AvatarCardProps) {
  const { texts: T, t } = useCatalogue('profile', PROFILE_TEXTS);
  const inputId = useId();
  const dispatch = useAppDispatch();
  const [upload] = useUploadAvatarMutation();

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Clearing the input lets the same file be chosen again after a failure.
    event.target.value = '';
    if (!file) return;
    const refusal = avatarRefusalOf(file);
    if (refusal) {
      dispatch(avatarRejected(refusal));
      return;
    }
    // The form (and its file) goes straight to the request, which shows the new picture once in.
    void upload(avatarForm(file));
  };

  return (
    <Card aria-label={T.picture}>
      <AvatarFrame>
        {profile.imageurl ? (
          <AvatarImage src={profile.imageurl} alt={t('pictureOf', { name: profile.name })} />
        ) : (
          <PersonIcon />
        )}
      </AvatarFrame>
      <Name>{profile.name}</Name>
      <Email>{profile.email}</Email>
      <FileInput id={inputId} type="file" accept="image/*" disabled={uploading} onChange={onChange} />
      <UploadLabel htmlFor={inputId} $disabled={uploading}>
        {T.upload}
      </UploadLabel>
      <Status role="status">{uploading ? T.uploading : ''}</Status>
      {error && (
        <ErrorText role="alert">
          <MessageText>{error}</MessageText>
        </ErrorText>
      )}
    </Card>
  );
}
