import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@appointment/contracts/messages';
import { avatarForm, avatarRefusalOf, MAX_AVATAR_BYTES } from './profile.api';

describe('the profile picture before it is sent', () => {
  it('refuses what is not an image, or is larger than the server takes', () => {
    expect(avatarRefusalOf({ type: 'application/pdf', size: 10 })).toBe(MESSAGES.invalidImage);
    expect(avatarRefusalOf({ type: 'image/png', size: MAX_AVATAR_BYTES + 1 })).toBe(MESSAGES.imageTooLarge);
    expect(avatarRefusalOf({ type: 'image/png', size: MAX_AVATAR_BYTES })).toBeNull();
  });

  it('goes as the multipart field `image`', () => {
    const file = new File(['png'], 'me.png', { type: 'image/png' });
    expect((avatarForm(file).get('image') as File).name).toBe('me.png');
  });
});
