import { useId, type ChangeEvent } from 'react';
import { THEMES, type Theme } from '@appointment/contracts/constants';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectThemeChoice, themeChosen } from '../theme.slice';
import { Label, Select, Wrapper } from './theme-selector.styles';

const THEME_LABELS: Record<Theme, string> = { light: 'Light', dark: 'Dark', system: 'System' };

const isTheme = (value: string): value is Theme => (THEMES as readonly string[]).includes(value);

export function ThemeSelector() {
  const id = useId();
  const choice = useAppSelector(selectThemeChoice);
  const dispatch = useAppDispatch();

  const onChange = (event: ChangeEvent<HTMLSelectElement>) => {
    const { value } = event.target;
    if (isTheme(value)) dispatch(themeChosen(value));
  };

  return (
    <Wrapper>
      <Label htmlFor={id}>Theme</Label>
      <Select id={id} value={choice} onChange={onChange}>
        {THEMES.map((theme) => (
          <option key={theme} value={theme}>
            {THEME_LABELS[theme]}
          </option>
        ))}
      </Select>
    </Wrapper>
  );
}
