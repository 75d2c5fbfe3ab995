import { useState } from 'react';
import { can } from '@appointment/contracts/roles';
import { WEBHOOK_DELETE_CONFIRMATION, type Webhook } from '@appointment/contracts/webhooks';
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
import { useDeleteWebhookMutation, useRotateWebhookSecretMutation, useWebhooksQuery } from '../webhooks.api';

const COLUMNS = ['Name', 'URL', 'Events', 'Status', 'Secret', 'Actions'];

/** docs/product.md §2.8 Webhooks, made real (issue 10): the list, its forms, secrets and delivery log. */
export function WebhooksPage() {
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
          <PageTitle id="webhooks-title">Webhooks</PageTitle>
        </PageHeader>
        <IntegrationError />
      </section>
    );
  }

  return (
    <section aria-labelledby="webhooks-title" aria-busy={isLoading}>
      <PageHeader>
        <PageTitle id="webhooks-title">Webhooks</PageTitle>
        {mayAdd && (
          <Button type="button" onClick={() => setForm({})}>
            Add Webhook
          </Button>
        )}
      </PageHeader>
      <ProviderPicker scope={scope} optional />
      <TableFrame>
        <DataTable
          labelledBy="webhooks-title"
          columns={COLUMNS}
          busy={isLoading}
          message={isLoading ? 'Loading...' : webhooks.length === 0 ? 'No webhooks yet.' : null}
        >
          {webhooks.map((webhook) => (
            <tr key={webhook.id}>
              <td>{webhook.name}</td>
              <td>{webhook.url}</td>
              <td>{webhook.eventTypes.join(', ')}</td>
              <td>
                {webhook.active ? 'Active' : 'Inactive'}
                {webhook.disabledReason && <Muted> ({webhook.disabledReason})</Muted>}
              </td>
              <td>
                <Muted>{webhook.secretHint}</Muted>
              </td>
              <td>
                <Actions>
                  <SmallButton type="button" onClick={() => setShownId(webhook.id)}>
                    Deliveries
                  </SmallButton>
                  {mayManage && (
                    <>
                      <SmallButton type="button" onClick={() => setForm({ webhook })}>
                        Edit
                      </SmallButton>
                      <SmallButton
                        type="button"
                        onClick={async () => {
                          const result = await rotate(webhook.id);
                          if ('data' in result && result.data)
                            setSecret({ value: result.data.secret, name: webhook.name });
                        }}
                      >
                        Rotate Secret
                      </SmallButton>
                      <SmallButton type="button" $danger onClick={() => setDeleting(webhook)}>
                        Delete
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
        title="Delete Webhook"
        confirmLabel="Delete"
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) void remove(deleting.id);
          if (deleting?.id === shownId) setShownId(null);
          setDeleting(null);
        }}
      >
        {WEBHOOK_DELETE_CONFIRMATION}
      </ConfirmDialog>
    </section>
  );
}
