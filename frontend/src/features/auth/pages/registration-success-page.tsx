import { useEffect, useId } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PROVIDER_REVIEW_HOURS } from '@appointment/contracts/constants';
import { useAppDispatch } from '../../../lib/hooks';
import { Button } from '../../../ui/button.styles';
import {
  registrationSuccessLeft,
  registrationSuccessViewed,
  type RegistrationOutcome,
  type RegistrationType,
} from '../auth.slice';
import { Email, Lead, Screen, Title } from '../components/auth-screen.styles';

const outcomeOf = (state: unknown): Partial<RegistrationOutcome> => {
  if (!state || typeof state !== 'object') return {};
  const { type, email } = state as Record<string, unknown>;
  return {
    type: type === 'user' || type === 'provider' ? (type as RegistrationType) : undefined,
    email: typeof email === 'string' ? email : undefined,
  };
};

/** docs/product.md §2.3 /registration-success, reading { type, email } from the router state. */
export function RegistrationSuccessPage() {
  const { t } = useTranslation();
  const titleId = useId();
  const dispatch = useAppDispatch();
  // The data router's navigate answers a promise that settles once the next screen is shown and
  // never rejects (a failing loader shows the error page): a click voids it.
  const navigate = useNavigate();
  const { type, email } = outcomeOf(useLocation().state);

  useEffect(() => {
    dispatch(registrationSuccessViewed({ type }));
    return () => {
      dispatch(registrationSuccessLeft());
    };
  }, [dispatch, type]);

  return (
    <Screen aria-labelledby={titleId}>
      <Title id={titleId}>{t('auth.successTitle')}</Title>
      {type === 'provider' && <Lead>{t('auth.successProvider', { hours: PROVIDER_REVIEW_HOURS })}</Lead>}
      {type === 'user' && <Lead>{t('auth.successUser')}</Lead>}
      {email && (
        <Lead>
          {t('auth.emailSentTo')} <Email>{email}</Email>
        </Lead>
      )}
      <Button type="button" onClick={() => void navigate('/login')}>
        {t('auth.proceedToLogin')}
      </Button>
    </Screen>
  );
}
