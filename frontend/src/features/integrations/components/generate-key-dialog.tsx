import { useId, useState, type FormEvent } from 'react';
import { API_KEY_SCOPES, CreateApiKeyRequest, type ApiKeyScope } from '@appointment/contracts/api-keys';
import { fieldErrorsOf } from '@appointment/contracts/errors';
import { useCatalogue } from '../../../lib/catalogue';
import { handled } from '../../../lib/handled';
import { MESSAGES } from '@appointment/contracts/messages';
import {
  FieldError,
  Fieldset,
  Form,
  FormButton,
  FormError,
  FormSecondaryButton,
} from '../../../ui/form.styles';
import { Modal } from '../../../ui/modal';
import { ModalActions } from '../../../ui/modal.styles';
import { TextField } from '../../../ui/text-field';
import { refusalOf, useCreateApiKeyMutation } from '../api-keys.api';
import { INTEGRATIONS_TEXTS } from '../integrations.texts';
import { CheckRow, KeyBox, ScopeList } from './api-keys.styles';

interface GenerateKeyDialogProps {
  open: boolean;
  onClose: () => void;
  /** Copies the new key; the page shows "API key copied to clipboard". */
  onCopy: (key: string) => void;
}

/** Generate New Key (docs/product.md §2.8): a name and scopes, then the full key, shown this once. */
export function GenerateKeyDialog({ open, onClose, onCopy }: GenerateKeyDialogProps) {
  const T = useCatalogue('integrations', INTEGRATIONS_TEXTS).texts.apiKeys;
  return (
    <Modal open={open} title={T.generateNewKey} onClose={onClose} width="34rem">
      <GenerateKeyForm onClose={onClose} onCopy={onCopy} />
    </Modal>
  );
}

function GenerateKeyForm({ onClose, onCopy }: Omit<GenerateKeyDialogProps, 'open'>) {
  const id = useId();
  const T = useCatalogue('integrations', INTEGRATIONS_TEXTS).texts.apiKeys;
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [create, { data: created, isLoading, error }] = useCreateApiKeyMutation();

  if (created) {
    return (
      <>
        <p id={`${id}-once`}>{T.shownOnce}</p>
        <KeyBox aria-label={T.newKey} aria-describedby={`${id}-once`}>
          {created.key}
        </KeyBox>
        <ModalActions>
          <FormSecondaryButton type="button" onClick={() => onCopy(created.key)}>
            {T.copy}
          </FormSecondaryButton>
          <FormButton type="button" onClick={onClose}>
            {T.done}
          </FormButton>
        </ModalActions>
      </>
    );
  }

  const submit = handled(async (event: FormEvent) => {
    event.preventDefault();
    const parsed = CreateApiKeyRequest.safeParse({ name, scopes });
    if (!parsed.success) {
      setErrors(Object.fromEntries(fieldErrorsOf(parsed.error).map((e) => [e.field, e.message])));
      return;
    }
    setErrors({});
    const answer = await create(parsed.data);
    const refused = refusalOf(answer.error);
    if (refused?.errors) setErrors(Object.fromEntries(refused.errors.map((e) => [e.field, e.message])));
  }, 'Failed to generate the API key');

  const toggle = (scope: ApiKeyScope, on: boolean) =>
    setScopes((current) => (on ? [...current, scope] : current.filter((s) => s !== scope)));

  const failure =
    error && !refusalOf(error)?.errors ? (refusalOf(error)?.message ?? MESSAGES.apiKeyCreateFailed) : null;

  return (
    <Form onSubmit={submit} noValidate>
      <TextField
        label={T.keyName}
        name="name"
        value={name}
        onChange={(_, value) => setName(value)}
        error={errors.name}
      />
      <Fieldset aria-describedby={errors.scopes ? `${id}-scopes-error` : undefined}>
        <legend>{T.scopes}</legend>
        <ScopeList>
          {API_KEY_SCOPES.map((scope) => (
            <li key={scope}>
              <CheckRow>
                <input
                  type="checkbox"
                  name="scopes"
                  value={scope}
                  checked={scopes.includes(scope)}
                  onChange={(event) => toggle(scope, event.target.checked)}
                />
                <span>
                  <code>{scope}</code> {T.scopeText[scope]}
                </span>
              </CheckRow>
            </li>
          ))}
        </ScopeList>
        {errors.scopes && <FieldError id={`${id}-scopes-error`}>{errors.scopes}</FieldError>}
      </Fieldset>
      {failure && <FormError role="alert">{failure}</FormError>}
      <ModalActions>
        <FormSecondaryButton type="button" onClick={onClose}>
          {T.cancel}
        </FormSecondaryButton>
        <FormButton type="submit" disabled={isLoading}>
          {T.generateKey}
        </FormButton>
      </ModalActions>
    </Form>
  );
}
