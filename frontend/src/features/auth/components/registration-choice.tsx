import { useTranslation } from 'react-i18next';
import type { RegistrationType } from '../auth.slice';
import { Choice, ChoiceText, ChoiceTitle, Choices, Lead } from './auth-screen.styles';

interface RegistrationChoiceProps {
  onChoose: (type: RegistrationType) => void;
}

/** docs/product.md §2.3 /register: first the choice between a user and a provider account. */
export function RegistrationChoice({ onChoose }: RegistrationChoiceProps) {
  const { t } = useTranslation();
  return (
    <>
      <Lead>{t('auth.chooseType')}</Lead>
      <Choices>
        <Choice type="button" onClick={() => onChoose('user')}>
          <ChoiceTitle>{t('auth.registerAsUser')}</ChoiceTitle>
          <ChoiceText>{t('auth.registerAsUserText')}</ChoiceText>
        </Choice>
        <Choice type="button" onClick={() => onChoose('provider')}>
          <ChoiceTitle>{t('auth.registerAsProvider')}</ChoiceTitle>
          <ChoiceText>{t('auth.registerAsProviderText')}</ChoiceText>
        </Choice>
      </Choices>
    </>
  );
}
