import { randomBytes } from 'node:crypto';
import { Kafka, logLevel, type Consumer, type KafkaMessage } from 'kafkajs';
import { IntegrationEventSchema } from '@appointment/contracts/integration-events';
import { createTestDatabase, type TestDatabase } from '@appointment/infra/testing/postgres';
import { ProjectorRunner } from '@appointment/projections/runner';
import { PostgresEventStore } from '../eventstore/postgres-event-store';
import { KAFKA_HEADERS, kafkaRelay, type KafkaRelay } from './kafka-relay';

const brokers = process.env.KAFKA_BROKERS?.split(',').map((broker) => broker.trim());
const at = '2026-11-24T10:00:00.000Z';

const booking = (appointmentId: string, index: number) => ({
  type: 'IntervalBooked',
  data: {
    appointmentId,
    providerId: 'p1',
    userId: 'u1',
    email: 'asha@example.com',
    username: 'Asha',
    providerName: 'Sunrise Clinic',
    serviceName: 'General Consultation',
    index,
    paymentNeeded: false,
    automaticBooking: true,
    amount: 0,
    currency: 'INR',
    status: 'scheduled',
    timeSlotId: 't1',
    date: '2026-11-25',
    timezone: 'Asia/Kolkata',
    startDateTime: '2026-11-25T03:30:00.000Z',
    endDateTime: '2026-11-25T04:00:00.000Z',
    at,
  },
});
const cancellation = (appointmentId: string) => ({
  type: 'AppointmentStatusChanged',
  data: { appointmentId, providerId: 'p1', timeSlotId: 't1', at, from: 'scheduled', to: 'cancelled' },
});

if (brokers) {
  /**
   * The Kafka relay against a real broker: the projector publishes the public events with the
   * aggregate as key and the event id, type and version in headers; a stop and a start resume
   * at the checkpoint.
   */
  describe('the Kafka relay (contract, KAFKA_BROKERS)', () => {
    const topic = `appointment.test.${randomBytes(4).toString('hex')}`;
    const kafka = new Kafka({ clientId: 'appointment-test', brokers, logLevel: logLevel.NOTHING });
    let database: TestDatabase;
    let store: PostgresEventStore;
    let consumer: Consumer;
    const received: KafkaMessage[] = [];
    const receivedCount = async (n: number) => {
      for (let i = 0; i < 300 && received.length < n; i++) await new Promise((r) => setTimeout(r, 100));
      return received.length;
    };
    const runRelay = async (): Promise<{ relay: KafkaRelay; runner: ProjectorRunner }> => {
      const relay = await kafkaRelay({ brokers, topic });
      const runner = new ProjectorRunner(store.pool, store, [relay.reactor], { batchSize: 50 });
      await runner.start();
      return { relay, runner };
    };

    beforeAll(async () => {
      database = await createTestDatabase('kafka_relay');
      store = await PostgresEventStore.connect({ connectionString: database.url, pollIntervalMs: 50 });
      const admin = kafka.admin();
      await admin.connect();
      await admin.createTopics({ topics: [{ topic, numPartitions: 3 }], waitForLeaders: true });
      await admin.disconnect();
      consumer = kafka.consumer({ groupId: `${topic}.reader` });
      await consumer.connect();
      await consumer.subscribe({ topic, fromBeginning: true });
      await consumer.run({ eachMessage: async ({ message }) => void received.push(message) });
    }, 60_000);
    afterAll(async () => {
      await consumer?.disconnect();
      await store?.close();
      await database?.drop();
    });

    it('publishes the public events keyed by appointment, with id, type and version headers, once each', async () => {
      const first = await runRelay();
      await store.append('timeslot-t1', [booking('a1', 1), booking('a2', 2), cancellation('a1')]);
      await store.append('provider-p1', [{ type: 'UserRegistered', data: { userId: 'u9', at } }]);
      expect(await receivedCount(4)).toBe(4);
      await first.runner.stop();
      await first.relay.close();

      // Recorded while no relay runs: published after the restart, from the checkpoint on.
      await store.append('timeslot-t1', [cancellation('a2')]);
      const second = await runRelay();
      expect(await receivedCount(6)).toBe(6);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await second.runner.stop();
      await second.relay.close();

      const header = (message: KafkaMessage, name: string) => String(message.headers?.[name] ?? '');
      const events = received.map((message) => ({
        key: String(message.key),
        headers: {
          id: header(message, KAFKA_HEADERS.id),
          type: header(message, KAFKA_HEADERS.type),
          version: header(message, KAFKA_HEADERS.version),
        },
        event: IntegrationEventSchema.parse(JSON.parse(String(message.value))),
      }));
      // Nothing twice: the restart resumed after what Kafka had acknowledged.
      expect(events).toHaveLength(6);
      expect(new Set(events.map((e) => e.event.id)).size).toBe(6);
      for (const { key, headers, event } of events) {
        expect(headers).toEqual({ id: event.id, type: event.type, version: '1' });
        expect(key).toBe(event.data.appointmentId);
      }
      // One appointment's events are in one partition, so in order.
      const typesOf = (appointmentId: string) =>
        events.filter((e) => e.key === appointmentId).map((e) => e.event.type);
      expect(typesOf('a1')).toEqual([
        'appointment.booked',
        'appointment.status_changed',
        'appointment.cancelled',
      ]);
      expect(typesOf('a2')).toEqual([
        'appointment.booked',
        'appointment.status_changed',
        'appointment.cancelled',
      ]);
    }, 120_000);
  });
} else {
  console.log('Kafka relay contract suite not run: set KAFKA_BROKERS=localhost:9092 (a Kafka broker)');
}

describe('the Kafka relay without a broker', () => {
  it('fails at start, naming KAFKA_BROKERS, when no broker answers', async () => {
    await expect(kafkaRelay({ brokers: ['127.0.0.1:1'], retries: 1 })).rejects.toThrow(
      /KAFKA_BROKERS=127\.0\.0\.1:1: no Kafka broker answered/,
    );
  });
});
