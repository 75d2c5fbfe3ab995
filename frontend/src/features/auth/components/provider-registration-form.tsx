import { useTranslation } from 'react-i18next';
import { ProviderRegistration } from '@appointment/contracts/accounts';
import { REGISTRATION_INDUSTRIES } from '@appointment/contracts/constants';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Button } from '../../../ui/button.styles';
import { Form, FormError } from '../../../ui/form.styles';
import { SelectField } from '../../../ui/select-field';
import { TextField } from '../../../ui/text-field';
import { useSchemaForm } from '../../../ui/use-schema-form';
import { providerRegistrationSubmitted, selectRegistrationForm } from '../auth.slice';

const EMPTY = {
  businessName: '',
  industry: '',
  email: '',
  phone: '',
  address: '',
  password: '',
  confirmPassword: '',
};

/** SPEC §2.3 and §5 Provider registration; industries from SPEC §9 (Other only here). */
export function ProviderRegistrationForm({ labelledBy }: { labelledBy: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { submitting, error, fieldErrors } = useAppSelector(selectRegistrationForm);
  const { values, errors, setValue, handleSubmit } = useSchemaForm(ProviderRegistration, EMPTY);
  const errorOf = (field: keyof typeof EMPTY) => errors[field] ?? fieldErrors[field];
  const industries = REGISTRATION_INDUSTRIES.map((industry) => ({
    value: industry,
    label: t(`auth.industries.${industry}`),
  }));

  return (
    <Form
      aria-labelledby={labelledBy}
      noValidate
      onSubmit={handleSubmit((registration) => dispatch(providerRegistrationSubmitted(registration)))}
    >
      <TextField
        label={t('auth.businessName')}
        name="businessName"
        autoComplete="organization"
        value={values.businessName}
        error={errorOf('businessName')}
        onChange={setValue}
      />
      <SelectField
        label={t('auth.industry')}
        name="industry"
        placeholder={t('auth.selectIndustry')}
        options={industries}
        value={values.industry}
        error={errorOf('industry')}
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
        label={t('auth.address')}
        name="address"
        autoComplete="street-address"
        value={values.address}
        error={errorOf('address')}
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
