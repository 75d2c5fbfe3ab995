import { useId, useState, type FormEvent } from 'react';
import {
  INTEGRATION_EVENT_TYPES,
  type IntegrationEventType,
} from '@appointment/contracts/integration-events';
import { WebhookInput, type Webhook } from '@appointment/contracts/webhooks';
import { useCatalogue } from '../../../lib/catalogue';
import { handled } from '../../../lib/handled';
import {
  Field,
  FieldError,
  Form,
  FormButton,
  FormError,
  FormSecondaryButton,
  Input,
  Label,
} from '../../../ui/form.styles';
import { Modal } from '../../../ui/modal';
import { ModalActions } from '../../../ui/modal.styles';
import { INTEGRATIONS_TEXTS } from '../integrations.texts';
import { fieldErrorsOf, messageOf, useCreateWebhookMutation, useEditWebhookMutation } from '../webhooks.api';
import { Check, Checks } from './webhooks.styles';

interface WebhookFormDialogProps {
  open: boolean;
  /** The webhook being edited; undefined adds one. */
  webhook?: Webhook;
  onClose: () => void;
  /** A new webhook's secret, to show once. */
  onCreated: (secret: string, name: string) => void;
  /** The provider a superadmin adds it for; an admin's is their own. */
  providerId?: string;
}

/** The Add Webhook modal and its edit twin (docs/product.md §2.8): name, URL, events, active. */
export function WebhookFormDialog({ open, webhook, onClose, onCreated, providerId }: WebhookFormDialogProps) {
  const T = useCatalogue('integrations', INTEGRATIONS_TEXTS).texts.webhooks;
  return (
    <Modal open={open} title={webhook ? T.edit : T.add} onClose={onClose} width="36rem">
      <WebhookForm
        key={webhook?.id ?? 'new'}
        webhook={webhook}
        onClose={onClose}
        onCreated={onCreated}
        providerId={providerId}
      />
    </Modal>
  );
}

function WebhookForm({ webhook, onClose, onCreated, providerId }: Omit<WebhookFormDialogProps, 'open'>) {
  const id = useId();
  const T = useCatalogue('integrations', INTEGRATIONS_TEXTS).texts.webhooks;
  const [name, setName] = useState(webhook?.name ?? '');
  const [url, setUrl] = useState(webhook?.url ?? '');
  const [eventTypes, setEventTypes] = useState<IntegrationEventType[]>(
    webhook?.eventTypes ?? ['appointment.booked'],
  );
  const [active, setActive] = useState(webhook?.active ?? true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [create, created] = useCreateWebhookMutation();
  const [edit, edited] = useEditWebhookMutation();
  const saving = created.isLoading || edited.isLoading;
  const failure = created.error ?? edited.error;

  const submit = handled(async (event: FormEvent) => {
    event.preventDefault();
    const input = { name, url, eventTypes, active };
    const checked = WebhookInput.safeParse(input);
    if (!checked.success) {
      setErrors(
        Object.fromEntries(checked.error.issues.map((issue) => [String(issue.path[0]), issue.message])),
      );
      return;
    }
    setErrors({});
    if (webhook) {
      const result = await edit({ id: webhook.id, input });
      if (!('error' in result)) onClose();
      else setErrors(fieldErrorsOf(result.error));
    } else {
      const result = await create(providerId ? { ...input, providerId } : input);
      if ('data' in result && result.data) onCreated(result.data.secret, result.data.webhook.name);
      else setErrors(fieldErrorsOf(result.error));
    }
  }, 'Failed to save the webhook');

  const toggle = (type: IntegrationEventType, on: boolean) =>
    setEventTypes((types) => (on ? [...types, type] : types.filter((each) => each !== type)));

  return (
    <Form onSubmit={submit} noValidate>
      <Field>
        <Label htmlFor={`${id}-name`}>{T.name}</Label>
        <Input
          id={`${id}-name`}
          value={name}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? `${id}-name-error` : undefined}
          onChange={(event) => setName(event.target.value)}
        />
        {errors.name && <FieldError id={`${id}-name-error`}>{errors.name}</FieldError>}
      </Field>
      <Field>
        <Label htmlFor={`${id}-url`}>{T.url}</Label>
        <Input
          id={`${id}-url`}
          type="url"
          value={url}
          placeholder="https://example.com/webhooks"
          aria-invalid={errors.url ? true : undefined}
          aria-describedby={errors.url ? `${id}-url-error` : undefined}
          onChange={(event) => setUrl(event.target.value)}
        />
        {errors.url && <FieldError id={`${id}-url-error`}>{errors.url}</FieldError>}
      </Field>
      <Checks aria-describedby={errors.eventTypes ? `${id}-events-error` : undefined}>
        <legend>{T.eventsToSend}</legend>
        {INTEGRATION_EVENT_TYPES.map((type) => (
          <Check key={type}>
            <input
              type="checkbox"
              checked={eventTypes.includes(type)}
              onChange={(event) => toggle(type, event.target.checked)}
            />
            {type}
          </Check>
        ))}
      </Checks>
      {errors.eventTypes && <FieldError id={`${id}-events-error`}>{errors.eventTypes}</FieldError>}
      <Check>
        <input type="checkbox" checked={active} onChange={(event) => setActive(event.target.checked)} />
        {T.active}
      </Check>
      {errors.providerId && <FormError role="alert">{errors.providerId}</FormError>}
      {failure && Object.keys(errors).length === 0 && (
        <FormError role="alert">{messageOf(failure, T.saveFailed)}</FormError>
      )}
      <ModalActions>
        <FormSecondaryButton type="button" onClick={onClose}>
          {T.cancel}
        </FormSecondaryButton>
        <FormButton type="submit" disabled={saving}>
          {saving ? T.saving : webhook ? T.save : T.add}
        </FormButton>
      </ModalActions>
    </Form>
  );
}
