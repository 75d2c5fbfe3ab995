import { createAction } from '@reduxjs/toolkit';

/** The bell's commands (notifications.saga.ts); the type strings are those the feature has always used. */
export const notificationDeleteRequested = createAction<string | undefined>(
  'notifications/notificationDeleteRequested',
);
export const clearAllRequested = createAction('notifications/clearAllRequested');
