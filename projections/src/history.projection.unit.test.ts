import type { RecordedEvent } from '@appointment/contracts/events';
import { EVENT_SCHEMAS } from '@appointment/contracts/events/read-event';
import { eventSentence } from '@appointment/contracts/history-sentences';
import { describe as describeEvent } from './history.projection';

const recorded = (type: string, data: Record<string, unknown>, id: string): RecordedEvent => ({
  id,
  type,
  streamName: 'provider-p1',
  streamRevision: 0,
  position: { transactionId: '1', globalPosition: '1' },
  data,
  metadata: {},
  createdAt: '2026-11-27T10:00:00.000Z',
});

const facts = () => {
  const kept = new Map<string, Record<string, unknown>>();
  return {
    get: (key: string) => kept.get(key),
    set: (key: string, value: Record<string, unknown>) => void kept.set(key, value),
    delete: (key: string) => void kept.delete(key),
  };
};

const service = {
  providerId: 'p1',
  serviceId: 's1',
  name: 'Consultation',
  duration: 30,
  price: 500,
  automaticBooking: true,
  isPaymentNeeded: false,
  at: '2026-11-27T10:00:00.000Z',
};

describe('history sentences read events through their schemas', () => {
  let warn: jest.SpyInstance;
  beforeEach(() => {
    warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => warn.mockRestore());

  it('describes an event that fits its schema, and keeps what the next edit compares', () => {
    const kept = facts();
    expect(describeEvent(recorded('ServiceAdded', service, 'e1'), kept, new Map()).summary).toBe(
      'Service Consultation was added (30 min, price 500).',
    );
    const edited = describeEvent(
      recorded('ServiceEdited', { ...service, price: 600, previousName: 'Consultation' }, 'e2'),
      kept,
      new Map(),
    );
    expect(edited.summary).toBe('Service Consultation was edited.');
    expect(edited.changes).toEqual([{ field: 'price', before: 500, after: 600 }]);
    expect(warn).not.toHaveBeenCalled();
  });

  it('records an event whose data does not fit without reading it, and warns once', () => {
    const kept = facts();
    const bad = recorded('ServiceAdded', { ...service, duration: 'thirty' }, 'e-bad');
    expect(describeEvent(bad, kept, new Map()).summary).toBe('A service was added.');
    expect(describeEvent(bad, kept, new Map()).summary).toBe('A service was added.');
    expect(kept.get('service:s1')).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toContain('history projection: skipped ServiceAdded e-bad');
  });

  it("writes a service's price and a payment in the provider's money (issue 32)", () => {
    const kept = facts();
    kept.set('profile', { businessName: 'Lotus Care', currency: 'INR', timezone: 'Asia/Kolkata' });
    expect(describeEvent(recorded('ServiceAdded', service, 'e4'), kept, new Map()).summary).toBe(
      'Service Consultation was added (30 min, price ₹500.00).',
    );
    const payment = describeEvent(
      recorded(
        'PaymentRequested',
        {
          timeSlotId: 't9',
          appointmentId: 'a9',
          providerId: 'p1',
          orderId: 'o9',
          amount: 5000,
          currency: 'INR',
          at: service.at,
        },
        'e5',
      ),
      kept,
      new Map(),
    );
    expect(payment.summary).toBe('A payment of ₹50.00 was requested for an appointment.');
  });

  it('has a sentence for every event type, never "<Type> was recorded." (issue 32)', () => {
    const missing = Object.keys(EVENT_SCHEMAS).filter((type) => {
      // Data that fits no schema: the sentence of the type, whichever case reads it.
      const { summary } = describeEvent(
        recorded(type, { unreadable: true }, `e-${type}`),
        facts(),
        new Map(),
      );
      return summary.includes(type) || summary === eventSentence('NoSuchType', 'en');
    });
    expect(missing).toEqual([]);
  });

  it('reads a reminder recorded before the fields added since (provider, price)', () => {
    const booking = {
      providerId: 'p1',
      userId: 'u1',
      username: 'Asha',
      serviceName: 'Consultation',
      startDateTime: '2026-11-28T03:30:00.000Z',
      timezone: 'Asia/Kolkata',
    };
    const sent = describeEvent(
      recorded(
        'ReminderSent',
        {
          appointmentId: 'a1',
          timeSlotId: 't1',
          kind: '24h',
          scheduledBy: 'e0',
          dueAt: '2026-11-27T03:30:00.000Z',
          userId: 'u1',
          email: 'asha@example.com',
          serviceName: 'Consultation',
          providerName: 'Sunrise Clinic',
          startDateTime: booking.startDateTime,
          timezone: booking.timezone,
          at: '2026-11-27T03:30:00.000Z',
        },
        'e3',
      ),
      facts(),
      new Map([['a1', booking]]),
    );
    expect(sent.summary).toBe("A 24h reminder was sent for Asha's Consultation on 28 Nov 2026 09:00.");
    expect(sent.person).toEqual({ id: 'u1', name: 'Asha' });
    expect(warn).not.toHaveBeenCalled();
  });
});
