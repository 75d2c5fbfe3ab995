/**
 * docs/product.md §3 Settings kept in this browser; this key sits beside the ones of docs/product.md §9. The
 * language is kept by the shell's i18n (src/app/i18n.ts). E-mail and SMS notifications are the account's
 * (issue 32: one setting, which the profile shows too); only the reminders choice is kept here.
 */
export const SETTINGS_STORAGE_KEYS = { notifications: 'notificationSettings' } as const;

export interface LocalNotificationSettings {
  reminders: boolean;
}

export const DEFAULT_LOCAL_NOTIFICATION_SETTINGS: LocalNotificationSettings = { reminders: true };

const read = (key: string): string | null => {
  try {
    return window.localStorage.getItem(key);
  } catch {
    // Blocked storage (private mode, sandboxed frames) reads as nothing stored.
    return null;
  }
};

const write = (key: string, value: string): void => {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Blocked storage only costs persistence across reloads.
  }
};

/** Any stored value that is not a boolean falls back to its default (true). */
export const readStoredNotificationSettings = (): LocalNotificationSettings => {
  const raw = read(SETTINGS_STORAGE_KEYS.notifications);
  let parsed: unknown;
  try {
    parsed = raw ? JSON.parse(raw) : undefined;
  } catch {
    parsed = undefined;
  }
  const stored = (parsed && typeof parsed === 'object' ? parsed : {}) as Partial<Record<string, unknown>>;
  return {
    reminders:
      typeof stored.reminders === 'boolean'
        ? stored.reminders
        : DEFAULT_LOCAL_NOTIFICATION_SETTINGS.reminders,
  };
};

export const storeNotificationSettings = (settings: LocalNotificationSettings): void =>
  write(SETTINGS_STORAGE_KEYS.notifications, JSON.stringify(settings));
