import { INTEGRATION_EVENTS, toIntegrationEvents } from './integration-events';

const booked = {
  id: '0f1e2d3c-4b5a-6978-8877-665544332211',
  type: 'IntervalBooked',
  createdAt: '2026-11-24T10:00:00.500Z',
  data: {
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
  },
};

describe('public integration events', () => {
  it('turns a booking into appointment.booked with a stable id and the event time', () => {
    const [first, ...rest] = toIntegrationEvents(booked);
    expect(rest).toEqual([]);
    expect(first).toMatchObject({
      type: 'appointment.booked',
      timestamp: '2026-11-24T10:00:00.000Z',
      data: {
        appointmentId: 'a1',
        customer: { userId: 'u1', name: 'Asha', email: 'asha@example.com' },
        currency: 'INR',
      },
    });
    expect(first?.data).not.toHaveProperty('providerName');
    expect(toIntegrationEvents(booked)[0]?.id).toBe(first?.id);
    expect(INTEGRATION_EVENTS['appointment.booked'].data.safeParse(first?.data).success).toBe(true);
  });

  it('sends a cancellation as a status change and a cancellation, with distinct ids', () => {
    const events = toIntegrationEvents({
      id: '11111111-2222-3333-4444-555555555555',
      type: 'AppointmentStatusChanged',
      createdAt: '2026-11-24T10:00:00Z',
      data: {
        appointmentId: 'a1',
        providerId: 'p1',
        timeSlotId: 't1',
        at: '2026-11-24T10:00:00Z',
        from: 'scheduled',
        to: 'cancelled',
      },
    });
    expect(events.map((e) => e.type)).toEqual(['appointment.status_changed', 'appointment.cancelled']);
    expect(new Set(events.map((e) => e.id)).size).toBe(2);
  });

  it('maps service changes and ignores internal-only or malformed events', () => {
    const deleted = toIntegrationEvents({
      id: '11111111-2222-3333-4444-555555555556',
      type: 'ServiceDeleted',
      createdAt: '2026-11-24T10:00:00Z',
      data: { providerId: 'p1', serviceId: 's1', name: 'Massage', at: '2026-11-24T10:00:00Z' },
    });
    expect(deleted[0]).toMatchObject({
      type: 'service.changed',
      data: { change: 'deleted', previousName: 'Massage' },
    });
    expect(toIntegrationEvents({ ...booked, type: 'UserRegistered' })).toEqual([]);
    expect(toIntegrationEvents({ ...booked, data: { appointmentId: 'a1' } })).toEqual([]);
  });
});
