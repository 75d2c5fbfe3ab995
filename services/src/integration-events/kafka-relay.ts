import { Kafka, logLevel, type Message, type Producer } from 'kafkajs';
import type { RecordedEvent } from '@appointment/contracts/events';
import {
  INTEGRATION_EVENTS,
  toIntegrationEvents,
  type IntegrationEvent,
} from '@appointment/contracts/integration-events';
import { batchReactor, type Projection } from '@appointment/projections/projection';
import type { Logger } from '../logger';

export const DEFAULT_KAFKA_TOPIC = 'appointment.integration-events';

/** The headers every relayed message carries; consumers drop repeats by `event-id`. */
export const KAFKA_HEADERS = { id: 'event-id', type: 'event-type', version: 'event-version' } as const;

/**
 * The message key: the aggregate the public event is about, so one appointment's events (booked,
 * status changed, cancelled, paid) land on one partition in order. Events about no appointment
 * are keyed by their stream's id (a time slot, a provider).
 */
const keyOf = (event: IntegrationEvent, source: RecordedEvent): string => {
  const appointmentId = 'appointmentId' in event.data ? event.data.appointmentId : undefined;
  if (appointmentId) return appointmentId;
  const dash = source.streamName.indexOf('-');
  return dash < 0 ? source.streamName : source.streamName.slice(dash + 1);
};

/** The Kafka messages a batch of internal events stands for, in log order (pure). */
export const toKafkaMessages = (events: readonly RecordedEvent[]): Message[] =>
  events.flatMap((source) =>
    toIntegrationEvents(source).map((event) => ({
      key: keyOf(event, source),
      value: JSON.stringify(event),
      timestamp: String(Date.parse(event.timestamp)),
      headers: {
        [KAFKA_HEADERS.id]: event.id,
        [KAFKA_HEADERS.type]: event.type,
        [KAFKA_HEADERS.version]: String(INTEGRATION_EVENTS[event.type].version),
      },
    })),
  );

export interface KafkaRelayOptions {
  brokers: string[];
  topic?: string;
  clientId?: string;
  /** How often a failed request to Kafka is retried before it fails (kafkajs' default: 5). */
  retries?: number;
  logger?: Pick<Logger, 'warn' | 'error' | 'info'>;
}

export interface KafkaRelay {
  /** The reactor the projector runs: its checkpoint moves only once Kafka has acknowledged. */
  reactor: Projection;
  producer: Producer;
  close(): Promise<void>;
}

/**
 * Publishes the public events (contracts/src/integration-events.ts) to Kafka (docs/architecture.md
 * §8): a reactor of the projector whose batch succeeds only when every message is acknowledged by
 * all in-sync replicas (`acks: -1`) through an idempotent producer. A failure fails the batch,
 * which comes again: delivery is at least once, and a consumer drops repeats by the `event-id`
 * header (stable across replays).
 */
export const kafkaRelay = async ({
  brokers,
  topic = DEFAULT_KAFKA_TOPIC,
  clientId = 'appointment-projector',
  retries,
  logger,
}: KafkaRelayOptions): Promise<KafkaRelay> => {
  const kafka = new Kafka({
    clientId,
    brokers,
    logLevel: logLevel.NOTHING,
    ...(retries === undefined ? {} : { retry: { retries } }),
  });
  const producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: true });
  await producer.connect().catch((error: unknown) => {
    throw new Error(
      `KAFKA_BROKERS=${brokers.join(',')}: no Kafka broker answered (${error instanceof Error ? error.message : String(error)})`,
    );
  });
  logger?.info({ brokers, topic }, 'Kafka relay connected');
  const applyBatch: NonNullable<Projection['applyBatch']> = async (events) => {
    const messages = toKafkaMessages(events);
    if (messages.length === 0) return;
    await producer.send({ topic, acks: -1, messages });
  };
  return {
    reactor: batchReactor('kafka_relay', applyBatch),
    producer,
    close: () => producer.disconnect(),
  };
};
