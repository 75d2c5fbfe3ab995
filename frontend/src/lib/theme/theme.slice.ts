import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { DEFAULT_THEME, type Theme } from '@appointment/contracts/constants';
import type { ColorScheme } from '../../ui/theme';

export interface ThemeState {
  /** What the person picked: light, dark or system (docs/product.md §2.2). */
  choice: Theme;
  /** What the operating system currently prefers; used while the choice is system. */
  systemScheme: ColorScheme;
}

export const initialThemeState: ThemeState = { choice: DEFAULT_THEME, systemScheme: 'light' };

const themeSlice = createSlice({
  name: 'theme',
  initialState: initialThemeState,
  reducers: {
    themeChosen(state, action: PayloadAction<Theme>) {
      state.choice = action.payload;
    },
    systemSchemeChanged(state, action: PayloadAction<ColorScheme>) {
      state.systemScheme = action.payload;
    },
  },
});

export const { themeChosen, systemSchemeChanged } = themeSlice.actions;
export const themeReducer = themeSlice.reducer;

interface WithTheme {
  theme: ThemeState;
}

export const selectThemeChoice = (state: WithTheme): Theme => state.theme.choice;

export const selectEffectiveScheme = (state: WithTheme): ColorScheme =>
  state.theme.choice === 'system' ? state.theme.systemScheme : state.theme.choice;
