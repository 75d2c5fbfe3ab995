/**
 * docs/product.md §3 Settings are client only; this key sits beside the ones of docs/product.md §9. The language
 * is kept by the shell's i18n (src/app/i18n.ts).
 */
export const SETTINGS_STORAGE_KEYS = { notifications: 'notificationSettings' } as const;

export interface NotificationSettings {
  email: boolean;
  sms: boolean;
  reminders: boolean;
}

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  email: true,
  sms: true,
  reminders: true,
};

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
export const readStoredNotificationSettings = (): NotificationSettings => {
  const raw = read(SETTINGS_STORAGE_KEYS.notifications);
  let parsed: unknown;
  try {
    parsed = raw ? JSON.parse(raw) : undefined;
  } catch {
    parsed = undefined;
  }
  const stored = (parsed && typeof parsed === 'object' ? parsed : {}) as Partial<Record<string, unknown>>;
  const flag = (key: keyof NotificationSettings) =>
    typeof stored[key] === 'boolean' ? stored[key] : DEFAULT_NOTIFICATION_SETTINGS[key];
  return { email: flag('email'), sms: flag('sms'), reminders: flag('reminders') };
};

export const storeNotificationSettings = (settings: NotificationSettings): void =>
  write(SETTINGS_STORAGE_KEYS.notifications, JSON.stringify(settings));
