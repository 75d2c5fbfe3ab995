import { useEffect, useId } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ResetPasswordRequest } from '@appointment/contracts/accounts';
import { MESSAGES } from '@appointment/contracts/messages';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { Button } from '../../../ui/button.styles';
import { Form, FormError } from '../../../ui/form.styles';
import { TextField } from '../../../ui/text-field';
import { useSchemaForm } from '../../../ui/use-schema-form';
import { resetPasswordOpened, resetPasswordSubmitted, selectResetPasswordForm } from '../auth.slice';
import { Footer, Screen, Title } from '../components/auth-screen.styles';

const PASSWORD_FIELDS = ['password', 'confirmPassword'];

/**
 * /reset-password: the page of the mailed link (?user, ?request, ?token). The new password twice,
 * under the rules of registration; then the person signs in with it.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const titleId = useId();
  const dispatch = useAppDispatch();
  const [query] = useSearchParams();
  const link = {
    user: query.get('user') ?? '',
    request: query.get('request') ?? '',
    token: query.get('token') ?? '',
  };
  const complete = Boolean(link.user && link.request && link.token);
  const { submitting, error, fieldErrors } = useAppSelector(selectResetPasswordForm);
  const { values, errors, setValue, handleSubmit } = useSchemaForm(ResetPasswordRequest, {
    ...link,
    password: '',
    confirmPassword: '',
  });

  useEffect(() => {
    dispatch(resetPasswordOpened());
  }, [dispatch]);

  // A refusal about the link (used, replaced, expired, altered) is the form's; one about the
  // password sits on its field.
  const linkError =
    !complete || errors.user || errors.request || errors.token
      ? MESSAGES.resetLinkInvalid
      : error && !PASSWORD_FIELDS.some((field) => fieldErrors[field])
        ? error
        : null;

  return (
    <Screen aria-labelledby={titleId}>
      <Title id={titleId}>{t('auth.resetTitle')}</Title>
      {complete && (
        <Form noValidate onSubmit={handleSubmit((reset) => dispatch(resetPasswordSubmitted(reset)))}>
          <TextField
            label={t('auth.newPassword')}
            name="password"
            type="password"
            autoComplete="new-password"
            value={values.password}
            error={errors.password ?? fieldErrors.password}
            onChange={setValue}
          />
          <TextField
            label={t('auth.confirmNewPassword')}
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            value={values.confirmPassword}
            error={errors.confirmPassword ?? fieldErrors.confirmPassword}
            onChange={setValue}
          />
          {linkError && <FormError role="alert">{linkError}</FormError>}
          <Button type="submit" disabled={submitting}>
            {submitting ? t('auth.resetting') : t('auth.resetSubmit')}
          </Button>
        </Form>
      )}
      {!complete && <FormError role="alert">{MESSAGES.resetLinkInvalid}</FormError>}
      <Footer>
        <Link to="/forgot-password">{t('auth.askNewLink')}</Link> ·{' '}
        <Link to="/login">{t('auth.backToSignIn')}</Link>
      </Footer>
    </Screen>
  );
}
