import { useTranslation } from 'react-i18next';
import { ArrowLeftIcon } from '../../../ui/icons';
import { SecondaryButton } from '../../../ui/button.styles';
import { FormHeader, Title } from './auth-screen.styles';

interface RegistrationFormHeaderProps {
  titleId: string;
  title: string;
  onBack: () => void;
}

export function RegistrationFormHeader({ titleId, title, onBack }: RegistrationFormHeaderProps) {
  const { t } = useTranslation();
  return (
    <FormHeader>
      <SecondaryButton type="button" onClick={onBack}>
        <ArrowLeftIcon width={16} height={16} />
        {t('auth.back')}
      </SecondaryButton>
      <Title id={titleId}>{title}</Title>
    </FormHeader>
  );
}
