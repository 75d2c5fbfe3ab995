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
 * One availability window (SPEC §3 Time slot) is one stream: the consistency boundary for the
 * bookings of its intervals (DESIGN §5). Every booking appends to it with the expected
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

const bookingOf = (state: TimeSlotState, appointmentId: string): Booking => {
  if (state.status === 'none') throw new NotFoundError(MESSAGES.slotNotFound);
  const booking = state.bookings.find((b) => b.appointmentId === appointmentId);
  if (!booking) throw new NotFoundError(MESSAGES.appointmentNotFound);
  return booking;
};

const refOf = (state: TimeSlotState, booking: Booking, at: string): AppointmentRef => ({
  timeSlotId: (state as OpenSlot).timeSlotId,
  providerId: (state as OpenSlot).providerId,
  appointmentId: booking.appointmentId,
  at,
});

const statusChange = (
  state: TimeSlotState,
  booking: Booking,
  to: AppointmentStatus,
  at: string,
): TimeSlotEvent => ({
  type: 'AppointmentStatusChanged',
  data: { ...refOf(state, booking, at), from: booking.status, to },
});

export const timeSlotDecider: Decider<TimeSlotCommand, TimeSlotEvent, TimeSlotState> = {
  initialState: () => ({ status: 'none' }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'TimeSlotAdded': {
        const { at: _at, ...details } = event.data;
        return { ...details, status: 'open', bookings: [] };
      }
      case 'IntervalBooked':
        return state.status === 'none'
          ? state
          : {
              ...state,
              bookings: [
                ...state.bookings,
                {
                  appointmentId: event.data.appointmentId,
                  index: event.data.index,
                  status: event.data.status,
                  paymentNeeded: event.data.paymentNeeded,
                  automaticBooking: event.data.automaticBooking,
                  paid: false,
                },
              ],
            };
      case 'AppointmentStatusChanged':
        return state.status === 'none'
          ? state
          : {
              ...state,
              bookings: state.bookings.map((b) =>
                b.appointmentId === event.data.appointmentId ? { ...b, status: event.data.to } : b,
              ),
            };
      case 'PaymentRequested':
        return state.status === 'none'
          ? state
          : {
              ...state,
              bookings: state.bookings.map((b) =>
                b.appointmentId === event.data.appointmentId ? { ...b, orderId: event.data.orderId } : b,
              ),
            };
      case 'PaymentConfirmed':
        return state.status === 'none'
          ? state
          : {
              ...state,
              bookings: state.bookings.map((b) =>
                b.appointmentId === event.data.appointmentId ? { ...b, paid: true } : b,
              ),
            };
      default:
        return state;
    }
  },
  decide: (command, state) => {
    const at = command.metadata.now;
    switch (command.type) {
      case 'AddTimeSlot':
        // Adding the same window again (a retried request) changes nothing.
        return state.status === 'none' ? [{ type: 'TimeSlotAdded', data: { ...command.data, at } }] : [];
      case 'BookInterval': {
        if (state.status === 'none') throw new NotFoundError(MESSAGES.slotNotFound);
        const booking = command.data;
        // The same appointment again (a retried request) books nothing twice.
        if (state.bookings.some((b) => b.appointmentId === booking.appointmentId)) return [];
        // Issue 16: the window's own provider prices the booking, never another provider's service.
        if (booking.providerId !== state.providerId)
          throw new ValidationError(MESSAGES.slotOfAnotherProvider, [
            { field: 'timeslotId', message: MESSAGES.slotOfAnotherProvider },
          ]);
        if (!state.serviceIds.includes(booking.serviceName))
          throw new ValidationError(MESSAGES.slotNotForService);
        let startDateTime = state.startDateTime;
        let endDateTime = state.endDateTime;
        if (state.addAsSlot) {
          if (booking.index === null) throw new ValidationError(MESSAGES.intervalRequired);
          const interval = intervalOf({ ...state, indexes: [] }, booking.index);
          if (!interval) throw new ValidationError(MESSAGES.intervalRequired);
          if (state.bookings.some((b) => holds(b) && b.index === booking.index)) {
            throw new ConflictError(MESSAGES.slotJustBooked);
          }
          ({ startDateTime, endDateTime } = interval);
        } else if (state.bookings.filter(holds).length >= state.availableSlots) {
          throw new ConflictError(MESSAGES.slotJustBooked);
        }
        if (Date.parse(startDateTime) <= Date.parse(at)) throw new IllegalStateError(MESSAGES.slotInPast);
        return [
          {
            type: 'IntervalBooked',
            data: {
              ...booking,
              index: state.addAsSlot ? booking.index : null,
              status: booking.automaticBooking && !booking.paymentNeeded ? 'scheduled' : 'pending',
              timeSlotId: state.timeSlotId,
              providerId: state.providerId,
              date: state.date,
              timezone: state.timezone,
              startDateTime,
              endDateTime,
              at,
            },
          },
        ];
      }
      case 'ChangeAppointmentStatus': {
        const booking = bookingOf(state, command.data.appointmentId);
        const open = state as OpenSlot;
        const to = command.data.status;
        if (booking.status === to) return [];
        // Back from cancelled, the appointment needs its interval (or a place in the block) again.
        if (!holds(booking)) {
          const others = open.bookings.filter((b) => holds(b) && b.appointmentId !== booking.appointmentId);
          const taken = open.addAsSlot
            ? others.some((b) => b.index === booking.index)
            : others.length >= open.availableSlots;
          if (taken) throw new ConflictError(MESSAGES.slotJustBooked);
        }
        return [statusChange(state, booking, to, at)];
      }
      case 'RequestPayment': {
        const booking = bookingOf(state, command.data.appointmentId);
        if (booking.orderId === command.data.orderId) return [];
        return [{ type: 'PaymentRequested', data: { ...refOf(state, booking, at), ...command.data } }];
      }
      case 'ConfirmPayment': {
        const booking = bookingOf(state, command.data.appointmentId);
        if (booking.paid) return [];
        const confirmed: TimeSlotEvent = {
          type: 'PaymentConfirmed',
          data: {
            ...refOf(state, booking, at),
            orderId: command.data.orderId,
            paymentId: command.data.paymentId,
          },
        };
        // Issue 5: a service with automatic booking is scheduled once it is paid.
        return booking.automaticBooking && booking.status === 'pending'
          ? [confirmed, statusChange(state, booking, 'scheduled', at)]
          : [confirmed];
      }
      case 'ExpireUnpaid': {
        const booking = bookingOf(state, command.data.appointmentId);
        if (booking.paid || !booking.paymentNeeded || booking.status !== 'pending') return [];
        return [statusChange(state, booking, 'cancelled', at)];
      }
      default: {
        const unknown: never = command;
        throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },
};
