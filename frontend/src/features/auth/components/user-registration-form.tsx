import { UserRegistration } from '@appointment/contracts/accounts';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { Form } from '../../../ui/form.styles';
import { useSchemaForm } from '../../../ui/use-schema-form';
import { selectRegistrationForm, userRegistrationSubmitted } from '../auth.slice';
import { RegistrationSubmit, RegistrationTextFields } from './registration-fields';

const EMPTY = { name: '', email: '', phone: '', password: '', confirmPassword: '' };
const FIELDS = ['name', 'email', 'phone', 'password', 'confirmPassword'] as const;

/** docs/product.md §2.3 and §5 User registration. */
export function UserRegistrationForm({ labelledBy }: { labelledBy: string }) {
  const dispatch = useAppDispatch();
  const { fieldErrors } = useAppSelector(selectRegistrationForm);
  const { values, errors, setValue, handleSubmit } = useSchemaForm(UserRegistration, EMPTY);

  return (
    <Form
      aria-labelledby={labelledBy}
      noValidate
      onSubmit={handleSubmit((registration) => dispatch(userRegistrationSubmitted(registration)))}
    >
      <RegistrationTextFields
        names={FIELDS}
        values={values}
        errorOf={(field) => errors[field] ?? fieldErrors[field]}
        onChange={setValue}
      />
      <RegistrationSubmit />
    </Form>
  );
}
