import { useEffect, useId } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LoginRequest } from '@appointment/contracts/accounts';
import { MESSAGES } from '@appointment/contracts/messages';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { loginSubmitted } from '../../../lib/session.slice';
import { Button } from '../../../ui/button.styles';
import { Form, FormError } from '../../../ui/form.styles';
import { MessageText } from '../../../ui/message-text';
import { TextField } from '../../../ui/text-field';
import { useSchemaForm } from '../../../ui/use-schema-form';
import { loginFormOpened, selectLoginForm, type LoginScreenState } from '../auth.slice';
import { Footer, Screen, SuccessNote, Title } from '../components/auth-screen.styles';

const passwordWasReset = (state: unknown): boolean =>
  Boolean(state && typeof state === 'object' && (state as LoginScreenState).passwordReset === true);

/** docs/product.md §2.3 /login: the Sign In form, checked with the server's schema (docs/product.md §5 Sign in). */
export function LoginPage() {
  const { t } = useTranslation();
  const titleId = useId();
  const dispatch = useAppDispatch();
  const { submitting, error } = useAppSelector(selectLoginForm);
  const { values, errors, setValue, handleSubmit } = useSchemaForm(LoginRequest, { email: '', password: '' });
  // Sent here by a reset link once the new password is set.
  const reset = passwordWasReset(useLocation().state);

  useEffect(() => {
    dispatch(loginFormOpened());
  }, [dispatch]);

  return (
    <Screen aria-labelledby={titleId}>
      <Title id={titleId}>{t('auth.signIn')}</Title>
      {reset && (
        <SuccessNote role="status">
          <MessageText>{MESSAGES.passwordResetDone}</MessageText>
        </SuccessNote>
      )}
      <Form noValidate onSubmit={handleSubmit((credentials) => dispatch(loginSubmitted(credentials)))}>
        <TextField
          label={t('auth.email')}
          name="email"
          type="email"
          autoComplete="email"
          value={values.email}
          error={errors.email}
          onChange={setValue}
        />
        <TextField
          label={t('auth.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          value={values.password}
          error={errors.password}
          onChange={setValue}
        />
        {error && <FormError role="alert">{error}</FormError>}
        <Button type="submit" disabled={submitting}>
          {submitting ? t('auth.signingIn') : t('auth.signIn')}
        </Button>
      </Form>
      <Footer>
        <Link to="/forgot-password">{t('auth.forgotPassword')}</Link>
      </Footer>
      <Footer>
        {t('auth.noAccount')} <Link to="/register">{t('auth.register')}</Link>
      </Footer>
    </Screen>
  );
}
