import type { AppointmentStatus } from '@appointment/contracts/appointments';
import { MESSAGES } from '@appointment/contracts/messages';
import { intervalOf } from '@appointment/contracts/schedule';
import type {
  AppointmentRef,
  BookingDetails,
  TimeSlotDetails,
  TimeSlotEvent,
} from '@appointment/contracts/events/time-slot';
import type { Command, Decider } from '../command-handler';
import { ConflictError, IllegalStateError, NotFoundError, ValidationError } from '../errors';

/**
 * One availability window (docs/product.md §3 Time slot) is one stream: the consistency boundary for the
 * bookings of its intervals (docs/architecture.md §5). Every booking appends to it with the expected
 * revision, so no interval is ever held twice and a block never takes more than its capacity.
 */
export const timeSlotStream = (timeSlotId: string) => `timeslot-${timeSlotId}`;

export type TimeSlotCommand =
  | (Command & { type: 'AddTimeSlot'; data: TimeSlotDetails })
  | (Command & { type: 'BookInterval'; data: BookingDetails })
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
  | (Command & { type: 'ExpireUnpaid'; data: { appointmentId: string } });

interface Booking {
  appointmentId: string;
  index: number | null;
  status: AppointmentStatus;
  paymentNeeded: boolean;
  automaticBooking: boolean;
  paid: boolean;
  orderId?: string;
}

/** A cancelled appointment no longer holds its interval. */
const holds = (booking: Booking) => booking.status !== 'cancelled';

export type TimeSlotState = { status: 'none' } | (TimeSlotDetails & { status: 'open'; bookings: Booking[] });

type OpenSlot = Extract<TimeSlotState, { status: 'open' }>;
type Of<C extends TimeSlotCommand['type']> = Extract<TimeSlotCommand, { type: C }>;

const openSlot = (state: TimeSlotState): OpenSlot => {
  if (state.status === 'none') throw new NotFoundError(MESSAGES.slotNotFound);
  return state;
};

/** The window and the appointment of it a command names. */
const bookingOf = (state: TimeSlotState, appointmentId: string): { slot: OpenSlot; booking: Booking } => {
  const slot = openSlot(state);
  const booking = slot.bookings.find((b) => b.appointmentId === appointmentId);
  if (!booking) throw new NotFoundError(MESSAGES.appointmentNotFound);
  return { slot, booking };
};

const refOf = (slot: OpenSlot, booking: Booking, at: string): AppointmentRef => ({
  timeSlotId: slot.timeSlotId,
  providerId: slot.providerId,
  appointmentId: booking.appointmentId,
  at,
});

const statusChange = (
  slot: OpenSlot,
  booking: Booking,
  to: AppointmentStatus,
  at: string,
): TimeSlotEvent => ({
  type: 'AppointmentStatusChanged',
  data: { ...refOf(slot, booking, at), from: booking.status, to },
});

/** Adding the same window again (a retried request) changes nothing. */
export const addTimeSlot = (command: Of<'AddTimeSlot'>, state: TimeSlotState): TimeSlotEvent[] =>
  state.status === 'none'
    ? [{ type: 'TimeSlotAdded', data: { ...command.data, at: command.metadata.now } }]
    : [];

/** The instants a booking takes: its interval of a split window, or a place in a block. */
const takenBy = (slot: OpenSlot, index: number | null): { startDateTime: string; endDateTime: string } => {
  if (!slot.addAsSlot) {
    if (slot.bookings.filter(holds).length >= slot.availableSlots)
      throw new ConflictError(MESSAGES.slotJustBooked);
    return { startDateTime: slot.startDateTime, endDateTime: slot.endDateTime };
  }
  if (index === null) throw new ValidationError(MESSAGES.intervalRequired);
  const interval = intervalOf({ ...slot, indexes: [] }, index);
  if (!interval) throw new ValidationError(MESSAGES.intervalRequired);
  if (slot.bookings.some((b) => holds(b) && b.index === index))
    throw new ConflictError(MESSAGES.slotJustBooked);
  return { startDateTime: interval.startDateTime, endDateTime: interval.endDateTime };
};

export const bookInterval = (command: Of<'BookInterval'>, state: TimeSlotState): TimeSlotEvent[] => {
  const slot = openSlot(state);
  const { data: booking, metadata } = command;
  // The same appointment again (a retried request) books nothing twice.
  if (slot.bookings.some((b) => b.appointmentId === booking.appointmentId)) return [];
  // Issue 16: the window's own provider prices the booking, never another provider's service.
  if (booking.providerId !== slot.providerId)
    throw new ValidationError(MESSAGES.slotOfAnotherProvider, [
      { field: 'timeslotId', message: MESSAGES.slotOfAnotherProvider },
    ]);
  if (!slot.serviceIds.includes(booking.serviceName)) throw new ValidationError(MESSAGES.slotNotForService);
  const { startDateTime, endDateTime } = takenBy(slot, booking.index);
  if (Date.parse(startDateTime) <= Date.parse(metadata.now)) throw new IllegalStateError(MESSAGES.slotInPast);
  return [
    {
      type: 'IntervalBooked',
      data: {
        ...booking,
        index: slot.addAsSlot ? booking.index : null,
        status: booking.automaticBooking && !booking.paymentNeeded ? 'scheduled' : 'pending',
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
  const { slot, booking } = bookingOf(state, command.data.appointmentId);
  const to = command.data.status;
  if (booking.status === to) return [];
  // Back from cancelled, the appointment needs its interval (or a place in the block) again.
  if (!holds(booking)) {
    const others = slot.bookings.filter((b) => holds(b) && b.appointmentId !== booking.appointmentId);
    const taken = slot.addAsSlot
      ? others.some((b) => b.index === booking.index)
      : others.length >= slot.availableSlots;
    if (taken) throw new ConflictError(MESSAGES.slotJustBooked);
  }
  return [statusChange(slot, booking, to, command.metadata.now)];
};

/** The same order again (a retried request) records nothing. */
export const requestPayment = (command: Of<'RequestPayment'>, state: TimeSlotState): TimeSlotEvent[] => {
  const { slot, booking } = bookingOf(state, command.data.appointmentId);
  if (booking.orderId === command.data.orderId) return [];
  return [
    { type: 'PaymentRequested', data: { ...refOf(slot, booking, command.metadata.now), ...command.data } },
  ];
};

/** A payment is recorded once; issue 5: a service with automatic booking is scheduled once it is paid. */
export const confirmPayment = (command: Of<'ConfirmPayment'>, state: TimeSlotState): TimeSlotEvent[] => {
  const { slot, booking } = bookingOf(state, command.data.appointmentId);
  if (booking.paid) return [];
  const at = command.metadata.now;
  const { orderId, paymentId } = command.data;
  const confirmed: TimeSlotEvent = {
    type: 'PaymentConfirmed',
    data: { ...refOf(slot, booking, at), orderId, paymentId },
  };
  return booking.automaticBooking && booking.status === 'pending'
    ? [confirmed, statusChange(slot, booking, 'scheduled', at)]
    : [confirmed];
};

/** The unpaid timeout: only a pending booking still waiting for its payment is cancelled. */
export const expireUnpaid = (command: Of<'ExpireUnpaid'>, state: TimeSlotState): TimeSlotEvent[] => {
  const { slot, booking } = bookingOf(state, command.data.appointmentId);
  if (booking.paid || !booking.paymentNeeded || booking.status !== 'pending') return [];
  return [statusChange(slot, booking, 'cancelled', command.metadata.now)];
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
    default: {
      const unknown: never = command;
      throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
    }
  }
};

/** The appointment an event is about, changed by `change`; other bookings as they were. */
const withBooking = (state: TimeSlotState, appointmentId: string, change: Partial<Booking>): TimeSlotState =>
  state.status === 'none'
    ? state
    : {
        ...state,
        bookings: state.bookings.map((b) => (b.appointmentId === appointmentId ? { ...b, ...change } : b)),
      };

export const evolve = (state: TimeSlotState, event: TimeSlotEvent): TimeSlotState => {
  switch (event.type) {
    case 'TimeSlotAdded': {
      const { at: _at, ...details } = event.data;
      return { ...details, status: 'open', bookings: [] };
    }
    case 'IntervalBooked': {
      if (state.status === 'none') return state;
      const { appointmentId, index, status, paymentNeeded, automaticBooking } = event.data;
      const booking: Booking = { appointmentId, index, status, paymentNeeded, automaticBooking, paid: false };
      return { ...state, bookings: [...state.bookings, booking] };
    }
    case 'AppointmentStatusChanged':
      return withBooking(state, event.data.appointmentId, { status: event.data.to });
    case 'PaymentRequested':
      return withBooking(state, event.data.appointmentId, { orderId: event.data.orderId });
    case 'PaymentConfirmed':
      return withBooking(state, event.data.appointmentId, { paid: true });
    default:
      return state;
  }
};

export const timeSlotDecider: Decider<TimeSlotCommand, TimeSlotEvent, TimeSlotState> = {
  initialState: () => ({ status: 'none' }),
  evolve,
  decide,
};
