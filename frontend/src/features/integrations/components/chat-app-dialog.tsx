import { useState, type FormEvent } from 'react';
import { useCatalogue } from '../../../lib/catalogue';
import { ChatAppForm, type ChatApp } from '@appointment/contracts/integration-settings';
import { Form, FormButton, FormError, FormSecondaryButton } from '../../../ui/form.styles';
import { Modal } from '../../../ui/modal';
import { TextField } from '../../../ui/text-field';
import { INTEGRATIONS_TEXTS } from '../integrations.texts';

interface ChatAppDialogProps {
  open: boolean;
  app: ChatApp;
  saving: boolean;
  failed: boolean;
  onSave: (form: ChatAppForm) => void;
  onClose: () => void;
}

type Fields = { name: string; description: string; webhookUrl: string };

/** docs/product.md §2.8 the configure modal: name, description and webhook URL. */
export function ChatAppDialog({ open, app, saving, failed, onSave, onClose }: ChatAppDialogProps) {
  const { texts: T } = useCatalogue('integrations', INTEGRATIONS_TEXTS);
  return (
    <Modal open={open} title={T.chatApp} onClose={onClose}>
      <ChatAppFields app={app} saving={saving} failed={failed} onSave={onSave} onClose={onClose} />
    </Modal>
  );
}

function ChatAppFields({ app, saving, failed, onSave, onClose }: Omit<ChatAppDialogProps, 'open'>) {
  const { texts: T } = useCatalogue('integrations', INTEGRATIONS_TEXTS);
  const [fields, setFields] = useState<Fields>({
    name: app.name,
    description: app.description,
    webhookUrl: app.webhookUrl ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const change = (name: string, value: string) => setFields((current) => ({ ...current, [name]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = ChatAppForm.safeParse(fields);
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(
          parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]),
        ) as Partial<Record<keyof Fields, string>>,
      );
      return;
    }
    setErrors({});
    onSave(parsed.data);
  };

  return (
    <Form noValidate onSubmit={submit}>
      <TextField label={T.name} name="name" value={fields.name} onChange={change} error={errors.name} />
      <TextField
        label={T.description}
        name="description"
        value={fields.description}
        onChange={change}
        error={errors.description}
      />
      <TextField
        label={T.webhookUrl}
        name="webhookUrl"
        type="url"
        value={fields.webhookUrl}
        onChange={change}
        error={errors.webhookUrl}
      />
      {failed && <FormError role="alert">{T.chatAppFailed}</FormError>}
      <FormButton type="submit" disabled={saving}>
        {saving ? T.saving : T.save}
      </FormButton>
      <FormSecondaryButton type="button" onClick={onClose}>
        {T.cancel}
      </FormSecondaryButton>
    </Form>
  );
}
