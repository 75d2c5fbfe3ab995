import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { useAppSelector } from '../../../app/hooks';
import { themes } from '../../../app/theme';
import { selectEffectiveScheme } from '../theme.slice';

export function AppThemeProvider({ children }: { children: ReactNode }) {
  const scheme = useAppSelector(selectEffectiveScheme);
  return <ThemeProvider theme={themes[scheme]}>{children}</ThemeProvider>;
}
