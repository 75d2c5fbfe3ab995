import type { AppointmentStatus } from '@appointment/contracts/appointments';
import { MESSAGES } from '@appointment/contracts/messages';
import {
  cancellationTerms,
  DEFAULT_BOOKING_POLICY,
  type RecordedBookingPolicy,
} from '@appointment/contracts/policy';
import { intervalOf } from '@appointment/contracts/schedule';
import type {
  AppointmentRef,
  BookingDetails,
  RefundReason,
  TimeSlotDetails as TimeSlotAddedDetails,
  TimeSlotEvent,
} from '@appointment/contracts/events/time-slot';
import type { Command, Decider } from '../../domain/command-handler';
import { ConflictError, IllegalStateError, NotFoundError, ValidationError } from '../../domain/errors';

/**
 * One time slot (docs/product.md §3 Time slot) is one stream: the consistency boundary for the
 * bookings of its intervals (docs/architecture.md §5). Every booking appends to it with the expected
 * revision, so no interval is ever held twice and a block never takes more than its capacity.
 */
export const timeSlotStream = (timeSlotId: string) => `timeslot-${timeSlotId}`;

/**
 * A time slot as its provider opened it. `TimeSlotAdded` records `serviceNames` as `serviceIds`,
 * `capacity` as `availableSlots` and `split` as `addAsSlot` (the log's names).
 */
export type TimeSlotDetails = Omit<TimeSlotAddedDetails, 'serviceIds' | 'availableSlots' | 'addAsSlot'> & {
  serviceNames: string[];
  capacity: number;
  split: boolean;
};

/**
 * What an appointment records about itself when it takes an interval: its interval number (null
 * for a block), which `IntervalBooked` records as `index`.
 */
export type AppointmentDetails = Omit<BookingDetails, 'index'> & { intervalNumber: number | null };

const timeSlotAdded = ({
  serviceNames,
  capacity,
  split,
  ...details
}: TimeSlotDetails): TimeSlotAddedDetails => ({
  ...details,
  serviceIds: serviceNames,
  availableSlots: capacity,
  addAsSlot: split,
});

const timeSlotDetailsOf = ({
  serviceIds,
  availableSlots,
  addAsSlot,
  ...details
}: TimeSlotAddedDetails): TimeSlotDetails => ({
  ...details,
  serviceNames: serviceIds,
  capacity: availableSlots,
  split: addAsSlot,
});

export type TimeSlotCommand =
  | (Command & { type: 'AddTimeSlot'; data: TimeSlotDetails })
  | (Command & { type: 'BookInterval'; data: AppointmentDetails })
  | (Command & {
      type: 'ChangeAppointmentStatus';
      data: { appointmentId: string; status: AppointmentStatus };
    })
  | (Command & {
      type: 'RequestPayment';
      data: { appointmentId: string; orderId: string; amount: number; currency: string };
    })
  | (Command & {
      type: 'ConfirmPayment';
      data: { appointmentId: string; orderId: string; paymentId: string };
    })
  | (Command & { type: 'ExpireUnpaid'; data: { appointmentId: string } })
  | (Command & { type: 'CancelAppointment'; data: { appointmentId: string; userId: string } })
  | (Command & {
      type: 'RecordRefund';
      data: { appointmentId: string; refundKey: string; refundId: string; amount: number };
    });

/** The part of an appointment its time slot keeps. */
interface TimeSlotAppointment {
  appointmentId: string;
  intervalNumber: number | null;
  status: AppointmentStatus;
  paymentNeeded: boolean;
  automaticBooking: boolean;
  paid: boolean;
  orderId?: string;
  /** The paid order's amount (the currency's smallest unit) and currency, once requested. */
  orderAmount?: number;
  currency?: string;
  /** The gateway's payment, once paid. */
  paymentId?: string;
  /** How many refunds were requested, and the keys of those the gateway made. */
  refundRequests: number;
  refunded: string[];
  /** Who booked it: only they cancel it (issue 29). */
  userId: string;
  /** When its interval or block starts. */
  startDateTime: string;
  /** The booking policy in force when it was booked; the default for bookings made before it. */
  policy: RecordedBookingPolicy;
}

/** A cancelled appointment no longer holds its interval. */
const holds = (appointment: TimeSlotAppointment) => appointment.status !== 'cancelled';

export type TimeSlotState =
  { status: 'none' } | (TimeSlotDetails & { status: 'open'; appointments: TimeSlotAppointment[] });

type OpenSlot = Extract<TimeSlotState, { status: 'open' }>;
type Of<C extends TimeSlotCommand['type']> = Extract<TimeSlotCommand, { type: C }>;

const openSlot = (state: TimeSlotState): OpenSlot => {
  if (state.status === 'none') throw new NotFoundError(MESSAGES.slotNotFound);
  return state;
};

/** The time slot and the appointment of it a command names. */
const appointmentOf = (
  state: TimeSlotState,
  appointmentId: string,
): { slot: OpenSlot; appointment: TimeSlotAppointment } => {
  const slot = openSlot(state);
  const appointment = slot.appointments.find((a) => a.appointmentId === appointmentId);
  if (!appointment) throw new NotFoundError(MESSAGES.appointmentNotFound);
  return { slot, appointment };
};

const refOf = (slot: OpenSlot, appointment: TimeSlotAppointment, at: string): AppointmentRef => ({
  timeSlotId: slot.timeSlotId,
  providerId: slot.providerId,
  appointmentId: appointment.appointmentId,
  at,
});

const statusChange = (
  slot: OpenSlot,
  appointment: TimeSlotAppointment,
  to: AppointmentStatus,
  at: string,
): TimeSlotEvent => ({
  type: 'AppointmentStatusChanged',
  data: { ...refOf(slot, appointment, at), from: appointment.status, to },
});

/** Adding the same time slot again (a retried request) changes nothing. */
export const addTimeSlot = (command: Of<'AddTimeSlot'>, state: TimeSlotState): TimeSlotEvent[] =>
  state.status === 'none'
    ? [{ type: 'TimeSlotAdded', data: { ...timeSlotAdded(command.data), at: command.metadata.now } }]
    : [];

/** The instants a booking takes: its interval of a split time slot, or a place in a block. */
const takenBy = (
  slot: OpenSlot,
  intervalNumber: number | null,
): { startDateTime: string; endDateTime: string } => {
  if (!slot.split) {
    if (slot.appointments.filter(holds).length >= slot.capacity)
      throw new ConflictError(MESSAGES.slotJustBooked);
    return { startDateTime: slot.startDateTime, endDateTime: slot.endDateTime };
  }
  if (intervalNumber === null) throw new ValidationError(MESSAGES.intervalRequired);
  const interval = intervalOf({ ...slot, availableSlots: slot.capacity, indexes: [] }, intervalNumber);
  if (!interval) throw new ValidationError(MESSAGES.intervalRequired);
  if (slot.appointments.some((a) => holds(a) && a.intervalNumber === intervalNumber))
    throw new ConflictError(MESSAGES.slotJustBooked);
  return { startDateTime: interval.startDateTime, endDateTime: interval.endDateTime };
};

export const bookInterval = (command: Of<'BookInterval'>, state: TimeSlotState): TimeSlotEvent[] => {
  const slot = openSlot(state);
  const {
    data: { intervalNumber, ...appointment },
    metadata,
  } = command;
  // The same appointment again (a retried request) books nothing twice.
  if (slot.appointments.some((a) => a.appointmentId === appointment.appointmentId)) return [];
  // The time slot's own provider prices the booking, never another provider's service.
  if (appointment.providerId !== slot.providerId)
    throw new ValidationError(MESSAGES.slotOfAnotherProvider, [
      { field: 'timeslotId', message: MESSAGES.slotOfAnotherProvider },
    ]);
  if (!slot.serviceNames.includes(appointment.serviceName))
    throw new ValidationError(MESSAGES.slotNotForService);
  const { startDateTime, endDateTime } = takenBy(slot, intervalNumber);
  if (Date.parse(startDateTime) <= Date.parse(metadata.now)) throw new IllegalStateError(MESSAGES.slotInPast);
  return [
    {
      type: 'IntervalBooked',
      data: {
        ...appointment,
        index: slot.split ? intervalNumber : null,
        status: appointment.automaticBooking && !appointment.paymentNeeded ? 'scheduled' : 'pending',
        timeSlotId: slot.timeSlotId,
        providerId: slot.providerId,
        date: slot.date,
        timezone: slot.timezone,
        startDateTime,
        endDateTime,
        at: metadata.now,
      },
    },
  ];
};

export const changeAppointmentStatus = (
  command: Of<'ChangeAppointmentStatus'>,
  state: TimeSlotState,
): TimeSlotEvent[] => {
  const { slot, appointment } = appointmentOf(state, command.data.appointmentId);
  const to = command.data.status;
  if (appointment.status === to) return [];
  // Back from cancelled, the appointment needs its interval (or a place in the block) again.
  if (!holds(appointment)) {
    const others = slot.appointments.filter((a) => holds(a) && a.appointmentId !== appointment.appointmentId);
    const taken = slot.split
      ? others.some((a) => a.intervalNumber === appointment.intervalNumber)
      : others.length >= slot.capacity;
    if (taken) throw new ConflictError(MESSAGES.slotJustBooked);
  }
  const at = command.metadata.now;
  // The provider's Reject of a paid booking gives it all back.
  const refund =
    to === 'cancelled'
      ? refundRequest(slot, appointment, at, { amount: paidOf(appointment), fee: 0, reason: 'rejected' })
      : [];
  return [statusChange(slot, appointment, to, at), ...refund];
};

/** The same order again (a retried request) records nothing. */
export const requestPayment = (command: Of<'RequestPayment'>, state: TimeSlotState): TimeSlotEvent[] => {
  const { slot, appointment } = appointmentOf(state, command.data.appointmentId);
  if (appointment.orderId === command.data.orderId) return [];
  return [
    {
      type: 'PaymentRequested',
      data: { ...refOf(slot, appointment, command.metadata.now), ...command.data },
    },
  ];
};

/** A payment is recorded once; a service with automatic booking is scheduled once it is paid. */
export const confirmPayment = (command: Of<'ConfirmPayment'>, state: TimeSlotState): TimeSlotEvent[] => {
  const { slot, appointment } = appointmentOf(state, command.data.appointmentId);
  if (appointment.paid) return [];
  const at = command.metadata.now;
  const { orderId, paymentId } = command.data;
  const confirmed: TimeSlotEvent = {
    type: 'PaymentConfirmed',
    data: { ...refOf(slot, appointment, at), orderId, paymentId },
  };
  // Paid after it was cancelled (the unpaid timeout came first): it holds no place, so all goes back.
  if (appointment.status === 'cancelled')
    return [
      confirmed,
      ...refundRequest(slot, { ...appointment, paid: true, paymentId }, at, {
        amount: appointment.orderAmount ?? 0,
        fee: 0,
        reason: 'paid_after_cancel',
      }),
    ];
  return appointment.automaticBooking && appointment.status === 'pending'
    ? [confirmed, statusChange(slot, appointment, 'scheduled', at)]
    : [confirmed];
};

/**
 * A payment going back (issue 29), requested with the change that causes it; its key is the
 * appointment's and the request's number, the same on every replay. A late cancellation whose fee
 * keeps all of it is recorded too (nothing goes to the gateway), so the fee is on record.
 */
const refundRequest = (
  slot: OpenSlot,
  appointment: TimeSlotAppointment,
  at: string,
  refund: { amount: number; fee: number; reason: RefundReason },
): TimeSlotEvent[] =>
  appointment.paymentId && refund.amount + refund.fee > 0
    ? [
        {
          type: 'RefundRequested',
          data: {
            ...refOf(slot, appointment, at),
            refundKey: `refund-${appointment.appointmentId}-${appointment.refundRequests + 1}`,
            paymentId: appointment.paymentId,
            currency: appointment.currency ?? '',
            ...refund,
          },
        },
      ]
    : [];

/** What was paid for an appointment, in the smallest unit. */
const paidOf = (appointment: TimeSlotAppointment) => (appointment.paid ? (appointment.orderAmount ?? 0) : 0);

/** The unpaid timeout: only a pending booking still waiting for its payment is cancelled. */
export const expireUnpaid = (command: Of<'ExpireUnpaid'>, state: TimeSlotState): TimeSlotEvent[] => {
  const { slot, appointment } = appointmentOf(state, command.data.appointmentId);
  if (appointment.paid || !appointment.paymentNeeded || appointment.status !== 'pending') return [];
  return [statusChange(slot, appointment, 'cancelled', command.metadata.now)];
};

/**
 * The user cancels their upcoming appointment (issue 29): its interval or place is free at once.
 * Cancelled again (a retried request), nothing more is recorded. Under the policy it was booked
 * with (cancellationTerms), a payment goes back in full before the deadline and less the late fee
 * after it.
 */
export const cancelAppointment = (
  command: Of<'CancelAppointment'>,
  state: TimeSlotState,
): TimeSlotEvent[] => {
  const { slot, appointment } = appointmentOf(state, command.data.appointmentId);
  // Another person's appointment is not theirs to know of.
  if (appointment.userId !== command.data.userId) throw new NotFoundError(MESSAGES.appointmentNotFound);
  if (appointment.status === 'cancelled') return [];
  const now = Date.parse(command.metadata.now);
  const start = Date.parse(appointment.startDateTime);
  if (appointment.status === 'completed' || start <= now)
    throw new IllegalStateError(MESSAGES.appointmentNotCancellable);
  const at = command.metadata.now;
  const { late, fee, refund } = cancellationTerms(
    appointment.policy,
    {
      startDateTime: appointment.startDateTime,
      paid: paidOf(appointment),
      currency: appointment.currency ?? '',
    },
    new Date(now),
  );
  return [
    {
      type: 'AppointmentStatusChanged',
      data: { ...refOf(slot, appointment, at), from: appointment.status, to: 'cancelled', by: 'user', late },
    },
    ...refundRequest(slot, appointment, at, { amount: refund, fee, reason: 'cancelled' }),
  ];
};

/** The gateway made a requested refund: recorded once per refund key. */
export const recordRefund = (command: Of<'RecordRefund'>, state: TimeSlotState): TimeSlotEvent[] => {
  const { slot, appointment } = appointmentOf(state, command.data.appointmentId);
  if (appointment.refunded.includes(command.data.refundKey)) return [];
  const { refundKey, refundId, amount } = command.data;
  return [
    {
      type: 'PaymentRefunded',
      data: {
        ...refOf(slot, appointment, command.metadata.now),
        refundKey,
        refundId,
        paymentId: appointment.paymentId ?? '',
        amount,
        currency: appointment.currency ?? '',
      },
    },
  ];
};

export const decide = (command: TimeSlotCommand, state: TimeSlotState): TimeSlotEvent[] => {
  switch (command.type) {
    case 'AddTimeSlot':
      return addTimeSlot(command, state);
    case 'BookInterval':
      return bookInterval(command, state);
    case 'ChangeAppointmentStatus':
      return changeAppointmentStatus(command, state);
    case 'RequestPayment':
      return requestPayment(command, state);
    case 'ConfirmPayment':
      return confirmPayment(command, state);
    case 'ExpireUnpaid':
      return expireUnpaid(command, state);
    case 'CancelAppointment':
      return cancelAppointment(command, state);
    case 'RecordRefund':
      return recordRefund(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
    }
  }
};

/** The appointment an event is about, changed by `change`; other appointments as they were. */
const withAppointment = (
  state: TimeSlotState,
  appointmentId: string,
  change: Partial<TimeSlotAppointment> | ((appointment: TimeSlotAppointment) => Partial<TimeSlotAppointment>),
): TimeSlotState =>
  state.status === 'none'
    ? state
    : {
        ...state,
        appointments: state.appointments.map((a) =>
          a.appointmentId === appointmentId
            ? { ...a, ...(typeof change === 'function' ? change(a) : change) }
            : a,
        ),
      };

export const evolve = (state: TimeSlotState, event: TimeSlotEvent): TimeSlotState => {
  switch (event.type) {
    case 'TimeSlotAdded': {
      const { at: _at, ...details } = event.data;
      return { ...timeSlotDetailsOf(details), status: 'open', appointments: [] };
    }
    case 'IntervalBooked': {
      if (state.status === 'none') return state;
      const { appointmentId, index, status, paymentNeeded, automaticBooking, userId, startDateTime, policy } =
        event.data;
      const appointment: TimeSlotAppointment = {
        appointmentId,
        intervalNumber: index,
        status,
        paymentNeeded,
        automaticBooking,
        paid: false,
        currency: event.data.currency,
        refundRequests: 0,
        refunded: [],
        userId,
        startDateTime,
        policy: policy ?? DEFAULT_BOOKING_POLICY,
      };
      return { ...state, appointments: [...state.appointments, appointment] };
    }
    case 'AppointmentStatusChanged':
      return withAppointment(state, event.data.appointmentId, { status: event.data.to });
    case 'PaymentRequested': {
      const { appointmentId, orderId, amount, currency } = event.data;
      return withAppointment(state, appointmentId, { orderId, orderAmount: amount, currency });
    }
    case 'PaymentConfirmed':
      return withAppointment(state, event.data.appointmentId, {
        paid: true,
        paymentId: event.data.paymentId,
      });
    case 'RefundRequested':
      return withAppointment(state, event.data.appointmentId, (a) => ({
        refundRequests: a.refundRequests + 1,
      }));
    case 'PaymentRefunded':
      return withAppointment(state, event.data.appointmentId, (a) => ({
        refunded: [...a.refunded, event.data.refundKey],
      }));
    default:
      return state;
  }
};

export const timeSlotDecider: Decider<TimeSlotCommand, TimeSlotEvent, TimeSlotState> = {
  initialState: () => ({ status: 'none' }),
  evolve,
  decide,
};
