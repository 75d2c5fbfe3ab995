import { MESSAGES } from '@appointment/contracts/messages';
import type { RefundReason } from '@appointment/contracts/events/time-slot';
import type { Command } from '../../domain/command-handler';
import { specFor } from '../../domain/decider-spec';
import { ConflictError, IllegalStateError, NotFoundError, ValidationError } from '../../domain/errors';
import type { BookingDetails, TimeSlotDetails as Recorded } from '@appointment/contracts/events/time-slot';
import {
  timeSlotDecider,
  type AppointmentDetails,
  type TimeSlotCommand,
  type TimeSlotDetails,
} from './time-slot.decider';
import { FIXTURE_NOW, timeSlotAdded } from './time-slot.fixture';

const now = FIXTURE_NOW;
const metadata: Command['metadata'] = { now, userId: 'admin-1' };
const P = 'p1';

/** A time slot's details as a command gives them, from the fields `TimeSlotAdded` records. */
const detailsOf = ({
  serviceIds,
  availableSlots,
  addAsSlot,
  ...rest
}: Recorded & { at?: string }): TimeSlotDetails => {
  const { at: _at, ...details } = rest;
  return { ...details, serviceNames: serviceIds, capacity: availableSlots, split: addAsSlot };
};
/** An appointment's details as a command gives them, from the fields `IntervalBooked` records. */
const appointmentOf = ({ index, ...rest }: BookingDetails): AppointmentDetails => ({
  ...rest,
  intervalNumber: index,
});

describe('time slot decider', () => {
  const spec = specFor(timeSlotDecider);
  const data = {
    timeSlotId: 't1',
    providerId: P,
    serviceIds: ['Consultation'],
    date: '2026-12-01',
    startTime: '09:00',
    endTime: '12:00',
    timezone: 'Asia/Kolkata',
    startDateTime: '2026-12-01T03:30:00.000Z',
    endDateTime: '2026-12-01T06:30:00.000Z',
    availableSlots: 6,
    addAsSlot: true,
  };
  const add: TimeSlotCommand = { type: 'AddTimeSlot', data: detailsOf(data), metadata };
  it('adds a time slot once; the same time slot again adds nothing', () => {
    spec
      .given([])
      .when(add)
      .then([{ type: 'TimeSlotAdded', data: { ...data, at: now } }]);
    spec
      .given([{ type: 'TimeSlotAdded', data: { ...data, at: now } }])
      .when(add)
      .then([]);
  });
});

const timeSlot = timeSlotAdded;
const booking = (appointmentId: string, index: number | null, providerId = P) => ({
  appointmentId,
  providerId,
  userId: 'u1',
  email: 'u1@example.com',
  username: 'U One',
  providerName: 'Sunrise Clinic',
  serviceName: 'Consultation',
  index,
  paymentNeeded: true,
  automaticBooking: false,
  amount: 50,
});
const book = (appointmentId: string, index: number | null, at = now): TimeSlotCommand => ({
  type: 'BookInterval',
  data: appointmentOf(booking(appointmentId, index)),
  metadata: { ...metadata, now: at },
});
const booked = (appointmentId: string, index: number | null, start: string, end: string) => ({
  type: 'IntervalBooked' as const,
  data: {
    ...booking(appointmentId, index),
    status: 'pending' as const,
    timeSlotId: 't1',
    providerId: P,
    date: '2026-12-01',
    timezone: 'UTC',
    startDateTime: start,
    endDateTime: end,
    at: now,
  },
});
const status = (appointmentId: string, to: 'pending' | 'cancelled' | 'scheduled'): TimeSlotCommand => ({
  type: 'ChangeAppointmentStatus',
  data: { appointmentId, status: to },
  metadata,
});

const changed = (
  appointmentId: string,
  from: 'pending' | 'scheduled' | 'cancelled',
  to: 'pending' | 'scheduled' | 'cancelled',
) => ({
  type: 'AppointmentStatusChanged' as const,
  data: { timeSlotId: 't1', providerId: P, appointmentId, from, to, at: now },
});

describe('time slot decider: bookings (docs/architecture.md §5)', () => {
  const spec = specFor(timeSlotDecider);
  it('books a free interval with its own instants, pending while payment is due', () =>
    spec
      .given([timeSlot()])
      .when(book('a1', 2))
      .then([booked('a1', 2, '2026-12-01T09:30:00.000Z', '2026-12-01T10:00:00.000Z')]));
  it('refuses a taken interval, an unknown one, and one already started', () => {
    const taken = booked('a1', 2, '2026-12-01T09:30:00.000Z', '2026-12-01T10:00:00.000Z');
    spec.given([timeSlot(), taken]).when(book('a2', 2)).thenThrows(ConflictError);
    spec.given([timeSlot()]).when(book('a2', 3)).thenThrows(ValidationError);
    spec
      .given([timeSlot()])
      .when(book('a2', 1, '2026-12-01T09:00:00.000Z'))
      .thenThrows(IllegalStateError);
  });
  it("refuses a booking priced by another provider's service (issue 16: Rival's price in Sunrise's slot)", () =>
    spec
      .given([timeSlot()])
      .when({ type: 'BookInterval', data: appointmentOf(booking('a1', 2, 'rival-clinic')), metadata })
      .thenThrows(ValidationError));
  it('books the same appointment only once', () =>
    spec
      .given([timeSlot(), booked('a1', 2, '2026-12-01T09:30:00.000Z', '2026-12-01T10:00:00.000Z')])
      .when(book('a1', 2))
      .then([]));
  it('fills a block up to its capacity and no further', () => {
    const block = timeSlot({ addAsSlot: false });
    const one = booked('a1', null, '2026-12-01T09:00:00.000Z', '2026-12-01T10:00:00.000Z');
    const two = booked('a2', null, '2026-12-01T09:00:00.000Z', '2026-12-01T10:00:00.000Z');
    spec.given([block, one]).when(book('a2', null)).then([two]);
    spec.given([block, one, two]).when(book('a3', null)).thenThrows(ConflictError);
  });
  it('frees the interval of a cancelled appointment, and takes it back only while free', () => {
    const first = booked('a1', 2, '2026-12-01T09:30:00.000Z', '2026-12-01T10:00:00.000Z');
    const cancelled = {
      type: 'AppointmentStatusChanged' as const,
      data: {
        timeSlotId: 't1',
        providerId: P,
        appointmentId: 'a1',
        from: 'pending' as const,
        to: 'cancelled' as const,
        at: now,
      },
    };
    spec.given([timeSlot(), first]).when(status('a1', 'cancelled')).then([cancelled]);
    spec
      .given([timeSlot(), first, cancelled])
      .when(book('a2', 2))
      .then([booked('a2', 2, '2026-12-01T09:30:00.000Z', '2026-12-01T10:00:00.000Z')]);
    spec
      .given([
        timeSlot(),
        first,
        cancelled,
        booked('a2', 2, '2026-12-01T09:30:00.000Z', '2026-12-01T10:00:00.000Z'),
      ])
      .when(status('a1', 'scheduled'))
      .thenThrows(ConflictError);
  });

  it('refuses a booking on a time slot that does not exist', () =>
    spec.given([]).when(book('a1', 2)).thenThrows(NotFoundError));
  it('refuses a service the time slot does not offer', () =>
    spec
      .given([timeSlot({ serviceIds: ['Cleaning'] })])
      .when(book('a1', 2))
      .thenThrows(ValidationError));
  it('refuses a split time slot booked without an interval', () =>
    spec.given([timeSlot()]).when(book('a1', null)).thenThrows(ValidationError));
  it('schedules at once a free service with automatic booking (docs/product.md §4)', () =>
    spec
      .given([timeSlot()])
      .when({
        type: 'BookInterval',
        data: appointmentOf({ ...booking('a1', 1), paymentNeeded: false, automaticBooking: true }),
        metadata,
      })
      .then([
        {
          type: 'IntervalBooked',
          data: {
            ...booked('a1', 1, '2026-12-01T09:00:00.000Z', '2026-12-01T09:30:00.000Z').data,
            paymentNeeded: false,
            automaticBooking: true,
            status: 'scheduled',
          },
        },
      ]));
  it('books the same appointment again: nothing happens', () =>
    spec
      .given([timeSlot(), booked('a1', 2, '2026-12-01T09:30:00.000Z', '2026-12-01T10:00:00.000Z')])
      .when(book('a1', 2))
      .thenNothingHappened());
});

describe('time slot decider: AddTimeSlot', () => {
  const spec = specFor(timeSlotDecider);
  const add: TimeSlotCommand = { type: 'AddTimeSlot', data: detailsOf(timeSlot().data), metadata };
  it('opens the time slot', () => {
    const details = detailsOf(timeSlot().data);
    spec.given([]).when({ type: 'AddTimeSlot', data: details, metadata }).then([timeSlot()]);
  });
  it('adds the same time slot again: nothing happens', () =>
    spec.given([timeSlot()]).when(add).thenNothingHappened());
});

describe('time slot decider: ChangeAppointmentStatus (docs/product.md §4)', () => {
  const spec = specFor(timeSlotDecider);
  const first = booked('a1', 2, '2026-12-01T09:30:00.000Z', '2026-12-01T10:00:00.000Z');
  it('moves an appointment to any other status, naming the one it leaves', () =>
    spec
      .given([timeSlot(), first])
      .when(status('a1', 'scheduled'))
      .then([changed('a1', 'pending', 'scheduled')]));
  it('moves an appointment to the status it has: nothing happens', () =>
    spec
      .given([timeSlot(), first, changed('a1', 'pending', 'scheduled')])
      .when(status('a1', 'scheduled'))
      .thenNothingHappened());
  it('refuses an appointment the time slot does not hold, and a time slot that does not exist', () => {
    spec.given([timeSlot(), first]).when(status('a9', 'scheduled')).thenThrows(NotFoundError);
    spec.given([]).when(status('a1', 'scheduled')).thenThrows(NotFoundError);
  });
  it('takes a cancelled appointment back into a block only while it has a place', () => {
    const block = timeSlot({ addAsSlot: false, availableSlots: 1 });
    const one = booked('a1', null, '2026-12-01T09:00:00.000Z', '2026-12-01T10:00:00.000Z');
    const two = booked('a2', null, '2026-12-01T09:00:00.000Z', '2026-12-01T10:00:00.000Z');
    const cancelled = changed('a1', 'pending', 'cancelled');
    spec
      .given([block, one, cancelled])
      .when(status('a1', 'pending'))
      .then([changed('a1', 'cancelled', 'pending')]);
    spec.given([block, one, cancelled, two]).when(status('a1', 'pending')).thenThrows(ConflictError);
  });
});

describe('time slot decider: payments (issue 5, 18)', () => {
  const spec = specFor(timeSlotDecider);
  const unpaid = booked('a1', 2, '2026-12-01T09:30:00.000Z', '2026-12-01T10:00:00.000Z');
  const ref = { timeSlotId: 't1', providerId: P, appointmentId: 'a1', at: now };
  const request: TimeSlotCommand = {
    type: 'RequestPayment',
    data: { appointmentId: 'a1', orderId: 'order-1', amount: 5000, currency: 'INR' },
    metadata,
  };
  const requested = {
    type: 'PaymentRequested' as const,
    data: { ...ref, orderId: 'order-1', amount: 5000, currency: 'INR' },
  };
  const confirm: TimeSlotCommand = {
    type: 'ConfirmPayment',
    data: { appointmentId: 'a1', orderId: 'order-1', paymentId: 'pay-1' },
    metadata,
  };
  const confirmed = {
    type: 'PaymentConfirmed' as const,
    data: { ...ref, orderId: 'order-1', paymentId: 'pay-1' },
  };
  const expire: TimeSlotCommand = { type: 'ExpireUnpaid', data: { appointmentId: 'a1' }, metadata };
  const automatic = {
    ...unpaid,
    data: { ...unpaid.data, automaticBooking: true },
  };

  describe('RequestPayment', () => {
    it('records the order on the booking', () =>
      spec.given([timeSlot(), unpaid]).when(request).then([requested]));
    it('records the same order again: nothing happens', () =>
      spec.given([timeSlot(), unpaid, requested]).when(request).thenNothingHappened());
    it('records a new order when the booking has another', () =>
      spec
        .given([timeSlot(), unpaid, requested])
        .when({ ...request, data: { ...request.data, orderId: 'order-2' } })
        .then([{ ...requested, data: { ...requested.data, orderId: 'order-2' } }]));
    it('refuses an appointment the time slot does not hold', () =>
      spec.given([timeSlot()]).when(request).thenThrows(NotFoundError));
  });

  describe('ConfirmPayment', () => {
    it('records the payment; the appointment stays pending for the admin to approve', () =>
      spec.given([timeSlot(), unpaid, requested]).when(confirm).then([confirmed]));
    it('schedules a paid appointment of a service with automatic booking', () =>
      spec
        .given([timeSlot(), automatic, requested])
        .when(confirm)
        .then([confirmed, changed('a1', 'pending', 'scheduled')]));
    it('does not schedule again an automatic booking that is no longer pending: a cancelled one is refunded', () =>
      spec
        .given([timeSlot(), automatic, requested, changed('a1', 'pending', 'cancelled')])
        .when(confirm)
        .then([
          confirmed,
          expect.objectContaining({
            type: 'RefundRequested',
            data: expect.objectContaining({ reason: 'paid_after_cancel', amount: requested.data.amount }),
          }),
        ] as never));
    it('confirms a payment already recorded: nothing happens', () =>
      spec.given([timeSlot(), unpaid, requested, confirmed]).when(confirm).thenNothingHappened());
    it('refuses an appointment the time slot does not hold, and a time slot that does not exist', () => {
      spec.given([timeSlot()]).when(confirm).thenThrows(NotFoundError);
      spec.given([]).when(confirm).thenThrows(NotFoundError);
    });
  });

  describe('ExpireUnpaid', () => {
    it('cancels a pending booking still unpaid, which frees its interval', () => {
      spec
        .given([timeSlot(), unpaid, requested])
        .when(expire)
        .then([changed('a1', 'pending', 'cancelled')]);
      spec
        .given([timeSlot(), unpaid, requested, changed('a1', 'pending', 'cancelled')])
        .when(book('a2', 2))
        .then([booked('a2', 2, '2026-12-01T09:30:00.000Z', '2026-12-01T10:00:00.000Z')]);
    });
    it('expires a paid booking: nothing happens', () =>
      spec.given([timeSlot(), unpaid, requested, confirmed]).when(expire).thenNothingHappened());
    it('expires a booking its admin already moved on: nothing happens', () =>
      spec
        .given([timeSlot(), unpaid, changed('a1', 'pending', 'scheduled')])
        .when(expire)
        .thenNothingHappened());
    it('expires a booking of a free service: nothing happens', () =>
      spec
        .given([timeSlot(), { ...unpaid, data: { ...unpaid.data, paymentNeeded: false } }])
        .when(expire)
        .thenNothingHappened());
    it('expires a booking already cancelled: nothing happens', () =>
      spec
        .given([timeSlot(), unpaid, changed('a1', 'pending', 'cancelled')])
        .when(expire)
        .thenNothingHappened());
    it('refuses an appointment the time slot does not hold', () =>
      spec.given([timeSlot()]).when(expire).thenThrows(NotFoundError));
  });
});

describe('time slot decider: the user cancels (issue 29)', () => {
  const spec = specFor(timeSlotDecider);
  const start = '2026-12-01T09:00:00.000Z';
  const bookedUnder = (policy?: { cancelDeadlineHours: number }) => {
    const event = booked('a1', 1, start, '2026-12-01T09:30:00.000Z');
    return policy
      ? {
          ...event,
          data: {
            ...event.data,
            policy: {
              cancelDeadlineHours: policy.cancelDeadlineHours,
              rescheduleDeadlineHours: 24,
              lateCancelFee: { kind: 'none' as const, value: 0 },
              noShowCharged: false,
              maxReschedules: 2,
            },
          },
        }
      : event;
  };
  const cancel = (at: string, userId = 'u1'): TimeSlotCommand => ({
    type: 'CancelAppointment',
    data: { appointmentId: 'a1', userId },
    metadata: { now: at, userId },
  });
  const cancelled = (at: string, late: boolean) => ({
    type: 'AppointmentStatusChanged' as const,
    data: {
      timeSlotId: 't1',
      providerId: P,
      appointmentId: 'a1',
      from: 'pending' as const,
      to: 'cancelled' as const,
      by: 'user' as const,
      late,
      at,
    },
  });

  it('cancels in time up to the deadline of the policy it was booked under, late after it', () => {
    // 48 h before: exactly the deadline is in time; a millisecond later is late.
    const deadline = '2026-11-29T09:00:00.000Z';
    spec
      .given([timeSlot(), bookedUnder({ cancelDeadlineHours: 48 })])
      .when(cancel(deadline))
      .then([cancelled(deadline, false)]);
    const after = '2026-11-29T09:00:00.001Z';
    spec
      .given([timeSlot(), bookedUnder({ cancelDeadlineHours: 48 })])
      .when(cancel(after))
      .then([cancelled(after, true)]);
    // 0: any time before the start is in time.
    const minuteBefore = '2026-12-01T08:59:00.000Z';
    spec
      .given([timeSlot(), bookedUnder({ cancelDeadlineHours: 0 })])
      .when(cancel(minuteBefore))
      .then([cancelled(minuteBefore, false)]);
  });

  it('counts real hours across a change of clocks, and takes the default (24 h) for bookings made before policies', () => {
    // Europe/Madrid moves to summer time on 29 March 2026 at 02:00: from 10:00 on the 28th to
    // 10:00 on the 29th is 23 hours, inside a 24-hour deadline.
    const madrid = booked('a1', 1, '2026-03-29T08:00:00.000Z', '2026-03-29T08:30:00.000Z');
    const dayBefore = '2026-03-28T09:00:00.000Z';
    spec
      .given([timeSlot({ timezone: 'Europe/Madrid' }), madrid])
      .when(cancel(dayBefore))
      .then([cancelled(dayBefore, true)]);
    const earlier = '2026-03-28T07:59:00.000Z';
    spec
      .given([timeSlot({ timezone: 'Europe/Madrid' }), madrid])
      .when(cancel(earlier))
      .then([cancelled(earlier, false)]);
  });

  it('frees the interval for the next booking', () =>
    spec
      .given([timeSlot(), bookedUnder(), cancelled('2026-11-23T09:00:00.000Z', false)])
      .when(book('a2', 1))
      .then([expect.objectContaining({ type: 'IntervalBooked' })] as never));

  it("refuses another person's appointment as unknown, and a started one", () => {
    spec.given([timeSlot(), bookedUnder()]).when(cancel(now, 'u2')).thenThrows(NotFoundError);
    spec.given([timeSlot(), bookedUnder()]).when(cancel(start)).thenThrows(IllegalStateError);
  });

  it('records nothing when cancelled again (a retried request)', () =>
    spec
      .given([timeSlot(), bookedUnder(), cancelled(now, false)])
      .when(cancel(now))
      .thenNothingHappened());
});

describe('time slot decider: refunds (issue 29)', () => {
  const spec = specFor(timeSlotDecider);
  const start = '2026-12-01T09:00:00.000Z';
  const ref = { timeSlotId: 't1', providerId: P, appointmentId: 'a1' };
  /** A paid booking of ₹50.00 (5000 paise) under a 24-hour deadline and the given late fee. */
  const paidBooking = (lateCancelFee: { kind: 'none' | 'percent' | 'fixed'; value: number }) => {
    const event = booked('a1', 1, start, '2026-12-01T09:30:00.000Z');
    return [
      timeSlot(),
      {
        ...event,
        data: {
          ...event.data,
          paymentNeeded: true,
          amount: 50,
          currency: 'INR',
          policy: {
            cancelDeadlineHours: 24,
            rescheduleDeadlineHours: 24,
            lateCancelFee,
            noShowCharged: false,
            maxReschedules: 2,
          },
        },
      },
      {
        type: 'PaymentRequested' as const,
        data: { ...ref, orderId: 'o1', amount: 5000, currency: 'INR', at: now },
      },
      { type: 'PaymentConfirmed' as const, data: { ...ref, orderId: 'o1', paymentId: 'pay_1', at: now } },
    ];
  };
  const cancel = (at: string): TimeSlotCommand => ({
    type: 'CancelAppointment',
    data: { appointmentId: 'a1', userId: 'u1' },
    metadata: { now: at, userId: 'u1' },
  });
  const refund = (at: string, amount: number, fee: number, reason: RefundReason, n = 1) => ({
    type: 'RefundRequested' as const,
    data: {
      ...ref,
      refundKey: `refund-a1-${n}`,
      paymentId: 'pay_1',
      amount,
      fee,
      currency: 'INR',
      reason,
      at,
    },
  });
  const inTime = '2026-11-29T09:00:00.000Z';
  const late = '2026-11-30T12:00:00.000Z';

  it('gives all of a payment back before the deadline, whatever the late fee', () =>
    spec
      .given(paidBooking({ kind: 'percent', value: 20 }))
      .when(cancel(inTime))
      .then([
        expect.objectContaining({ type: 'AppointmentStatusChanged' }),
        refund(inTime, 5000, 0, 'cancelled'),
      ] as never));

  it('keeps the late fee after the deadline: a percentage of the price, or a fixed amount up to what was paid', () => {
    spec
      .given(paidBooking({ kind: 'percent', value: 20 }))
      .when(cancel(late))
      .then([
        expect.objectContaining({ data: expect.objectContaining({ late: true }) }),
        refund(late, 4000, 1000, 'cancelled'),
      ] as never);
    spec
      .given(paidBooking({ kind: 'fixed', value: 12.5 }))
      .when(cancel(late))
      .then([expect.anything(), refund(late, 3750, 1250, 'cancelled')] as never);
    // A fee above the price keeps all of it: nothing goes back, and the fee is on record.
    spec
      .given(paidBooking({ kind: 'fixed', value: 80 }))
      .when(cancel(late))
      .then([expect.anything(), refund(late, 0, 5000, 'cancelled')] as never);
    spec
      .given(paidBooking({ kind: 'none', value: 0 }))
      .when(cancel(late))
      .then([expect.anything(), refund(late, 5000, 0, 'cancelled')] as never);
  });

  it('gives all back when the provider rejects a paid booking, and nothing for an unpaid one', () => {
    const reject: TimeSlotCommand = {
      type: 'ChangeAppointmentStatus',
      data: { appointmentId: 'a1', status: 'cancelled' },
      metadata: { now: late, userId: 'admin', role: 'admin' },
    };
    spec
      .given(paidBooking({ kind: 'percent', value: 50 }))
      .when(reject)
      .then([
        expect.objectContaining({ type: 'AppointmentStatusChanged' }),
        refund(late, 5000, 0, 'rejected'),
      ] as never);
    spec
      .given(paidBooking({ kind: 'none', value: 0 }).slice(0, 3))
      .when(reject)
      .then([expect.objectContaining({ type: 'AppointmentStatusChanged' })] as never);
  });

  it('gives back a payment that arrives after the unpaid timeout cancelled the booking', () => {
    const [slot, booking, requested] = paidBooking({ kind: 'none', value: 0 });
    spec
      .given([
        slot!,
        booking!,
        requested!,
        {
          type: 'AppointmentStatusChanged',
          data: { ...ref, from: 'pending', to: 'cancelled', at: now },
        },
      ] as never)
      .when({
        type: 'ConfirmPayment',
        data: { appointmentId: 'a1', orderId: 'o1', paymentId: 'pay_1' },
        metadata: { now: late },
      })
      .then([
        { type: 'PaymentConfirmed', data: { ...ref, orderId: 'o1', paymentId: 'pay_1', at: late } },
        refund(late, 5000, 0, 'paid_after_cancel'),
      ]);
  });

  it('records a refund the gateway made once per key, and numbers the next request after it', () => {
    const given = [...paidBooking({ kind: 'none', value: 0 }), refund(inTime, 5000, 0, 'cancelled')];
    const record: TimeSlotCommand = {
      type: 'RecordRefund',
      data: { appointmentId: 'a1', refundKey: 'refund-a1-1', refundId: 'rfnd_1', amount: 5000 },
      metadata: { now: inTime },
    };
    const refunded = {
      type: 'PaymentRefunded' as const,
      data: {
        ...ref,
        refundKey: 'refund-a1-1',
        refundId: 'rfnd_1',
        paymentId: 'pay_1',
        amount: 5000,
        currency: 'INR',
        at: inTime,
      },
    };
    spec
      .given(given as never)
      .when(record)
      .then([refunded]);
    spec
      .given([...given, refunded] as never)
      .when(record)
      .thenNothingHappened();
  });
});

describe('time slot decider: rescheduling (issue 29)', () => {
  const spec = specFor(timeSlotDecider);
  // Interval 1 of the time slot: 09:00–09:30 on 1 December; default policy (24 h, 2 moves).
  const start = '2026-12-01T09:00:00.000Z';
  const given = () => [timeSlot(), booked('a1', 1, start, '2026-12-01T09:30:00.000Z')];
  const ask = (at: string, to = { timeSlotId: 't2', index: 1 }, userId = 'u1'): TimeSlotCommand => ({
    type: 'RequestReschedule',
    data: { appointmentId: 'a1', by: { role: 'user', userId }, to },
    metadata: { now: at, userId },
  });
  const requested = (at: string, reschedules = 1) => ({
    type: 'RescheduleRequested' as const,
    data: {
      timeSlotId: 't1',
      providerId: P,
      appointmentId: 'a1',
      reschedules,
      to: { timeSlotId: 't2', index: 1 },
      by: 'user' as const,
      at,
    },
  });

  it('lets its booker move it up to the deadline, counting real hours, and not after', () => {
    const deadline = '2026-11-30T09:00:00.000Z';
    spec
      .given(given())
      .when(ask(deadline))
      .then([requested(deadline)]);
    spec
      .given(given())
      .when(ask('2026-11-30T09:00:00.001Z'))
      .thenThrows(IllegalStateError, MESSAGES.rescheduleTooLate);
    spec
      .given(given())
      .when(ask(deadline, undefined, 'u2'))
      .thenThrows(NotFoundError);
  });

  it('refuses the same place, a third move under the default policy, and a move while one is under way', () => {
    spec
      .given(given())
      .when(ask(now, { timeSlotId: 't1', index: 1 }))
      .thenThrows(ValidationError, MESSAGES.rescheduleSamePlace);
    spec
      .given([...given(), requested(now)])
      .when(ask(now))
      .thenThrows(ConflictError, MESSAGES.rescheduleInProgress);
    const twiceMoved = {
      ...booked('a1', 1, start, '2026-12-01T09:30:00.000Z'),
      type: 'AppointmentMovedIn' as const,
    };
    spec
      .given([
        timeSlot(),
        {
          ...twiceMoved,
          data: {
            ...twiceMoved.data,
            from: { timeSlotId: 't0', index: 1, startDateTime: start, endDateTime: start },
            reschedules: 2,
            by: 'user' as const,
          },
        },
      ] as never)
      .when(ask(now))
      .thenThrows(IllegalStateError, MESSAGES.rescheduleLimit);
  });

  it('locks the booking while it moves: no cancellation, status change or payment meanwhile', () => {
    spec
      .given([...given(), requested(now)])
      .when({
        type: 'CancelAppointment',
        data: { appointmentId: 'a1', userId: 'u1' },
        metadata: { now, userId: 'u1' },
      })
      .thenThrows(ConflictError, MESSAGES.rescheduleInProgress);
    spec
      .given([...given(), requested(now)])
      .when(status('a1', 'scheduled'))
      .thenThrows(ConflictError);
  });

  it('frees the old place once when the move completes, and unlocks it when abandoned', () => {
    const to = { timeSlotId: 't2', index: 1, startDateTime: start, endDateTime: start };
    const complete: TimeSlotCommand = {
      type: 'CompleteMove',
      data: { appointmentId: 'a1', reschedules: 1, to },
      metadata: { now },
    };
    const movedOut = {
      type: 'AppointmentMovedOut' as const,
      data: { timeSlotId: 't1', providerId: P, appointmentId: 'a1', reschedules: 1, to, at: now },
    };
    spec
      .given([...given(), requested(now)])
      .when(complete)
      .then([movedOut]);
    spec
      .given([...given(), requested(now), movedOut])
      .when(complete)
      .thenNothingHappened();
    // Abandoned first (the move sweep), the completion is refused: the caller undoes the move-in.
    const abandoned = {
      type: 'RescheduleAbandoned' as const,
      data: { timeSlotId: 't1', providerId: P, appointmentId: 'a1', reschedules: 1, at: now },
    };
    spec
      .given([...given(), requested(now), abandoned])
      .when(complete)
      .thenThrows(IllegalStateError);
    // The freed interval books again.
    spec
      .given([...given(), requested(now), movedOut])
      .when(book('a2', 1))
      .then([expect.objectContaining({ type: 'IntervalBooked' })] as never);
  });
});

describe('time slot decider: no-shows (issue 29)', () => {
  const spec = specFor(timeSlotDecider);
  const start = '2026-12-01T09:00:00.000Z';
  const end = '2026-12-01T09:30:00.000Z';
  const ref = { timeSlotId: 't1', providerId: P, appointmentId: 'a1' };
  /** A paid, scheduled booking under a policy that charges no-shows or not. */
  const paidScheduled = (noShowCharged: boolean) => {
    const event = booked('a1', 1, start, end);
    return [
      timeSlot(),
      {
        ...event,
        data: {
          ...event.data,
          currency: 'INR',
          policy: {
            cancelDeadlineHours: 24,
            rescheduleDeadlineHours: 24,
            lateCancelFee: { kind: 'none' as const, value: 0 },
            noShowCharged,
            maxReschedules: 2,
          },
        },
      },
      {
        type: 'PaymentRequested' as const,
        data: { ...ref, orderId: 'o1', amount: 5000, currency: 'INR', at: now },
      },
      { type: 'PaymentConfirmed' as const, data: { ...ref, orderId: 'o1', paymentId: 'pay_1', at: now } },
      changed('a1', 'pending', 'scheduled'),
    ];
  };
  const noShow = (at: string): TimeSlotCommand => ({
    type: 'ChangeAppointmentStatus',
    data: { appointmentId: 'a1', status: 'no_show' },
    metadata: { now: at, userId: 'admin', role: 'admin' },
  });

  it('is marked only once a scheduled appointment has ended', () => {
    spec
      .given(paidScheduled(true))
      .when(noShow('2026-12-01T09:29:59.999Z'))
      .thenThrows(IllegalStateError, MESSAGES.noShowTooEarly);
    spec
      .given(paidScheduled(true).slice(0, 4))
      .when(noShow('2026-12-02T00:00:00.000Z'))
      .thenThrows(IllegalStateError, MESSAGES.noShowTooEarly);
  });

  it('keeps the payment when the policy charges no-shows, and gives it back when it does not', () => {
    spec
      .given(paidScheduled(true))
      .when(noShow(end))
      .then([expect.objectContaining({ data: expect.objectContaining({ to: 'no_show' }) })] as never);
    spec
      .given(paidScheduled(false))
      .when(noShow(end))
      .then([
        expect.objectContaining({ data: expect.objectContaining({ to: 'no_show' }) }),
        expect.objectContaining({
          type: 'RefundRequested',
          data: expect.objectContaining({ amount: 5000, fee: 0, reason: 'no_show' }),
        }),
      ] as never);
  });
});

describe('time slot decider: minimum notice (issue 30)', () => {
  const spec = specFor(timeSlotDecider);
  const policy = {
    cancelDeadlineHours: 0,
    rescheduleDeadlineHours: 0,
    lateCancelFee: { kind: 'none' as const, value: 0 },
    noShowCharged: false,
    maxReschedules: 2,
    bufferMinutes: 10,
    minimumNoticeMinutes: 1440,
  };
  const bookAt = (at: string): TimeSlotCommand => ({
    type: 'BookInterval',
    data: { ...appointmentOf(booking('a1', 1)), policy },
    metadata: { ...metadata, now: at },
  });
  // Madrid leaves summer time on 2026-10-25 at 03:00: from 09:00 on the 24th to 09:00 on the
  // 25th is 25 hours. The notice counts elapsed minutes, never the wall clock.
  const acrossDst = timeSlot({
    date: '2026-10-25',
    timezone: 'Europe/Madrid',
    startDateTime: '2026-10-25T08:00:00.000Z',
    endDateTime: '2026-10-25T09:00:00.000Z',
  });

  it('books a slot starting exactly at now + notice, and refuses one a minute sooner', () => {
    spec
      .given([timeSlot()])
      .when(bookAt('2026-11-30T09:00:00.000Z'))
      .then([
        expect.objectContaining({
          type: 'IntervalBooked',
          data: expect.objectContaining({ startDateTime: '2026-12-01T09:00:00.000Z', policy }),
        }),
      ]);
    spec
      .given([timeSlot()])
      .when(bookAt('2026-11-30T09:01:00.000Z'))
      .thenThrows(IllegalStateError, MESSAGES.bookingTooSoon);
  });

  it("moves a booking by its user no sooner than its policy's notice; its provider's admin may", () => {
    const { intervalNumber: _n, ...details } = appointmentOf(booking('a2', 1));
    const moveIn = (by: 'user' | 'provider'): TimeSlotCommand => ({
      type: 'MoveIn',
      data: {
        ...details,
        policy,
        status: 'scheduled',
        by,
        reschedules: 1,
        from: {
          timeSlotId: 't0',
          index: 1,
          startDateTime: '2026-12-05T09:00:00.000Z',
          endDateTime: '2026-12-05T09:30:00.000Z',
        },
        intervalNumber: 1,
      },
      metadata: { ...metadata, now: '2026-11-30T09:01:00.000Z' },
    });
    spec.given([timeSlot()]).when(moveIn('user')).thenThrows(IllegalStateError, MESSAGES.bookingTooSoon);
    spec
      .given([timeSlot()])
      .when(moveIn('provider'))
      .then([expect.objectContaining({ type: 'AppointmentMovedIn' })]);
  });

  it('counts the notice in elapsed time across a DST change', () => {
    // 09:30 on the 24th in Madrid: 23.5 hours by the wall clock, 24.5 hours elapsed.
    spec
      .given([acrossDst])
      .when(bookAt('2026-10-24T07:30:00.000Z'))
      .then([expect.objectContaining({ type: 'IntervalBooked' })]);
    spec
      .given([acrossDst])
      .when(bookAt('2026-10-24T08:01:00.000Z'))
      .thenThrows(IllegalStateError, MESSAGES.bookingTooSoon);
  });
});

describe('time slot decider: time off and durations of the place taken (issue 30)', () => {
  const spec = specFor(timeSlotDecider);
  // The time slot's first interval: 09:00–09:30; time off from 09:30 to 10:00.
  const timeOff = [{ startDateTime: '2026-12-01T09:30:00.000Z', endDateTime: '2026-12-01T10:00:00.000Z' }];
  const bookIn = (index: number): TimeSlotCommand => ({
    type: 'BookInterval',
    data: { ...appointmentOf(booking('a1', index)), timeOff },
    metadata,
  });
  const { intervalNumber: _n, ...details } = appointmentOf(booking('a2', 1));
  const moveIn = (
    by: 'user' | 'provider',
    intervalNumber: number,
    rules: { timeOff?: typeof timeOff; serviceDuration?: number },
  ): TimeSlotCommand => ({
    type: 'MoveIn',
    data: {
      ...details,
      status: 'scheduled',
      by,
      reschedules: 1,
      from: {
        timeSlotId: 't0',
        index: 1,
        startDateTime: '2026-12-05T09:00:00.000Z',
        endDateTime: '2026-12-05T09:30:00.000Z',
      },
      intervalNumber,
      ...rules,
    },
    metadata,
  });

  it('refuses booking an interval inside time off; the interval whose end touches it is booked', () => {
    spec.given([timeSlot()]).when(bookIn(2)).thenThrows(IllegalStateError, MESSAGES.bookingInTimeOff);
    spec
      .given([timeSlot()])
      .when(bookIn(1))
      .then([
        expect.objectContaining({
          type: 'IntervalBooked',
          data: expect.not.objectContaining({ timeOff: expect.anything() }),
        }),
      ]);
  });

  it('refuses moving a booking into time off, by its user or its provider’s admin', () => {
    for (const by of ['user', 'provider'] as const) {
      spec
        .given([timeSlot()])
        .when(moveIn(by, 2, { timeOff }))
        .thenThrows(IllegalStateError, MESSAGES.bookingInTimeOff);
    }
    spec
      .given([timeSlot()])
      .when(moveIn('user', 1, { timeOff }))
      .then([
        expect.objectContaining({
          type: 'AppointmentMovedIn',
          data: expect.not.objectContaining({ timeOff: expect.anything() }),
        }),
      ]);
  });

  it('refuses moving a booking into a place shorter than its service, naming it; one as long is taken', () => {
    spec
      .given([timeSlot()])
      .when(moveIn('provider', 1, { serviceDuration: 31 }))
      .thenThrows(IllegalStateError, 'This slot is shorter than the booked service: Consultation (31 min)');
    spec
      .given([timeSlot()])
      .when(moveIn('user', 1, { serviceDuration: 30 }))
      .then([
        expect.objectContaining({
          type: 'AppointmentMovedIn',
          data: expect.not.objectContaining({ serviceDuration: expect.anything() }),
        }),
      ]);
  });
});
