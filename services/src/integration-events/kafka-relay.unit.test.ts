import type { RecordedEvent } from '@appointment/contracts/events';
import { IntegrationEventSchema } from '@appointment/contracts/integration-events';
import { KAFKA_HEADERS, toKafkaMessages } from './kafka-relay';

const recorded = (
  id: string,
  type: string,
  streamName: string,
  data: Record<string, unknown>,
): RecordedEvent => ({
  id,
  type,
  streamName,
  streamRevision: 0,
  position: { transactionId: '1', globalPosition: '1' },
  data,
  metadata: {},
  createdAt: '2026-11-24T10:00:00.500Z',
});

const booked = recorded('0f1e2d3c-4b5a-6978-8877-665544332211', 'IntervalBooked', 'timeslot-t1', {
  appointmentId: 'a1',
  providerId: 'p1',
  userId: 'u1',
  email: 'asha@example.com',
  username: 'Asha',
  providerName: 'Sunrise Clinic',
  serviceName: 'General Consultation',
  index: 1,
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
  at: '2026-11-24T10:00:00.000Z',
});
const cancelled = recorded(
  '11111111-2222-3333-4444-555555555555',
  'AppointmentStatusChanged',
  'timeslot-t1',
  {
    appointmentId: 'a1',
    providerId: 'p1',
    timeSlotId: 't1',
    at: '2026-11-24T10:05:00.000Z',
    from: 'scheduled',
    to: 'cancelled',
  },
);
const serviceDeleted = recorded('11111111-2222-3333-4444-555555555556', 'ServiceDeleted', 'provider-p1', {
  providerId: 'p1',
  serviceId: 's1',
  name: 'Massage',
  at: '2026-11-24T10:00:00Z',
});

describe('the Kafka relay’s messages', () => {
  it('keys appointment events by the appointment and carries the public id, type and version', () => {
    const messages = toKafkaMessages([booked, cancelled]);
    expect(messages.map((m) => m.key)).toEqual(['a1', 'a1', 'a1']);
    const values = messages.map((m) => IntegrationEventSchema.parse(JSON.parse(String(m.value))));
    expect(values.map((v) => v.type)).toEqual([
      'appointment.booked',
      'appointment.status_changed',
      'appointment.cancelled',
    ]);
    expect(messages.map((m) => m.headers)).toEqual(
      values.map((v) => ({
        [KAFKA_HEADERS.id]: v.id,
        [KAFKA_HEADERS.type]: v.type,
        [KAFKA_HEADERS.version]: '1',
      })),
    );
    expect(messages[0]!.timestamp).toBe(String(Date.parse('2026-11-24T10:00:00.000Z')));
  });

  it('gives the same ids on a replay, keys other events by their stream, and leaves internal ones out', () => {
    const once = toKafkaMessages([booked, serviceDeleted]);
    expect(toKafkaMessages([booked, serviceDeleted])).toEqual(once);
    expect(once[1]).toMatchObject({ key: 'p1', headers: { [KAFKA_HEADERS.type]: 'service.changed' } });
    expect(toKafkaMessages([{ ...booked, type: 'UserRegistered' }])).toEqual([]);
  });
});
