/**
 * Texts of the Profile screen (docs/product.md §2.7): the avatar card and the profile form. The English
 * catalogue of the `profile` namespace (es and fr in profile.i18n.ts); validation messages come from
 * MESSAGES.
 */
export const PROFILE_TEXTS = {
  title: 'Profile',
  loading: 'Loading profile...',
  picture: 'Profile picture',
  pictureOf: "{{name}}'s profile picture",
  upload: 'Upload new picture',
  uploading: 'Uploading...',
  form: 'Profile details',
  personal: 'Personal Information',
  fields: { name: 'Name', email: 'Email', phone: 'Phone' },
  preferences: 'Preferences',
  timezone: 'Timezone',
  selectTimezone: 'Select a timezone',
  language: 'Language',
  notificationPreferences: 'Notification Preferences',
  notifications: {
    email: 'Email notifications',
    sms: 'SMS notifications',
    whatsapp: 'WhatsApp notifications',
  },
  saving: 'Saving...',
  save: 'Save Changes',
  saved: 'Profile updated successfully',
  currentPassword: 'Current password (needed to change your e-mail address)',
  pendingEmail: 'Your e-mail address becomes {{email}} once you open the link we sent there.',
} as const;
