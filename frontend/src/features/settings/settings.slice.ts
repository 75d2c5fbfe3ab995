import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { MESSAGES } from '@appointment/contracts/messages';
import { apiErrorOf } from '../../lib/api';
import { languageChosen } from '../../lib/events';
import { readStoredLanguage, type Language } from '../../lib/i18n';
import { readStoredNotificationSettings, type NotificationSettings } from './settings.storage';
import { settingsApi } from './settings.api';

export interface SettingsState {
  language: Language;
  notifications: NotificationSettings;
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
    notificationToggled(state, action: PayloadAction<{ key: keyof NotificationSettings; enabled: boolean }>) {
      state.notifications[action.payload.key] = action.payload.enabled;
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

export const { languageSynced, notificationToggled, passwordDialogOpened, passwordDialogClosed } =
  settingsSlice.actions;
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
export const selectNotificationSettings = (state: WithSettings): NotificationSettings =>
  state.settings.notifications;
