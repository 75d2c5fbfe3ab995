import { DEFAULT_THEME, STORAGE_KEYS, THEMES, type Theme } from '@appointment/contracts/constants';
import type { ColorScheme } from '../../ui/theme';
import type { ThemeState } from './theme.slice';

const DARK_QUERY = '(prefers-color-scheme: dark)';

const isTheme = (value: string | null): value is Theme =>
  (THEMES as readonly (string | null)[]).includes(value);

export const readStoredThemeChoice = (): Theme => {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEYS.theme);
    return isTheme(stored) ? stored : DEFAULT_THEME;
  } catch {
    // Storage can be blocked (private mode, sandboxed frames); the default still works.
    return DEFAULT_THEME;
  }
};

export const storeThemeChoice = (choice: Theme): void => {
  try {
    window.localStorage.setItem(STORAGE_KEYS.theme, choice);
  } catch {
    // Blocked storage only costs persistence across reloads.
  }
};

export const systemSchemeQuery = (): MediaQueryList | undefined =>
  typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : undefined;

export const readSystemScheme = (): ColorScheme => (systemSchemeQuery()?.matches ? 'dark' : 'light');

/** The theme state as it stands before the first render, so the page does not flash the wrong colours. */
export const loadThemeState = (): ThemeState => ({
  choice: readStoredThemeChoice(),
  systemScheme: readSystemScheme(),
});

export const applySchemeClass = (scheme: ColorScheme): void => {
  const root = document.documentElement;
  root.classList.remove('light', 'dark');
  root.classList.add(scheme);
};
