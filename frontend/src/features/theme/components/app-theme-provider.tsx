import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { useAppSelector } from '../../../lib/hooks';
import { themes } from '../../../ui/theme';
import { selectEffectiveScheme } from '../../../lib/theme/theme.slice';

export function AppThemeProvider({ children }: { children: ReactNode }) {
  const scheme = useAppSelector(selectEffectiveScheme);
  return <ThemeProvider theme={themes[scheme]}>{children}</ThemeProvider>;
}
