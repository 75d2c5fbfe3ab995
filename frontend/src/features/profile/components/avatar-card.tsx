import { useId, type ChangeEvent } from 'react';
import type { Profile } from '@appointment/contracts/accounts';
import { avatarChosen } from '../profile.slice';
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
  profile: Profile;
  uploading: boolean;
  error: string | null;
}

/** docs/product.md §2.7: the avatar with upload; the picture falls back to a generic icon. */
export function AvatarCard({ profile, uploading, error }: AvatarCardProps) {
  const inputId = useId();
  const dispatch = useAppDispatch();

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Clearing the input lets the same file be chosen again after a failure.
    event.target.value = '';
    if (file) dispatch(avatarChosen(file));
  };

  return (
    <Card aria-label="Profile picture">
      <AvatarFrame>
        {profile.imageurl ? (
          <AvatarImage src={profile.imageurl} alt={`${profile.name}'s profile picture`} />
        ) : (
          <PersonIcon />
        )}
      </AvatarFrame>
      <Name>{profile.name}</Name>
      <Email>{profile.email}</Email>
      <FileInput id={inputId} type="file" accept="image/*" disabled={uploading} onChange={onChange} />
      <UploadLabel htmlFor={inputId} $disabled={uploading}>
        Upload new picture
      </UploadLabel>
      <Status role="status">{uploading ? 'Uploading...' : ''}</Status>
      {error && <ErrorText role="alert">{error}</ErrorText>}
    </Card>
  );
}
