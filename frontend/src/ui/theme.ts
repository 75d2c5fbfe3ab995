/** Light and dark palettes plus the spacing scale; every styled component reads colours from here. */
export type ColorScheme = 'light' | 'dark';

const spacing = {
  xs: '0.25rem',
  sm: '0.5rem',
  md: '1rem',
  lg: '1.5rem',
  xl: '2rem',
} as const;

const layout = {
  topBarHeight: '3.5rem',
  sideNavWidth: '15rem',
  radius: '0.5rem',
  /** Up to this width the side navigation is a slide-in drawer (docs/product.md §2.2). */
  drawerMaxWidth: '767.98px',
} as const;

const font = {
  family: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  small: '0.875rem',
  base: '1rem',
  large: '1.25rem',
  title: '1.75rem',
} as const;

export interface AppTheme {
  scheme: ColorScheme;
  colors: {
    background: string;
    surface: string;
    surfaceRaised: string;
    text: string;
    textMuted: string;
    border: string;
    primary: string;
    primaryText: string;
    primarySoft: string;
    danger: string;
    dangerText: string;
    focus: string;
    overlay: string;
    success: string;
    successText: string;
    warning: string;
    /** docs/product.md §4 appointment badge colours: scheduled blue, cancelled red, completed green, pending yellow. */
    status: { scheduled: string; pending: string; completed: string; cancelled: string; no_show: string };
  };
  spacing: typeof spacing;
  layout: typeof layout;
  font: typeof font;
  shadow: string;
}

export const lightTheme: AppTheme = {
  scheme: 'light',
  colors: {
    background: '#f4f6fb',
    surface: '#ffffff',
    surfaceRaised: '#eef1f8',
    text: '#1b2130',
    textMuted: '#5b6478',
    border: '#d9deea',
    primary: '#2f5bea',
    primaryText: '#ffffff',
    primarySoft: '#e3e9fd',
    danger: '#c62828',
    dangerText: '#ffffff',
    focus: '#2f5bea',
    overlay: 'rgba(15, 20, 35, 0.45)',
    success: '#1f7a3f',
    successText: '#ffffff',
    warning: '#8a6100',
    status: {
      scheduled: '#2f5bea',
      pending: '#b58900',
      completed: '#1f7a3f',
      cancelled: '#c62828',
      no_show: '#6d4c9f',
    },
  },
  spacing,
  layout,
  font,
  shadow: '0 1px 3px rgba(15, 20, 35, 0.12)',
};

export const darkTheme: AppTheme = {
  scheme: 'dark',
  colors: {
    background: '#10141f',
    surface: '#181e2c',
    surfaceRaised: '#222a3c',
    text: '#e6e9f2',
    textMuted: '#9aa3b8',
    border: '#2e374c',
    primary: '#7c9bff',
    primaryText: '#0c1020',
    primarySoft: '#25304f',
    danger: '#ef6b6b',
    dangerText: '#1a0b0b',
    focus: '#9db4ff',
    overlay: 'rgba(0, 0, 0, 0.6)',
    success: '#5fd38d',
    successText: '#07210f',
    warning: '#f2c94c',
    status: {
      scheduled: '#7c9bff',
      pending: '#f2c94c',
      completed: '#5fd38d',
      cancelled: '#ef6b6b',
      no_show: '#b39ddb',
    },
  },
  spacing,
  layout,
  font,
  shadow: '0 1px 3px rgba(0, 0, 0, 0.5)',
};

export const themes: Record<ColorScheme, AppTheme> = { light: lightTheme, dark: darkTheme };
