import type { HTMLInputTypeAttribute } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../lib/hooks';
import { Button } from '../../../ui/button.styles';
import { FormError } from '../../../ui/form.styles';
import { TextField } from '../../../ui/text-field';
import { selectRegistrationForm } from '../auth.slice';

/** The text inputs of the two registration forms (docs/product.md §2.3): label key, type and autofill hint. */
const TEXT_FIELDS = {
  name: { label: 'auth.name', autoComplete: 'name' },
  businessName: { label: 'auth.businessName', autoComplete: 'organization' },
  email: { label: 'auth.email', type: 'email', autoComplete: 'email' },
  phone: { label: 'auth.phone', type: 'tel', autoComplete: 'tel' },
  address: { label: 'auth.address', autoComplete: 'street-address' },
  password: { label: 'auth.password', type: 'password', autoComplete: 'new-password' },
  confirmPassword: { label: 'auth.confirmPassword', type: 'password', autoComplete: 'new-password' },
} satisfies Record<string, { label: string; type?: HTMLInputTypeAttribute; autoComplete: string }>;

export type RegistrationTextField = keyof typeof TEXT_FIELDS;

interface RegistrationTextFieldsProps<F extends RegistrationTextField> {
  names: readonly F[];
  values: Record<F, string>;
  /** The form's own message for a field, else the server's. */
  errorOf: (field: F) => string | undefined;
  onChange: (name: string, value: string) => void;
}

/** Text inputs in the order given, each labelled, typed and with its message under it. */
export function RegistrationTextFields<F extends RegistrationTextField>({
  names,
  values,
  errorOf,
  onChange,
}: RegistrationTextFieldsProps<F>) {
  const { t } = useTranslation();
  return names.map((name) => {
    const field: { label: string; type?: HTMLInputTypeAttribute; autoComplete: string } = TEXT_FIELDS[name];
    return (
      <TextField
        key={name}
        label={t(field.label)}
        name={name}
        type={field.type}
        autoComplete={field.autoComplete}
        value={values[name]}
        error={errorOf(name)}
        onChange={onChange}
      />
    );
  });
}

/** The registration's error, if any, and its submit button, which shows the request in flight. */
export function RegistrationSubmit() {
  const { t } = useTranslation();
  const { submitting, error } = useAppSelector(selectRegistrationForm);
  return (
    <>
      {error && <FormError role="alert">{error}</FormError>}
      <Button type="submit" disabled={submitting}>
        {submitting ? t('auth.registering') : t('auth.register')}
      </Button>
    </>
  );
}
