import { useTranslation } from 'react-i18next';
import { UserRegistration } from '@appointment/contracts/accounts';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Button } from '../../../ui/button.styles';
import { Form, FormError } from '../../../ui/form.styles';
import { TextField } from '../../../ui/text-field';
import { useSchemaForm } from '../../../ui/use-schema-form';
import { selectRegistrationForm, userRegistrationSubmitted } from '../auth.slice';

const EMPTY = { name: '', email: '', phone: '', password: '', confirmPassword: '' };

/** SPEC §2.3 and §5 User registration. */
export function UserRegistrationForm({ labelledBy }: { labelledBy: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { submitting, error, fieldErrors } = useAppSelector(selectRegistrationForm);
  const { values, errors, setValue, handleSubmit } = useSchemaForm(UserRegistration, EMPTY);
  const errorOf = (field: keyof typeof EMPTY) => errors[field] ?? fieldErrors[field];

  return (
    <Form
      aria-labelledby={labelledBy}
      noValidate
      onSubmit={handleSubmit((registration) => dispatch(userRegistrationSubmitted(registration)))}
    >
      <TextField
        label={t('auth.name')}
        name="name"
        autoComplete="name"
        value={values.name}
        error={errorOf('name')}
        onChange={setValue}
      />
      <TextField
        label={t('auth.email')}
        name="email"
        type="email"
        autoComplete="email"
        value={values.email}
        error={errorOf('email')}
        onChange={setValue}
      />
      <TextField
        label={t('auth.phone')}
        name="phone"
        type="tel"
        autoComplete="tel"
        value={values.phone}
        error={errorOf('phone')}
        onChange={setValue}
      />
      <TextField
        label={t('auth.password')}
        name="password"
        type="password"
        autoComplete="new-password"
        value={values.password}
        error={errorOf('password')}
        onChange={setValue}
      />
      <TextField
        label={t('auth.confirmPassword')}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        value={values.confirmPassword}
        error={errorOf('confirmPassword')}
        onChange={setValue}
      />
      {error && <FormError role="alert">{error}</FormError>}
      <Button type="submit" disabled={submitting}>
        {submitting ? t('auth.registering') : t('auth.register')}
      </Button>
    </Form>
  );
}
