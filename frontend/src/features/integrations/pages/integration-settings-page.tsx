import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useCatalogue } from '../../../lib/catalogue';
import {
  ChatbotSettings,
  MAX_RESPONSE_LENGTHS,
  TEMPLATE_STATUSES,
  WhatsAppSettings,
  type ChatbotTemplates,
  type WhatsAppTemplate,
} from '@appointment/contracts/integration-settings';
import { Button, SecondaryButton } from '../../../ui/button.styles';
import { Field, FormError, Input, Label, Select } from '../../../ui/form.styles';
import { Notice, StandalonePageTitle } from '../../../ui/page.styles';
import { Switch, SwitchRow } from '../../../ui/toggle.styles';
import { IntegrationError } from '../components/integration-error';
import { ProviderPicker, useIntegrationScope, type IntegrationScope } from '../components/provider-picker';
import {
  useIntegrationSettingsQuery,
  useSaveChatbotMutation,
  useSaveWhatsAppMutation,
} from '../integrations.api';
import { INTEGRATIONS_TEXTS } from '../integrations.texts';
import {
  Locked,
  Panel,
  PanelTitle,
  Panels,
  Row,
  Saved,
  TemplateItem,
  TextArea,
} from './integration-settings.styles';

/** docs/product.md §2.8 Integration Settings: the AI chatbot and WhatsApp panels, saved. */
export function IntegrationSettingsPage() {
  const { texts: T } = useCatalogue('integrations', INTEGRATIONS_TEXTS);
  const scope = useIntegrationScope();
  const settings = useIntegrationSettingsQuery(scope.providerId, { skip: !scope.ready });
  return (
    <section aria-labelledby="page-title">
      <StandalonePageTitle id="page-title">{T.integrationSettings}</StandalonePageTitle>
      <ProviderPicker scope={scope} />
      {!scope.ready ? null : settings.isError ? (
        <IntegrationError />
      ) : settings.data ? (
        <Panels>
          <ChatbotPanel
            key={settings.data.providerId}
            saved={settings.data.chatbot}
            models={settings.data.chatModels ?? []}
            scope={scope}
          />
          <WhatsAppPanel key={settings.data.providerId} saved={settings.data.whatsapp} scope={scope} />
        </Panels>
      ) : (
        <Notice role="status">{T.loading}</Notice>
      )}
    </section>
  );
}

/** The model is one the operator offers (CHAT_MODELS); a saved one outside the list still shows. */
function ChatbotPanel({
  saved,
  models,
  scope,
}: {
  saved: ChatbotSettings;
  models: string[];
  scope: IntegrationScope;
}) {
  const { texts: T, t } = useCatalogue('integrations', INTEGRATIONS_TEXTS);
  const id = useId();
  const panel = useSettingsPanel(ChatbotSettings, saved, useSaveChatbotMutation(), scope);
  const { form, setForm } = panel;
  const template = (key: keyof ChatbotTemplates, value: string) =>
    setForm((current) => ({ ...current, templates: { ...current.templates, [key]: value } }));

  return (
    <SettingsPanel title={T.chatbotPanel} enableLabel={T.enableChatbot} panel={panel} scope={scope}>
      <Row>
        <Field>
          <Label htmlFor={`${id}-model`}>{T.model}</Label>
          <Select
            id={`${id}-model`}
            value={form.model}
            onChange={(event) => setForm({ ...form, model: event.target.value })}
          >
            {(models.includes(form.model) ? models : [form.model, ...models]).map((model) => (
              <option key={model} value={model}>
                {model}
              </option>
            ))}
          </Select>
        </Field>
        <Field>
          <Label htmlFor={`${id}-temperature`}>
            {t('temperature', { value: Math.round(form.temperature * 100) })}
          </Label>
          <input
            id={`${id}-temperature`}
            type="range"
            min={0}
            max={100}
            value={Math.round(form.temperature * 100)}
            onChange={(event) => setForm({ ...form, temperature: Number(event.target.value) / 100 })}
          />
        </Field>
        <Field>
          <Label htmlFor={`${id}-length`}>{T.maxLength}</Label>
          <Select
            id={`${id}-length`}
            value={form.maxTokens}
            onChange={(event) =>
              setForm({
                ...form,
                maxTokens: Number(event.target.value) as ChatbotSettings['maxTokens'],
              })
            }
          >
            {MAX_RESPONSE_LENGTHS.map((length) => (
              <option key={length} value={length}>
                {length}
              </option>
            ))}
          </Select>
        </Field>
      </Row>
      <PanelTitle as="h3">{T.responseTemplates}</PanelTitle>
      {(Object.keys(T.templateLabels) as (keyof ChatbotTemplates)[]).map((key) => (
        <Field key={key}>
          <Label htmlFor={`${id}-${key}`}>{T.templateLabels[key]}</Label>
          <TextArea
            id={`${id}-${key}`}
            value={form.templates[key]}
            onChange={(event) => template(key, event.target.value)}
          />
        </Field>
      ))}
    </SettingsPanel>
  );
}

const emptyTemplate = (): WhatsAppTemplate => ({ name: '', language: 'en', status: 'pending', body: '' });

function WhatsAppPanel({ saved, scope }: { saved: WhatsAppSettings; scope: IntegrationScope }) {
  const { texts: T } = useCatalogue('integrations', INTEGRATIONS_TEXTS);
  const id = useId();
  const panel = useSettingsPanel(WhatsAppSettings, saved, useSaveWhatsAppMutation(), scope);
  const { form, setForm } = panel;
  const change = (index: number, patch: Partial<WhatsAppTemplate>) =>
    setForm((current) => ({
      ...current,
      templates: current.templates.map((template, at) =>
        at === index ? { ...template, ...patch } : template,
      ),
    }));

  return (
    <SettingsPanel title={T.whatsappPanel} enableLabel={T.enableWhatsapp} panel={panel} scope={scope}>
      <Row>
        <Field>
          <Label htmlFor={`${id}-number`}>{T.connectedNumber}</Label>
          <Input
            id={`${id}-number`}
            value={form.connectedNumber}
            onChange={(event) => setForm({ ...form, connectedNumber: event.target.value })}
          />
        </Field>
        <Field>
          <Label htmlFor={`${id}-phone-id`}>{T.phoneNumberId}</Label>
          <Input
            id={`${id}-phone-id`}
            inputMode="numeric"
            value={form.phoneNumberId}
            onChange={(event) => setForm({ ...form, phoneNumberId: event.target.value })}
          />
        </Field>
        <Field>
          <Label htmlFor={`${id}-token`}>{T.accessToken}</Label>
          <Input
            id={`${id}-token`}
            type="password"
            autoComplete="off"
            value={form.accessToken ?? ''}
            onChange={(event) => setForm({ ...form, accessToken: event.target.value })}
          />
        </Field>
      </Row>
      <PanelTitle as="h3">{T.templates}</PanelTitle>
      {form.templates.map((template, index) => (
        <TemplateItem key={index} aria-label={template.name || T.templateName}>
          <Row>
            <Field>
              <Label htmlFor={`${id}-${index}-name`}>{T.templateName}</Label>
              <Input
                id={`${id}-${index}-name`}
                value={template.name}
                onChange={(event) => change(index, { name: event.target.value })}
              />
            </Field>
            <Field>
              <Label htmlFor={`${id}-${index}-language`}>{T.templateLanguage}</Label>
              <Input
                id={`${id}-${index}-language`}
                value={template.language}
                onChange={(event) => change(index, { language: event.target.value })}
              />
            </Field>
            <Field>
              <Label htmlFor={`${id}-${index}-status`}>{T.templateStatus}</Label>
              <Select
                id={`${id}-${index}-status`}
                value={template.status}
                onChange={(event) =>
                  change(index, { status: event.target.value as WhatsAppTemplate['status'] })
                }
              >
                {TEMPLATE_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {T.statusLabels[status]}
                  </option>
                ))}
              </Select>
            </Field>
          </Row>
          <Field>
            <Label htmlFor={`${id}-${index}-body`}>{T.templateBody}</Label>
            <TextArea
              id={`${id}-${index}-body`}
              value={template.body}
              onChange={(event) => change(index, { body: event.target.value })}
            />
          </Field>
          <div>
            <SecondaryButton
              type="button"
              onClick={() => setForm({ ...form, templates: form.templates.filter((_, at) => at !== index) })}
            >
              {T.removeTemplate}
            </SecondaryButton>
          </div>
        </TemplateItem>
      ))}
      <div>
        <SecondaryButton
          type="button"
          onClick={() => setForm({ ...form, templates: [...form.templates, emptyTemplate()] })}
        >
          {T.addTemplate}
        </SecondaryButton>
      </div>
    </SettingsPanel>
  );
}

/** What a settings mutation hook gives: the trigger and its state (RTK Query's tuple). */
type SaveMutation<T> = readonly [
  (argument: { providerId: string | undefined; body: T }) => unknown,
  { isLoading: boolean; isSuccess: boolean; isError: boolean },
];

/**
 * One settings panel's form: the saved settings to start from, checked against their contract's schema
 * on submit, saved for the provider in scope, and the state its Save row shows.
 */
function useSettingsPanel<T>(
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
  saved: T,
  [save, saving]: SaveMutation<T>,
  scope: IntegrationScope,
) {
  const [form, setForm] = useState(saved);
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = schema.safeParse(form);
    setInvalid(!parsed.success);
    if (parsed.success) void save({ providerId: scope.providerId, body: parsed.data });
  };
  const status = {
    saving: saving.isLoading,
    saved: saving.isSuccess && !invalid,
    failed: saving.isError || invalid,
  };
  return { form, setForm, submit, status };
}

/**
 * A settings panel as both integrations show it: its title, the switch that turns the integration
 * on, its own fields, and the Save row; the fields locked for someone who may not manage them.
 */
function SettingsPanel<T extends { enabled: boolean }>({
  title,
  enableLabel,
  panel: { form, setForm, submit, status },
  scope,
  children,
}: {
  title: string;
  enableLabel: string;
  panel: ReturnType<typeof useSettingsPanel<T>>;
  scope: IntegrationScope;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Panel aria-labelledby={`${id}-title`}>
      <PanelTitle id={`${id}-title`}>{title}</PanelTitle>
      <form noValidate onSubmit={submit}>
        <Locked disabled={!scope.mayManage}>
          <Panels>
            <SwitchRow>
              {enableLabel}
              <Switch
                checked={form.enabled}
                onChange={(event) => setForm({ ...form, enabled: event.target.checked })}
              />
            </SwitchRow>
            {children}
            {scope.mayManage && <SaveRow {...status} />}
          </Panels>
        </Locked>
      </form>
    </Panel>
  );
}

function SaveRow({ saving, saved, failed }: { saving: boolean; saved: boolean; failed: boolean }) {
  const { texts: T } = useCatalogue('integrations', INTEGRATIONS_TEXTS);
  return (
    <div>
      <Button type="submit" disabled={saving}>
        {saving ? T.saving : T.save}
      </Button>
      <div role="status">{saved && <Saved>{T.saved}</Saved>}</div>
      {failed && <FormError role="alert">{T.saveFailed}</FormError>}
    </div>
  );
}
