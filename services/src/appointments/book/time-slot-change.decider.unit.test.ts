import { MESSAGES } from '@appointment/contracts/messages';
import type { TimeSlotEvent } from '@appointment/contracts/events/time-slot';
import type { Command } from '../../domain/command-handler';
import { specFor } from '../../domain/decider-spec';
import { ConflictError, IllegalStateError, NotFoundError } from '../../domain/errors';
import { decide, timeSlotDecider, type TimeSlotCommand, type TimeSlotDetails } from './time-slot.decider';
import { FIXTURE_NOW, timeSlotAdded } from './time-slot.fixture';

/** Issue 30: the admin changes or deletes a time slot; the places its bookings hold are never lost silently. */
const now = FIXTURE_NOW;
const metadata: Command['metadata'] = { now, userId: 'admin-1', role: 'admin' };
const spec = specFor(timeSlotDecider);

/** 09:00–10:00 UTC on 1 Dec, split in two 30-minute intervals, or a block for two. */
const slot = (split: boolean): TimeSlotDetails => ({
  timeSlotId: 't1',
  providerId: 'p1',
  serviceNames: ['Consultation'],
  date: '2026-12-01',
  startTime: '09:00',
  endTime: '10:00',
  timezone: 'UTC',
  startDateTime: '2026-12-01T09:00:00.000Z',
  endDateTime: '2026-12-01T10:00:00.000Z',
  capacity: 2,
  split,
});
const added = (split: boolean): TimeSlotEvent => timeSlotAdded({ addAsSlot: split });
const booked = (appointmentId: string, index: number | null, start: string, end: string): TimeSlotEvent => ({
  type: 'IntervalBooked',
  data: {
    appointmentId,
    providerId: 'p1',
    userId: `user-${appointmentId}`,
    email: `${appointmentId}@example.com`,
    username: `Person ${appointmentId}`,
    providerName: 'Lakeside Physio',
    serviceName: 'Consultation',
    index,
    paymentNeeded: true,
    automaticBooking: false,
    amount: 50,
    currency: 'EUR',
    status: 'pending',
    timeSlotId: 't1',
    date: '2026-12-01',
    timezone: 'UTC',
    startDateTime: start,
    endDateTime: end,
    at: now,
  },
});
const ref = (appointmentId: string) => ({ timeSlotId: 't1', providerId: 'p1', appointmentId, at: now });
const paid = (appointmentId: string): TimeSlotEvent[] => [
  { type: 'PaymentRequested', data: { ...ref(appointmentId), orderId: 'o1', amount: 5000, currency: 'EUR' } },
  { type: 'PaymentConfirmed', data: { ...ref(appointmentId), orderId: 'o1', paymentId: 'pay1' } },
];
const cancelled = (appointmentId: string): TimeSlotEvent => ({
  type: 'AppointmentStatusChanged',
  data: { ...ref(appointmentId), from: 'pending', to: 'cancelled' },
});
const change = (to: Partial<TimeSlotDetails>, cancelAffected = false): TimeSlotCommand => ({
  type: 'ChangeTimeSlot',
  data: { details: { ...slot(to.split ?? true), ...to }, cancelAffected },
  metadata,
});
const remove = (cancelAffected = false): TimeSlotCommand => ({
  type: 'DeleteTimeSlot',
  data: { cancelAffected },
  metadata,
});
const first = booked('a1', 1, '2026-12-01T09:00:00.000Z', '2026-12-01T09:30:00.000Z');
const second = booked('a2', 2, '2026-12-01T09:30:00.000Z', '2026-12-01T10:00:00.000Z');
const inBlock = (id: string) => booked(id, null, '2026-12-01T09:00:00.000Z', '2026-12-01T10:00:00.000Z');

describe('changing a time slot', () => {
  it('keeps every booking whose place and time stay: a longer slot with as long intervals', () => {
    const events = decide(
      change({ endTime: '10:30', endDateTime: '2026-12-01T10:30:00.000Z', capacity: 3 }),
      [added(true), second].reduce(timeSlotDecider.evolve, timeSlotDecider.initialState()),
    );
    expect(events.map((e) => e.type)).toEqual(['TimeSlotChanged']);
    expect(events[0]!.data).toMatchObject({ availableSlots: 3, endTime: '10:30', cancelled: [] });
  });

  it('refuses to shrink a block below its bookings, naming the one it would drop', () =>
    spec
      .given([added(false), inBlock('a1'), inBlock('a2')])
      .when(change({ split: false, capacity: 1 }))
      .thenThrows(ConflictError, MESSAGES.slotChangeDropsBookings));

  it('names who and when in the refusal', () => {
    const state = [added(true), second].reduce(timeSlotDecider.evolve, timeSlotDecider.initialState());
    expect(() =>
      decide(
        change({
          startTime: '10:00',
          startDateTime: '2026-12-01T10:00:00.000Z',
          endTime: '11:00',
          endDateTime: '2026-12-01T11:00:00.000Z',
        }),
        state,
      ),
    ).toThrow(
      expect.objectContaining({
        errors: [{ field: 'bookings', message: 'Person a2, Consultation, 2026-12-01 09:30–10:00' }],
      }),
    );
  });

  it('cancels the dropped booking with a full refund in the same append when asked', () =>
    spec
      .given([added(false), inBlock('a1'), inBlock('a2'), ...paid('a2')])
      .when(change({ split: false, capacity: 1 }, true))
      .then([
        cancelled('a2'),
        {
          type: 'RefundRequested',
          data: {
            ...ref('a2'),
            refundKey: 'refund-a2-1',
            paymentId: 'pay1',
            currency: 'EUR',
            amount: 5000,
            fee: 0,
            reason: 'rejected',
          },
        },
        expect.objectContaining({
          type: 'TimeSlotChanged',
          data: expect.objectContaining({ availableSlots: 1, cancelled: ['a2'] }),
        }),
      ]));

  it('drops a booking whose service the slot no longer offers', () =>
    spec
      .given([added(true), first])
      .when(change({ serviceNames: ['Massage'] }))
      .thenThrows(ConflictError, MESSAGES.slotChangeDropsBookings));

  it('moves a booked interval: refused; the same change again after it is recorded: nothing', () => {
    const moved = { startTime: '09:30', startDateTime: '2026-12-01T09:30:00.000Z' };
    spec
      .given([added(true), first])
      .when(change(moved))
      .thenThrows(ConflictError);
    const events = decide(
      change(moved, true),
      [added(true), first].reduce(timeSlotDecider.evolve, timeSlotDecider.initialState()),
    );
    expect(events.map((e) => e.type)).toEqual(['AppointmentStatusChanged', 'TimeSlotChanged']);
    spec
      .given([added(true), first, ...(events as TimeSlotEvent[])])
      .when(change(moved, true))
      .thenNothingHappened();
  });

  it('refuses to change a time slot that has started', () =>
    spec
      .given([added(true)])
      .when({ ...change({ capacity: 3 }), metadata: { ...metadata, now: '2026-12-01T09:10:00.000Z' } })
      .thenThrows(IllegalStateError, MESSAGES.slotStartedCannotChange));
});

describe('deleting a time slot', () => {
  it('deletes one without bookings, once', () => {
    spec
      .given([added(true)])
      .when(remove())
      .then([
        {
          type: 'TimeSlotDeleted',
          data: {
            timeSlotId: 't1',
            providerId: 'p1',
            date: '2026-12-01',
            startTime: '09:00',
            endTime: '10:00',
            timezone: 'UTC',
            startDateTime: '2026-12-01T09:00:00.000Z',
            endDateTime: '2026-12-01T10:00:00.000Z',
            cancelled: [],
            at: now,
          },
        },
      ]);
    const deleted = decide(remove(), timeSlotDecider.evolve(timeSlotDecider.initialState(), added(true)));
    spec
      .given([added(true), ...(deleted as TimeSlotEvent[])])
      .when(remove())
      .thenNothingHappened();
  });

  it('refuses with bookings, naming them; cancels them with the deletion when asked', () => {
    spec
      .given([added(true), first, second])
      .when(remove())
      .thenThrows(ConflictError);
    const events = decide(
      remove(true),
      [added(true), first, second, cancelled('a2')].reduce(
        timeSlotDecider.evolve,
        timeSlotDecider.initialState(),
      ),
    );
    expect(events.map((e) => e.type)).toEqual(['AppointmentStatusChanged', 'TimeSlotDeleted']);
    expect(events[1]!.data).toMatchObject({ cancelled: ['a1'] });
  });

  it('refuses a booking, and a return from cancelled, after the deletion', () => {
    const afterDelete = [
      added(true),
      first,
      cancelled('a1'),
      {
        type: 'TimeSlotDeleted',
        data: {
          ...ref('x'),
          date: '2026-12-01',
          startTime: '09:00',
          endTime: '10:00',
          timezone: 'UTC',
          startDateTime: '2026-12-01T09:00:00.000Z',
          endDateTime: '2026-12-01T10:00:00.000Z',
          cancelled: ['a1'],
        },
      } as TimeSlotEvent,
    ];
    const { data: booking } = second as Extract<TimeSlotEvent, { type: 'IntervalBooked' }>;
    spec
      .given(afterDelete)
      .when({
        type: 'BookInterval',
        data: { ...booking, intervalNumber: 2 },
        metadata,
      })
      .thenThrows(NotFoundError, MESSAGES.slotNotFound);
    spec
      .given(afterDelete)
      .when({ type: 'ChangeAppointmentStatus', data: { appointmentId: 'a1', status: 'pending' }, metadata })
      .thenThrows(NotFoundError);
  });

  it('holds a booking on its way elsewhere: named, and not cancelled until its move ends', () => {
    const moving: TimeSlotEvent = {
      type: 'RescheduleRequested',
      data: { ...ref('a1'), reschedules: 1, to: { timeSlotId: 't2', index: null }, by: 'user' },
    };
    spec
      .given([added(true), first, moving])
      .when(remove())
      .thenThrows(ConflictError, MESSAGES.slotChangeDropsBookings);
    spec
      .given([added(true), first, moving])
      .when(remove(true))
      .thenThrows(ConflictError, MESSAGES.slotMoveUnderWay);
  });
});
