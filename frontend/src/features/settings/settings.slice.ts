import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { MESSAGES } from '@appointment/contracts/messages';
import { apiErrorOf } from '../../lib/api';
import type { NotificationPreferences } from '@appointment/contracts/accounts';
import { languageChosen, profileUpdateConfirmed } from '../../lib/events';
import { readStoredLanguage, type Language } from '../../lib/i18n';
import { readStoredNotificationSettings, type LocalNotificationSettings } from './settings.storage';

/** The account's e-mail and SMS choices (the profile's too), as Settings shows them. */
export type AccountNotifications = Pick<NotificationPreferences, 'email' | 'sms'>;

/** The screen's toggles: the account's e-mail and SMS (null until read), this browser's reminders. */
export interface NotificationSettings extends LocalNotificationSettings {
  email: boolean | null;
  sms: boolean | null;
}

export type NotificationKey = keyof NotificationSettings;
import { settingsApi } from './settings.api';

export interface SettingsState {
  language: Language;
  notifications: LocalNotificationSettings;
  /** Issue 32: one setting, kept on the account and shown on the profile too; null until read. */
  accountNotifications: AccountNotifications | null;
  passwordDialogOpen: boolean;
  passwordSaving: boolean;
  /** The server's reason when the change was refused, shown inside the dialog. */
  passwordError: string | null;
  /** Shown on the page once the dialog has closed after a change. */
  passwordMessage: string | null;
}

// Lazy, so the stored choices are read when the store is created rather than when this module loads.
const initialSettingsState = (): SettingsState => ({
  language: readStoredLanguage(),
  notifications: readStoredNotificationSettings(),
  accountNotifications: null,
  passwordDialogOpen: false,
  passwordSaving: false,
  passwordError: null,
  passwordMessage: null,
});

const settingsSlice = createSlice({
  name: 'settings',
  initialState: initialSettingsState,
  reducers: {
    /** The account's language, changed on the profile: shown here too, not saved again. */
    languageSynced(state, action: PayloadAction<Language>) {
      state.language = action.payload;
    },
    /** The screen opened: the account's choices are read again (settings.saga.ts). */
    settingsPageOpened() {},
    /** The account's choices as read; a toggle since stays as toggled (its save follows). */
    accountNotificationsRead(state, action: PayloadAction<AccountNotifications>) {
      state.accountNotifications = action.payload;
    },
    notificationToggled(state, action: PayloadAction<{ key: NotificationKey; enabled: boolean }>) {
      const { key, enabled } = action.payload;
      if (key === 'reminders') state.notifications.reminders = enabled;
      else if (state.accountNotifications) state.accountNotifications[key] = enabled;
    },
    passwordDialogOpened(state) {
      state.passwordDialogOpen = true;
      state.passwordError = null;
      state.passwordMessage = null;
    },
    passwordDialogClosed(state) {
      state.passwordDialogOpen = false;
      state.passwordError = null;
    },
  },
  extraReducers: (builder) => {
    const { changePassword } = settingsApi.endpoints;
    builder
      .addCase(languageChosen, (state, action) => {
        state.language = action.payload;
      })
      // Saved from the profile or from here: the account's choices as they now are.
      .addCase(profileUpdateConfirmed, (state, action) => {
        const { email, sms } = action.payload.notificationPreferences;
        state.accountNotifications = { email, sms };
      })
      .addMatcher(changePassword.matchPending, (state) => {
        state.passwordSaving = true;
        state.passwordError = null;
      })
      .addMatcher(changePassword.matchFulfilled, (state) => {
        state.passwordSaving = false;
        state.passwordDialogOpen = false;
        state.passwordMessage = MESSAGES.passwordChanged;
      })
      .addMatcher(changePassword.matchRejected, (state, action) => {
        state.passwordSaving = false;
        // The server's reason (a wrong current password), or the network's.
        state.passwordError =
          action.payload === undefined ? MESSAGES.genericError : apiErrorOf(action).message;
      });
  },
});

export const {
  languageSynced,
  settingsPageOpened,
  accountNotificationsRead,
  notificationToggled,
  passwordDialogOpened,
  passwordDialogClosed,
} = settingsSlice.actions;
export const settingsReducer = settingsSlice.reducer;

export interface WithSettings {
  settings: SettingsState;
}

/** The change-password dialog: open, saving, and its outcome. */
export const selectPasswordChange = createSelector(
  [
    (state: WithSettings) => state.settings.passwordDialogOpen,
    (state: WithSettings) => state.settings.passwordSaving,
    (state: WithSettings) => state.settings.passwordError,
    (state: WithSettings) => state.settings.passwordMessage,
  ],
  (passwordDialogOpen, passwordSaving, passwordError, passwordMessage) => ({
    passwordDialogOpen,
    passwordSaving,
    passwordError,
    passwordMessage,
  }),
);
export const selectLanguage = (state: WithSettings): Language => state.settings.language;
export const selectNotificationSettings = createSelector(
  [
    (state: WithSettings) => state.settings.notifications,
    (state: WithSettings) => state.settings.accountNotifications,
  ],
  (local, account): NotificationSettings => ({
    email: account?.email ?? null,
    sms: account?.sms ?? null,
    reminders: local.reminders,
  }),
);
export const selectLocalNotificationSettings = (state: WithSettings): LocalNotificationSettings =>
  state.settings.notifications;
export const selectAccountNotifications = (state: WithSettings): AccountNotifications | null =>
  state.settings.accountNotifications;
