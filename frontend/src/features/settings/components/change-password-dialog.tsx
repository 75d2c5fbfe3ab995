import { useId, useState, type FormEvent } from 'react';
import { MessageText } from '../../../ui/message-text';
import { ChangePassword } from '@appointment/contracts/accounts';
import { firstErrorPerField } from '../../../ui/use-schema-form';
import { useAppDispatch } from '../../../lib/hooks';
import { Modal } from '../../../ui/modal';
import { ModalActions as Actions } from '../../../ui/modal.styles';
import { useChangePasswordMutation } from '../settings.api';
import { passwordDialogClosed } from '../settings.slice';
import { Failure, Form } from './change-password-dialog.styles';
import { useCatalogue } from '../../../lib/catalogue';
import { SETTINGS_TEXTS } from '../settings.texts';
import { Field, FieldError, Input, Label, PrimaryButton, SecondaryButton } from './settings-controls.styles';

const FIELDS = [
  { key: 'currentPassword', autoComplete: 'current-password' },
  { key: 'newPassword', autoComplete: 'new-password' },
  { key: 'confirmPassword', autoComplete: 'new-password' },
] as const;

type FieldKey = (typeof FIELDS)[number]['key'];
type Values = Record<FieldKey, string>;

const EMPTY: Values = { currentPassword: '', newPassword: '', confirmPassword: '' };

interface PasswordFormProps {
  saving: boolean;
  serverError: string | null;
}

function PasswordForm({ saving, serverError }: PasswordFormProps) {
  const { texts: T } = useCatalogue('settings', SETTINGS_TEXTS);
  const idPrefix = useId();
  const dispatch = useAppDispatch();
  const [changePassword] = useChangePasswordMutation();
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
    void changePassword(result.data);
  };

  return (
    <Form noValidate onSubmit={onSubmit}>
      {FIELDS.map(({ key, autoComplete }) => {
        const id = `${idPrefix}-${key}`;
        const error = errors[key];
        return (
          <Field key={key}>
            <Label htmlFor={id}>{T.passwordFields[key]}</Label>
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
      {serverError && (
        <Failure role="alert">
          <MessageText>{serverError}</MessageText>
        </Failure>
      )}
      <Actions>
        <SecondaryButton type="button" onClick={() => dispatch(passwordDialogClosed())}>
          {T.cancel}
        </SecondaryButton>
        <PrimaryButton type="submit" disabled={saving}>
          {saving ? T.updating : T.updatePassword}
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
  const { texts: T } = useCatalogue('settings', SETTINGS_TEXTS);
  const dispatch = useAppDispatch();

  return (
    <Modal
      open={open}
      title={T.changePassword}
      width="28rem"
      onClose={() => dispatch(passwordDialogClosed())}
    >
      <PasswordForm saving={saving} serverError={serverError} />
    </Modal>
  );
}
