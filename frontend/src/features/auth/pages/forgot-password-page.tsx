import { useEffect, useId } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ForgotPasswordRequest } from '@appointment/contracts/accounts';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { Button } from '../../../ui/button.styles';
import { Form, FormError } from '../../../ui/form.styles';
import { MessageText } from '../../../ui/message-text';
import { TextField } from '../../../ui/text-field';
import { useSchemaForm } from '../../../ui/use-schema-form';
import { forgotPasswordOpened, forgotPasswordSubmitted, selectForgotPasswordForm } from '../auth.slice';
import { Footer, Lead, Screen, SuccessNote, Title } from '../components/auth-screen.styles';

/**
 * /forgot-password: the address of the account; the answer is the same whether or not an account
 * has it, so the screen says only that a link is on its way if one does.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const titleId = useId();
  const dispatch = useAppDispatch();
  const { submitting, error, sent } = useAppSelector(selectForgotPasswordForm);
  const { values, errors, setValue, handleSubmit } = useSchemaForm(ForgotPasswordRequest, { email: '' });

  useEffect(() => {
    dispatch(forgotPasswordOpened());
  }, [dispatch]);

  return (
    <Screen aria-labelledby={titleId}>
      <Title id={titleId}>{t('auth.forgotTitle')}</Title>
      <div role="status">
        {sent && (
          <SuccessNote>
            <MessageText>{sent}</MessageText>
          </SuccessNote>
        )}
      </div>
      {!sent && (
        <>
          <Lead>{t('auth.forgotLead')}</Lead>
          <Form noValidate onSubmit={handleSubmit((request) => dispatch(forgotPasswordSubmitted(request)))}>
            <TextField
              label={t('auth.email')}
              name="email"
              type="email"
              autoComplete="email"
              value={values.email}
              error={errors.email}
              onChange={setValue}
            />
            {error && <FormError role="alert">{error}</FormError>}
            <Button type="submit" disabled={submitting}>
              {submitting ? t('auth.sendingLink') : t('auth.sendLink')}
            </Button>
          </Form>
        </>
      )}
      <Footer>
        <Link to="/login">{t('auth.backToSignIn')}</Link>
      </Footer>
    </Screen>
  );
}
