import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../lib/hooks';
import { registrationFormOpened, type RegistrationType } from '../auth.slice';
import { Footer, Screen, Title } from '../components/auth-screen.styles';
import { ProviderRegistrationForm } from '../components/provider-registration-form';
import { RegistrationChoice } from '../components/registration-choice';
import { RegistrationFormHeader } from '../components/registration-form-header';
import { UserRegistrationForm } from '../components/user-registration-form';

/** docs/product.md §2.3 /register: the choice, then the chosen form with Back and a "Sign in" link. */
export function RegisterPage() {
  const { t } = useTranslation();
  const titleId = useId();
  const dispatch = useAppDispatch();
  const [choice, setChoice] = useState<RegistrationType | null>(null);

  useEffect(() => {
    dispatch(registrationFormOpened());
  }, [dispatch, choice]);

  return (
    <Screen aria-labelledby={titleId}>
      {choice === null ? (
        <>
          <Title id={titleId}>{t('auth.createAccount')}</Title>
          <RegistrationChoice onChoose={setChoice} />
        </>
      ) : (
        <>
          <RegistrationFormHeader
            titleId={titleId}
            title={choice === 'user' ? t('auth.userForm') : t('auth.providerForm')}
            onBack={() => setChoice(null)}
          />
          {choice === 'user' ? (
            <UserRegistrationForm labelledBy={titleId} />
          ) : (
            <ProviderRegistrationForm labelledBy={titleId} />
          )}
        </>
      )}
      <Footer>
        {t('auth.haveAccount')} <Link to="/login">{t('auth.signInLink')}</Link>
      </Footer>
    </Screen>
  );
}
