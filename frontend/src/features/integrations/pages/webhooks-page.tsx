import { useState } from 'react';
import { can } from '@appointment/contracts/roles';
import type { Webhook } from '@appointment/contracts/webhooks';
import { useCatalogue } from '../../../lib/catalogue';
import { handled } from '../../../lib/handled';
import { useAppSelector } from '../../../lib/hooks';
import { selectRole } from '../../../lib/session.slice';
import { Button, SmallButton } from '../../../ui/button.styles';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { DataTable } from '../../../ui/data-table';
import { PageHeader, PageTitle } from '../../../ui/page.styles';
import { TableFrame } from '../../../ui/table.styles';
import { DeliveryLog } from '../components/delivery-log';
import { IntegrationError } from '../components/integration-error';
import { ProviderPicker, useIntegrationScope } from '../components/provider-picker';
import { SecretDialog } from '../components/secret-dialog';
import { WebhookFormDialog } from '../components/webhook-form-dialog';
import { Actions, Muted } from '../components/webhooks.styles';
import { INTEGRATIONS_TEXTS } from '../integrations.texts';
import { useDeleteWebhookMutation, useRotateWebhookSecretMutation, useWebhooksQuery } from '../webhooks.api';

/** docs/product.md §2.8 Webhooks, made real: the list, its forms, secrets and delivery log. */
export function WebhooksPage() {
  const T = useCatalogue('integrations', INTEGRATIONS_TEXTS).texts.webhooks;
  const columns = [
    T.columns.name,
    T.columns.url,
    T.columns.events,
    T.columns.status,
    T.columns.secret,
    T.columns.actions,
  ];
  const role = useAppSelector(selectRole) ?? undefined;
  const mayManage = can(role, 'integrations.manage');
  // Platform staff see every provider's webhooks, or one provider's once picked; the superadmin
  // adds one for the provider picked (a webhook belongs to a provider).
  const scope = useIntegrationScope();
  const mayAdd = mayManage && (role === 'admin' || scope.providerId !== undefined);
  const { data, isLoading, isError } = useWebhooksQuery(scope.providerId);
  const [form, setForm] = useState<{ webhook?: Webhook } | null>(null);
  const [secret, setSecret] = useState<{ value: string; name: string } | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [shownId, setShownId] = useState<string | null>(null);
  const [remove] = useDeleteWebhookMutation();
  const [rotate] = useRotateWebhookSecretMutation();
  const webhooks = data ?? [];
  const shown = webhooks.find((webhook) => webhook.id === shownId);

  if (isError) {
    return (
      <section aria-labelledby="webhooks-title">
        <PageHeader>
          <PageTitle id="webhooks-title">{T.title}</PageTitle>
        </PageHeader>
        <IntegrationError />
      </section>
    );
  }

  return (
    <section aria-labelledby="webhooks-title" aria-busy={isLoading}>
      <PageHeader>
        <PageTitle id="webhooks-title">{T.title}</PageTitle>
        {mayAdd && (
          <Button type="button" onClick={() => setForm({})}>
            {T.add}
          </Button>
        )}
      </PageHeader>
      <ProviderPicker scope={scope} optional />
      <TableFrame>
        <DataTable
          labelledBy="webhooks-title"
          columns={columns}
          busy={isLoading}
          message={isLoading ? T.loading : webhooks.length === 0 ? T.none : null}
        >
          {webhooks.map((webhook) => (
            <tr key={webhook.id}>
              <td>{webhook.name}</td>
              <td>{webhook.url}</td>
              <td>{webhook.eventTypes.join(', ')}</td>
              <td>
                {webhook.active ? T.active : T.inactive}
                {webhook.disabledReason && <Muted> ({webhook.disabledReason})</Muted>}
              </td>
              <td>
                <Muted>{webhook.secretHint}</Muted>
              </td>
              <td>
                <Actions>
                  <SmallButton type="button" onClick={() => setShownId(webhook.id)}>
                    {T.deliveries}
                  </SmallButton>
                  {mayManage && (
                    <>
                      <SmallButton type="button" onClick={() => setForm({ webhook })}>
                        {T.editAction}
                      </SmallButton>
                      <SmallButton
                        type="button"
                        onClick={handled(async () => {
                          const result = await rotate(webhook.id);
                          if ('data' in result && result.data)
                            setSecret({ value: result.data.secret, name: webhook.name });
                        }, 'Failed to rotate the webhook secret')}
                      >
                        {T.rotateSecret}
                      </SmallButton>
                      <SmallButton type="button" $danger onClick={() => setDeleting(webhook)}>
                        {T.delete}
                      </SmallButton>
                    </>
                  )}
                </Actions>
              </td>
            </tr>
          ))}
        </DataTable>
      </TableFrame>
      {shown && <DeliveryLog webhook={shown} mayManage={mayManage} />}
      <WebhookFormDialog
        open={form !== null}
        webhook={form?.webhook}
        onClose={() => setForm(null)}
        providerId={scope.providerId}
        onCreated={(value, name) => {
          setForm(null);
          setSecret({ value, name });
        }}
      />
      <SecretDialog
        secret={secret?.value ?? null}
        webhookName={secret?.name ?? ''}
        onClose={() => setSecret(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={T.deleteTitle}
        confirmLabel={T.delete}
        cancelLabel={T.cancel}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) void remove(deleting.id);
          if (deleting?.id === shownId) setShownId(null);
          setDeleting(null);
        }}
      >
        {T.deleteQuestion}
      </ConfirmDialog>
    </section>
  );
}
