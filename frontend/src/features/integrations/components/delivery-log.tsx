import type { Webhook } from '@appointment/contracts/webhooks';
import { DataTable } from '../../../ui/data-table';
import { SmallButton } from '../../../ui/button.styles';
import { TableFrame } from '../../../ui/table.styles';
import { useRedeliverWebhookMutation, useWebhookDeliveriesQuery } from '../webhooks.api';
import { IntegrationError } from './integration-error';
import { Answer, Section, SectionTitle } from './webhooks.styles';

const COLUMNS = ['Event', 'Status', 'Attempts', 'Last status code', 'Latency', 'Time', 'Answer', 'Actions'];

/** A webhook's latest deliveries, refreshed every few seconds, each with Redeliver. */
export function DeliveryLog({ webhook, mayManage }: { webhook: Webhook; mayManage: boolean }) {
  const { data, isLoading, isError } = useWebhookDeliveriesQuery(webhook.id, { pollingInterval: 3000 });
  const [redeliver] = useRedeliverWebhookMutation();
  const titleId = `deliveries-${webhook.id}`;
  const deliveries = data ?? [];
  return (
    <Section aria-labelledby={titleId}>
      <SectionTitle id={titleId}>Deliveries of {webhook.name}</SectionTitle>
      {isError ? (
        <IntegrationError />
      ) : (
        <TableFrame>
          <DataTable
            labelledBy={titleId}
            columns={COLUMNS}
            busy={isLoading}
            message={isLoading ? 'Loading...' : deliveries.length === 0 ? 'No deliveries yet.' : null}
          >
            {deliveries.map((delivery) => (
              <tr key={delivery.id}>
                <td>{delivery.eventType}</td>
                <td>{delivery.status}</td>
                <td>{delivery.attempts}</td>
                <td>{delivery.lastStatusCode ?? '—'}</td>
                <td>{delivery.lastLatencyMs === null ? '—' : `${delivery.lastLatencyMs} ms`}</td>
                <td>{new Date(delivery.lastAttemptAt ?? delivery.createdAt).toLocaleString()}</td>
                <td>
                  <Answer>{delivery.lastResponse ?? ''}</Answer>
                </td>
                <td>
                  {mayManage && (
                    <SmallButton
                      type="button"
                      onClick={() => void redeliver({ id: webhook.id, deliveryId: delivery.id })}
                    >
                      Redeliver
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
