import { useId, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { THEMES, type Theme } from '@appointment/contracts/constants';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { selectThemeChoice, themeChosen } from '../../../lib/theme/theme.slice';
import { Label, Select, Wrapper } from './theme-selector.styles';

const isTheme = (value: string): value is Theme => (THEMES as readonly string[]).includes(value);

export function ThemeSelector() {
  const { t } = useTranslation();
  const id = useId();
  const choice = useAppSelector(selectThemeChoice);
  const dispatch = useAppDispatch();

  const onChange = (event: ChangeEvent<HTMLSelectElement>) => {
    const { value } = event.target;
    if (isTheme(value)) dispatch(themeChosen(value));
  };

  return (
    <Wrapper>
      <Label htmlFor={id}>{t('theme.label')}</Label>
      <Select id={id} value={choice} onChange={onChange}>
        {THEMES.map((theme) => (
          <option key={theme} value={theme}>
            {t(`theme.${theme}`)}
          </option>
        ))}
      </Select>
    </Wrapper>
  );
}
