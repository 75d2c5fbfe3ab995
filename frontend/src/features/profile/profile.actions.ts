import { createAction } from '@reduxjs/toolkit';

/**
 * Handled by the session slice, which keeps the name and picture of the shell's profile menu.
 * Declared here by its type so this feature does not reach into the session's internals.
 */
export const sessionProfileChanged = createAction<{ name: string; imageurl?: string; timezone?: string }>(
  'session/profileChanged',
);

/** A refused update was taken back (profile.api.ts); the form shows the profile as it was, and why. */
export const profileUpdateRolledBack = createAction<string>('profile/profileUpdateRolledBack');
