import type { Webhook } from '@appointment/contracts/webhooks';
import { useCatalogue } from '../../../lib/catalogue';
import { formatDateTime } from '../../../lib/locale-format';
import { DataTable } from '../../../ui/data-table';
import { SmallButton } from '../../../ui/button.styles';
import { TableFrame } from '../../../ui/table.styles';
import { useRedeliverWebhookMutation, useWebhookDeliveriesQuery } from '../webhooks.api';
import { INTEGRATIONS_TEXTS } from '../integrations.texts';
import { IntegrationError } from './integration-error';
import { Answer, Section, SectionTitle } from './webhooks.styles';

/** A webhook's latest deliveries, refreshed every few seconds, each with Redeliver. */
export function DeliveryLog({ webhook, mayManage }: { webhook: Webhook; mayManage: boolean }) {
  const { texts, t } = useCatalogue('integrations', INTEGRATIONS_TEXTS);
  const T = texts.webhooks;
  const columns = Object.values(T.deliveryColumns);
  const { data, isLoading, isError } = useWebhookDeliveriesQuery(webhook.id, { pollingInterval: 3000 });
  const [redeliver] = useRedeliverWebhookMutation();
  const titleId = `deliveries-${webhook.id}`;
  const deliveries = data ?? [];
  return (
    <Section aria-labelledby={titleId}>
      <SectionTitle id={titleId}>{t('webhooks.deliveriesOf', { name: webhook.name })}</SectionTitle>
      {isError ? (
        <IntegrationError />
      ) : (
        <TableFrame>
          <DataTable
            labelledBy={titleId}
            columns={columns}
            busy={isLoading}
            message={isLoading ? T.loading : deliveries.length === 0 ? T.noDeliveries : null}
          >
            {deliveries.map((delivery) => (
              <tr key={delivery.id}>
                <td>{delivery.eventType}</td>
                <td>{T.deliveryStatus[delivery.status] ?? delivery.status}</td>
                <td>{delivery.attempts}</td>
                <td>{delivery.lastStatusCode ?? '—'}</td>
                <td>
                  {delivery.lastLatencyMs === null
                    ? '—'
                    : t('webhooks.latencyMs', { ms: delivery.lastLatencyMs })}
                </td>
                <td>{formatDateTime(delivery.lastAttemptAt ?? delivery.createdAt)}</td>
                <td>
                  <Answer>{delivery.lastResponse ?? ''}</Answer>
                </td>
                <td>
                  {mayManage && (
                    <SmallButton
                      type="button"
                      onClick={() => void redeliver({ id: webhook.id, deliveryId: delivery.id })}
                    >
                      {T.redeliver}
                    </SmallButton>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        </TableFrame>
      )}
    </Section>
  );
}
