import type { IntegrationEventType } from '@appointment/contracts/integration-events';
import type { WebhookEvent } from '@appointment/contracts/events/webhooks';
import { MESSAGES } from '@appointment/contracts/messages';
import { WEBHOOK_FAILURES_TO_DISABLE } from '@appointment/contracts/webhooks';
import type { Command, Decider } from '../../domain/command-handler';
import { IllegalStateError, NotFoundError } from '../../domain/errors';

/** One webhook of a provider, one stream per webhook. */
export const webhookStream = (webhookId: string) => `webhook-${webhookId}`;

interface WebhookFields {
  name: string;
  url: string;
  eventTypes: IntegrationEventType[];
  active: boolean;
}

export type WebhookCommand = Command &
  (
    | {
        type: 'CreateWebhook';
        data: WebhookFields & { webhookId: string; providerId: string; secret: string };
      }
    | { type: 'EditWebhook'; data: WebhookFields & { webhookId: string } }
    | { type: 'DeleteWebhook'; data: { webhookId: string } }
    | { type: 'RotateWebhookSecret'; data: { webhookId: string; secret: string } }
    /** Sent by the delivery worker with the failed deliveries it counted in a row. */
    | { type: 'DisableWebhook'; data: { webhookId: string; failedInARow: number } }
  );

/** The webhook's events, as contracts/src/events/webhooks.ts reads them. */
export type { WebhookEvent };

export type WebhookState =
  | { status: 'none' }
  | { status: 'deleted'; providerId: string }
  | ({ status: 'live'; providerId: string; secret: string } & WebhookFields);

type Handler<T extends WebhookCommand['type']> = (
  command: Extract<WebhookCommand, { type: T }>,
  state: WebhookState,
) => WebhookEvent[];

const live = (state: WebhookState): Extract<WebhookState, { status: 'live' }> => {
  if (state.status !== 'live') throw new NotFoundError(MESSAGES.webhookNotFound);
  return state;
};

const create: Handler<'CreateWebhook'> = (command, state) => {
  // Ids come from the request's idempotency key or are fresh: a second create is a repeat.
  if (state.status !== 'none') return [];
  return [{ type: 'WebhookCreated', data: { ...command.data, at: command.metadata.now } }];
};

const edit: Handler<'EditWebhook'> = (command, state) => {
  const current = live(state);
  const { webhookId, name, url, eventTypes, active } = command.data;
  const same =
    current.name === name &&
    current.url === url &&
    current.active === active &&
    current.eventTypes.length === eventTypes.length &&
    current.eventTypes.every((type) => eventTypes.includes(type));
  if (same) return [];
  return [
    {
      type: 'WebhookEdited',
      data: {
        webhookId,
        providerId: current.providerId,
        name,
        url,
        eventTypes,
        active,
        at: command.metadata.now,
      },
    },
  ];
};

const remove: Handler<'DeleteWebhook'> = (command, state) => {
  if (state.status === 'deleted') return [];
  const current = live(state);
  return [
    {
      type: 'WebhookDeleted',
      data: { webhookId: command.data.webhookId, providerId: current.providerId, at: command.metadata.now },
    },
  ];
};

const rotate: Handler<'RotateWebhookSecret'> = (command, state) => {
  const current = live(state);
  return [
    {
      type: 'WebhookSecretRotated',
      data: {
        webhookId: command.data.webhookId,
        providerId: current.providerId,
        secret: command.data.secret,
        at: command.metadata.now,
      },
    },
  ];
};

const disable: Handler<'DisableWebhook'> = (command, state) => {
  // A webhook deleted or already off meanwhile has nothing left to disable.
  if (state.status !== 'live' || !state.active) return [];
  if (command.data.failedInARow < WEBHOOK_FAILURES_TO_DISABLE) {
    throw new IllegalStateError(
      `A webhook is disabled after ${WEBHOOK_FAILURES_TO_DISABLE} failed deliveries in a row`,
    );
  }
  return [
    {
      type: 'WebhookDisabled',
      data: {
        webhookId: command.data.webhookId,
        providerId: state.providerId,
        name: state.name,
        failedInARow: command.data.failedInARow,
        at: command.metadata.now,
      },
    },
  ];
};

export const webhookDecider: Decider<WebhookCommand, WebhookEvent, WebhookState> = {
  initialState: () => ({ status: 'none' }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'WebhookCreated': {
        const { providerId, secret, name, url, eventTypes, active } = event.data;
        return { status: 'live', providerId, secret, name, url, eventTypes, active };
      }
      case 'WebhookEdited': {
        if (state.status !== 'live') return state;
        const { name, url, eventTypes, active } = event.data;
        return { ...state, name, url, eventTypes, active };
      }
      case 'WebhookDeleted':
        return { status: 'deleted', providerId: event.data.providerId };
      case 'WebhookSecretRotated':
        return state.status === 'live' ? { ...state, secret: event.data.secret } : state;
      case 'WebhookDisabled':
        return state.status === 'live' ? { ...state, active: false } : state;
      default:
        return state;
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'CreateWebhook':
        return create(command, state);
      case 'EditWebhook':
        return edit(command, state);
      case 'DeleteWebhook':
        return remove(command, state);
      case 'RotateWebhookSecret':
        return rotate(command, state);
      case 'DisableWebhook':
        return disable(command, state);
      default: {
        const unknown: never = command;
        throw new Error(`Unknown command ${(unknown as Command).type}`);
      }
    }
  },
};
