import type { Command } from '../../domain/command-handler';
import { specFor } from '../../domain/decider-spec';
import { IllegalStateError, NotFoundError } from '../../domain/errors';
import { webhookDecider, type WebhookCommand, type WebhookEvent } from './webhook.decider';

const now = '2026-11-24T09:00:00.000Z';
const metadata: Command['metadata'] = { now, userId: 'admin-1' };
const W = 'wh1';
const fields = {
  name: 'CRM',
  url: 'https://crm.example.com/hooks',
  eventTypes: ['appointment.booked' as const],
  active: true,
};
const created: WebhookEvent = {
  type: 'WebhookCreated',
  data: { webhookId: W, providerId: 'p1', secret: 'whsec_a', ...fields, at: now },
};
const command = (c: Omit<WebhookCommand, 'metadata'>) => ({ ...c, metadata }) as WebhookCommand;

describe('webhook decider', () => {
  const spec = specFor(webhookDecider);

  it('creates a webhook once', () => {
    const create = command({
      type: 'CreateWebhook',
      data: { webhookId: W, providerId: 'p1', secret: 'whsec_a', ...fields },
    });
    spec.given([]).when(create).then([created]);
    spec.given([created]).when(create).thenNothingHappened();
  });

  it('edits what changed, and nothing when nothing did', () => {
    const edit = command({
      type: 'EditWebhook',
      data: { webhookId: W, ...fields, eventTypes: ['appointment.booked', 'payment.confirmed'] },
    });
    spec
      .given([created])
      .when(edit)
      .then([
        {
          type: 'WebhookEdited',
          data: {
            webhookId: W,
            providerId: 'p1',
            ...fields,
            eventTypes: ['appointment.booked', 'payment.confirmed'],
            at: now,
          },
        },
      ]);
    spec
      .given([created])
      .when(command({ type: 'EditWebhook', data: { webhookId: W, ...fields } }))
      .thenNothingHappened();
  });

  it('an unknown or deleted webhook cannot be edited or rotated', () => {
    const deleted: WebhookEvent = {
      type: 'WebhookDeleted',
      data: { webhookId: W, providerId: 'p1', at: now },
    };
    const edit = command({ type: 'EditWebhook', data: { webhookId: W, ...fields } });
    const rotate = command({ type: 'RotateWebhookSecret', data: { webhookId: W, secret: 'whsec_b' } });
    spec.given([]).when(edit).thenThrows(NotFoundError);
    spec.given([created, deleted]).when(edit).thenThrows(NotFoundError);
    spec.given([created, deleted]).when(rotate).thenThrows(NotFoundError);
  });

  it('deletes once', () => {
    const del = command({ type: 'DeleteWebhook', data: { webhookId: W } });
    const deleted: WebhookEvent = {
      type: 'WebhookDeleted',
      data: { webhookId: W, providerId: 'p1', at: now },
    };
    spec.given([created]).when(del).then([deleted]);
    spec.given([created, deleted]).when(del).thenNothingHappened();
    spec.given([]).when(del).thenThrows(NotFoundError);
  });

  it('rotates the secret', () => {
    spec
      .given([created])
      .when(command({ type: 'RotateWebhookSecret', data: { webhookId: W, secret: 'whsec_b' } }))
      .then([
        {
          type: 'WebhookSecretRotated',
          data: { webhookId: W, providerId: 'p1', secret: 'whsec_b', at: now },
        },
      ]);
  });

  it('is disabled after 20 failed deliveries in a row, not before, and only once', () => {
    const disable = (failedInARow: number) =>
      command({ type: 'DisableWebhook', data: { webhookId: W, failedInARow } });
    const disabled: WebhookEvent = {
      type: 'WebhookDisabled',
      data: { webhookId: W, providerId: 'p1', name: 'CRM', failedInARow: 20, at: now },
    };
    spec.given([created]).when(disable(20)).then([disabled]);
    spec.given([created]).when(disable(19)).thenThrows(IllegalStateError);
    spec.given([created, disabled]).when(disable(21)).thenNothingHappened();
  });

  it('an admin switching it back on makes it active again', () => {
    const disabled: WebhookEvent = {
      type: 'WebhookDisabled',
      data: { webhookId: W, providerId: 'p1', name: 'CRM', failedInARow: 20, at: now },
    };
    spec
      .given([created, disabled])
      .when(command({ type: 'EditWebhook', data: { webhookId: W, ...fields } }))
      .then([{ type: 'WebhookEdited', data: { webhookId: W, providerId: 'p1', ...fields, at: now } }]);
  });
});
