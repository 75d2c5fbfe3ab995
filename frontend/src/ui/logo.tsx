import { useTranslation } from 'react-i18next';
import { LogoMark } from './logo.styles';
import { CalendarIcon } from './icons';

export function Logo() {
  const { t } = useTranslation();
  return (
    <LogoMark role="img" aria-label={t('topBar.logo')}>
      <CalendarIcon width={22} height={22} />
    </LogoMark>
  );
}
