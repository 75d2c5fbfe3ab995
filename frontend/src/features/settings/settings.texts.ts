/**
 * Texts of the Settings screen (docs/product.md §2.7): appearance, notifications, the calendar feed and the
 * password change. The English catalogue of the `settings` namespace (es and fr in settings.i18n.ts);
 * the server's answers (password changed, wrong password) come from MESSAGES.
 */
export const SETTINGS_TEXTS = {
  title: 'Settings',
  appearance: 'Appearance',
  theme: 'Theme',
  themes: { light: 'Light', dark: 'Dark', system: 'System' },
  language: 'Language',
  notifications: 'Notifications',
  notificationsHint:
    'Email and SMS are saved on your account, as your profile shows them; reminders are kept in this browser.',
  notificationLabels: {
    email: 'Email notifications',
    sms: 'SMS notifications',
    reminders: 'Appointment reminders',
  },
  security: 'Security',
  changePassword: 'Change Password',
  passwordFields: {
    currentPassword: 'Current Password',
    newPassword: 'New Password',
    confirmPassword: 'Confirm Password',
  },
  cancel: 'Cancel',
  updating: 'Updating...',
  updatePassword: 'Update Password',
  calendarFeed: {
    title: 'Calendar feed',
    hint: 'Subscribe to your bookings from Google Calendar, Apple Calendar or Outlook with this private address. Anyone with it can read your bookings: a new address stops the old one.',
    connect: 'Create calendar address',
    rotate: 'New address',
    disconnect: 'Turn off',
    url: 'Your calendar address',
    copy: 'Copy',
    loading: 'Loading...',
    failed: 'The calendar feed could not be loaded. Please try again.',
  },
} as const;
