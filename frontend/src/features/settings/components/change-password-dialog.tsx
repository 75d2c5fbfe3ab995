import { useId, useState, type FormEvent } from 'react';
import { ChangePassword } from '@appointment/contracts/accounts';
import { firstErrorPerField } from '../../../ui/use-schema-form';
import { useAppDispatch } from '../../../lib/hooks';
import { Modal } from '../../../ui/modal';
import { ModalActions as Actions } from '../../../ui/modal.styles';
import { passwordChangeSubmitted, passwordDialogClosed } from '../settings.slice';
import { Failure, Form } from './change-password-dialog.styles';
import { Field, FieldError, Input, Label, PrimaryButton, SecondaryButton } from './settings-controls.styles';

const FIELDS = [
  { key: 'currentPassword', label: 'Current Password', autoComplete: 'current-password' },
  { key: 'newPassword', label: 'New Password', autoComplete: 'new-password' },
  { key: 'confirmPassword', label: 'Confirm Password', autoComplete: 'new-password' },
] as const;

type FieldKey = (typeof FIELDS)[number]['key'];
type Values = Record<FieldKey, string>;

const EMPTY: Values = { currentPassword: '', newPassword: '', confirmPassword: '' };

interface PasswordFormProps {
  saving: boolean;
  serverError: string | null;
}

function PasswordForm({ saving, serverError }: PasswordFormProps) {
  const idPrefix = useId();
  const dispatch = useAppDispatch();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = ChangePassword.safeParse(values);
    if (!result.success) {
      setErrors(firstErrorPerField(result.error.issues));
      return;
    }
    setErrors({});
    dispatch(passwordChangeSubmitted(result.data));
  };

  return (
    <Form noValidate onSubmit={onSubmit}>
      {FIELDS.map(({ key, label, autoComplete }) => {
        const id = `${idPrefix}-${key}`;
        const error = errors[key];
        return (
          <Field key={key}>
            <Label htmlFor={id}>{label}</Label>
            <Input
              id={id}
              type="password"
              autoComplete={autoComplete}
              value={values[key]}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => setValues((current) => ({ ...current, [key]: event.target.value }))}
            />
            {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
          </Field>
        );
      })}
      {serverError && <Failure role="alert">{serverError}</Failure>}
      <Actions>
        <SecondaryButton type="button" onClick={() => dispatch(passwordDialogClosed())}>
          Cancel
        </SecondaryButton>
        <PrimaryButton type="submit" disabled={saving}>
          {saving ? 'Updating...' : 'Update Password'}
        </PrimaryButton>
      </Actions>
    </Form>
  );
}

interface ChangePasswordDialogProps {
  open: boolean;
  saving: boolean;
  serverError: string | null;
}

/** docs/product.md §2.7 Security: the Change Password modal, validated as docs/product.md §5 says. */
export function ChangePasswordDialog({ open, saving, serverError }: ChangePasswordDialogProps) {
  const dispatch = useAppDispatch();

  return (
    <Modal open={open} title="Change Password" width="28rem" onClose={() => dispatch(passwordDialogClosed())}>
      <PasswordForm saving={saving} serverError={serverError} />
    </Modal>
  );
}
