import { useTranslation } from 'react-i18next';
import { ProviderRegistration } from '@appointment/contracts/accounts';
import { REGISTRATION_INDUSTRIES } from '@appointment/contracts/constants';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { Form } from '../../../ui/form.styles';
import { SelectField } from '../../../ui/select-field';
import { useSchemaForm } from '../../../ui/use-schema-form';
import { providerRegistrationSubmitted, selectRegistrationForm } from '../auth.slice';
import { RegistrationSubmit, RegistrationTextFields } from './registration-fields';

const EMPTY = {
  businessName: '',
  industry: '',
  email: '',
  phone: '',
  address: '',
  password: '',
  confirmPassword: '',
};
const AFTER_INDUSTRY = ['email', 'phone', 'address', 'password', 'confirmPassword'] as const;

/** docs/product.md §2.3 and §5 Provider registration; industries from docs/product.md §9 (Other only here). */
export function ProviderRegistrationForm({ labelledBy }: { labelledBy: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { fieldErrors } = useAppSelector(selectRegistrationForm);
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
      <RegistrationTextFields
        names={['businessName']}
        values={values}
        errorOf={errorOf}
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
      <RegistrationTextFields names={AFTER_INDUSTRY} values={values} errorOf={errorOf} onChange={setValue} />
      <RegistrationSubmit />
    </Form>
  );
}
