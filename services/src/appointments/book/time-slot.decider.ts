import type { AppointmentStatus } from '@appointment/contracts/appointments';
import { MESSAGES } from '@appointment/contracts/messages';
import {
  cancellationTerms,
  DEFAULT_BOOKING_POLICY,
  earliestBookableStart,
  rescheduleDeadlineOf,
  type RecordedBookingPolicy,
} from '@appointment/contracts/policy';
import {
  dayKeyIn,
  intervalOfSlot,
  placeTooShortMessage,
  spansOverlap,
  timeOfDayIn,
  type TimeSpan,
} from '@appointment/contracts/schedule';
import type {
  AppointmentMovedInData,
  AppointmentRef,
  BookingDetails,
  Place,
  RefundReason,
  TimeSlotDetails as TimeSlotAddedDetails,
  TimeSlotEvent,
} from '@appointment/contracts/events/time-slot';
import type { Command, Decider } from '../../domain/command-handler';
import { ConflictError, IllegalStateError, NotFoundError, ValidationError } from '../../domain/errors';
import {
  claimOf,
  declineOffer,
  evolveWaitlist,
  expireOffers,
  joinWaitlist,
  leaveWaitlist,
  offersAfter,
  offersDroppedBy,
  openOffers,
  withdrawOffers,
  type JoinAsk,
  type Offer,
  type Waiter,
  type Waitlist,
  type WaitlistSlot,
} from '../waitlist/waitlist.decider';
import { withFields } from '@appointment/contracts/objects';

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
}: TimeSlotDetails): TimeSlotAddedDetails =>
  withFields(details, {
    serviceIds: serviceNames,
    availableSlots: capacity,
    addAsSlot: split,
  });

const timeSlotDetailsOf = ({
  serviceIds,
  availableSlots,
  addAsSlot,
  ...details
}: TimeSlotAddedDetails): TimeSlotDetails =>
  withFields(details, {
    serviceNames: serviceIds,
    capacity: availableSlots,
    split: addAsSlot,
  });

export type TimeSlotCommand =
  | (Command & { type: 'AddTimeSlot'; data: TimeSlotDetails })
  | (Command & {
      type: 'BookInterval';
      /**
       * serviceDuration: the service's minutes, which the interval must hold (docs/product.md §4).
       * offerId: the claim of a waitlist offer (issue 31), which books the offer's place.
       */
      data: AppointmentDetails & { serviceDuration?: number; offerId?: string } & PlaceRules;
    })
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
    })
  | (Command & { type: 'RequestReschedule'; data: RescheduleAsk })
  | (Command & { type: 'MoveWithin'; data: RescheduleAsk & PlaceRules & ServiceDuration })
  | (Command & {
      type: 'MoveIn';
      data: MovingBooking & { intervalNumber: number | null } & PlaceRules & ServiceDuration;
    })
  | (Command & { type: 'CompleteMove'; data: { appointmentId: string; reschedules: number; to: Place } })
  | (Command & { type: 'AbandonMove'; data: { appointmentId: string; reschedules: number } })
  | (Command & { type: 'UndoMoveIn'; data: { appointmentId: string; reschedules: number; from: Place } })
  | (Command & { type: 'ChangeTimeSlot'; data: { details: TimeSlotDetails; cancelAffected: boolean } })
  | (Command & { type: 'DeleteTimeSlot'; data: { cancelAffected: boolean } })
  // The waitlist (issue 31).
  | (Command & { type: 'JoinWaitlist'; data: JoinAsk })
  | (Command & { type: 'LeaveWaitlist'; data: { entryId: string; userId: string } })
  | (Command & { type: 'DeclineOffer'; data: { offerId: string; userId: string } })
  | (Command & { type: 'ExpireOffers'; data: Record<string, never> });

/**
 * What the provider's calendar says of the place a booking takes (issue 30), read by the command's
 * caller: its time off, which no booking or move enters. The time slot's stream does not hold it.
 */
export interface PlaceRules {
  timeOff?: readonly TimeSpan[];
}

/** A move's service as the provider now offers it: the new place must be as long (issue 30). */
export interface ServiceDuration {
  serviceDuration?: number;
}

/** Who asks to move a booking, and where to (issue 29). */
export interface RescheduleAsk {
  appointmentId: string;
  /** The booker (the deadline and the limit of the policy apply), or the provider's admin. */
  by: { role: 'user'; userId: string } | { role: 'provider' };
  to: { timeSlotId: string; index: number | null };
  /**
   * The moves it must have had so far: an e-mail's reschedule link moves its booking once, so one
   * used twice at the same moment moves it once (the other is refused).
   */
  expectedReschedules?: number;
}

/** A booking on its way to another place: all it records, as its new time slot records it. */
export type MovingBooking = Omit<
  AppointmentMovedInData,
  'timeSlotId' | 'date' | 'timezone' | 'startDateTime' | 'endDateTime' | 'at' | 'index'
>;

/**
 * What a booking recorded about itself when it came to its time slot, unchanged since: its person,
 * provider, service, price and policy. A move carries it along as it is.
 */
export type BookingRecord = Omit<BookingDetails, 'appointmentId' | 'index'>;

/** The part of an appointment its time slot keeps. */
export interface TimeSlotAppointment {
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
  endDateTime: string;
  /** How many times it was rescheduled before it came here. */
  reschedules: number;
  /** A move under way (issue 29): the place is held and the booking locked until it ends. */
  moving?: { reschedules: number; to: { timeSlotId: string; index: number | null } };
  /** The move that took it away from here: it no longer holds its place here. */
  movedOut?: number;
  /** Where its last move brought it from. */
  from?: Place;
  /** What it recorded when it came here (the person's fields opened, as every event is read). */
  booking: BookingRecord;
}

/** A cancelled appointment, or one moved away, no longer holds its interval. */
const holds = (appointment: TimeSlotAppointment) =>
  appointment.status !== 'cancelled' && appointment.movedOut === undefined;

/**
 * A time slot, once added, stays `open` for its appointments' payments and refunds; once deleted
 * (issue 30, `deleted`) it takes no booking, move or return to it.
 */
export type TimeSlotState =
  | { status: 'none' }
  | (TimeSlotDetails & {
      status: 'open';
      appointments: TimeSlotAppointment[];
      deleted?: true;
      /** Its waitlist (issue 31), once someone joined it. */
      waitlist?: Waitlist;
    });

export type OpenSlot = Extract<TimeSlotState, { status: 'open' }>;
type Of<C extends TimeSlotCommand['type']> = Extract<TimeSlotCommand, { type: C }>;

const openSlot = (state: TimeSlotState): OpenSlot => {
  if (state.status === 'none') throw new NotFoundError(MESSAGES.slotNotFound);
  return state;
};

/** The time slot, which must not be deleted: a place in it is being taken. */
const liveSlot = (state: TimeSlotState): OpenSlot => {
  const slot = openSlot(state);
  if (slot.deleted) throw new NotFoundError(MESSAGES.slotNotFound);
  return slot;
};

/** The time slot and the appointment of it a command names. */
const appointmentOf = (
  state: TimeSlotState,
  appointmentId: string,
): { slot: OpenSlot; appointment: TimeSlotAppointment } => {
  const slot = openSlot(state);
  const appointment = slot.appointments.find(
    (a) => a.appointmentId === appointmentId && a.movedOut === undefined,
  );
  if (!appointment) throw new NotFoundError(MESSAGES.appointmentNotFound);
  return { slot, appointment };
};

/** The appointment, unless a move of it is under way: then it changes only by the move. */
const unlockedAppointmentOf = (state: TimeSlotState, appointmentId: string) => {
  const found = appointmentOf(state, appointmentId);
  if (found.appointment.moving) throw new ConflictError(MESSAGES.rescheduleInProgress);
  return found;
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
  data: withFields(refOf(slot, appointment, at), { from: appointment.status, to }),
});

/** Adding the same time slot again (a retried request) changes nothing. */
export const addTimeSlot = (command: Of<'AddTimeSlot'>, state: TimeSlotState): TimeSlotEvent[] =>
  state.status === 'none'
    ? [{ type: 'TimeSlotAdded', data: withFields(timeSlotAdded(command.data), { at: command.metadata.now }) }]
    : [];

/** The instants a booking takes: its interval of a split time slot, or a place in a block. */
const takenBy = (
  slot: OpenSlot,
  intervalNumber: number | null,
  /** A booking moving within this time slot: the place it leaves does not count. */
  moving?: string,
): { startDateTime: string; endDateTime: string } => {
  const others = slot.appointments.filter((a) => holds(a) && a.appointmentId !== moving);
  // A place offered to a waiter (issue 31) is held for them.
  const offered = openOffers(slot);
  if (!slot.split) {
    if (others.length + offered.length >= slot.capacity) throw new ConflictError(MESSAGES.slotJustBooked);
    return { startDateTime: slot.startDateTime, endDateTime: slot.endDateTime };
  }
  if (intervalNumber === null) throw new ValidationError(MESSAGES.intervalRequired);
  const interval = intervalOfSlot(slot, intervalNumber);
  if (!interval) throw new ValidationError(MESSAGES.intervalRequired);
  if (
    others.some((a) => a.intervalNumber === intervalNumber) ||
    offered.some((o) => o.index === intervalNumber)
  )
    throw new ConflictError(MESSAGES.slotJustBooked);
  return { startDateTime: interval.startDateTime, endDateTime: interval.endDateTime };
};

/**
 * The rules of a place being taken, by a booking or a move alike (issue 30): it has not started;
 * it starts no sooner than the minimum notice of `notice` (elapsed minutes; none for the provider's
 * admin moving a booking); it meets none of the provider's time off.
 */
const mayTake = (
  place: TimeSpan,
  at: string,
  { notice, timeOff }: { notice: RecordedBookingPolicy | undefined; timeOff: PlaceRules['timeOff'] },
): void => {
  const start = Date.parse(place.startDateTime);
  if (start <= Date.parse(at)) throw new IllegalStateError(MESSAGES.slotInPast);
  if (notice && start < earliestBookableStart(notice, new Date(at)))
    throw new IllegalStateError(MESSAGES.bookingTooSoon);
  if (timeOff?.some((off) => spansOverlap(place, off)))
    throw new IllegalStateError(MESSAGES.bookingInTimeOff);
};

/** Whether a place is shorter than a service of `minutes` (docs/product.md §4 duration rule). */
const shorterThan = (place: TimeSpan, minutes: number | undefined): boolean =>
  minutes !== undefined && Date.parse(place.endDateTime) - Date.parse(place.startDateTime) < minutes * 60_000;

export const bookInterval = (command: Of<'BookInterval'>, state: TimeSlotState): TimeSlotEvent[] => {
  const slot = liveSlot(state);
  const {
    data: { intervalNumber, serviceDuration, timeOff, ...appointment },
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
  // The minimum notice of the policy this booking records (issue 30), and the provider's time off.
  mayTake({ startDateTime, endDateTime }, metadata.now, { notice: appointment.policy, timeOff });
  // An interval made before the duration rule may be shorter than the service: it is not booked.
  if (shorterThan({ startDateTime, endDateTime }, serviceDuration))
    throw new IllegalStateError(MESSAGES.intervalTooShortForService);
  return [
    {
      type: 'IntervalBooked',
      data: withFields(appointment, {
        index: slot.split ? intervalNumber : null,
        status: appointment.automaticBooking && !appointment.paymentNeeded ? 'scheduled' : 'pending',
        timeSlotId: slot.timeSlotId,
        providerId: slot.providerId,
        date: slot.date,
        timezone: slot.timezone,
        startDateTime,
        endDateTime,
        at: metadata.now,
      }),
    },
  ];
};

export const changeAppointmentStatus = (
  command: Of<'ChangeAppointmentStatus'>,
  state: TimeSlotState,
): TimeSlotEvent[] => {
  const { slot, appointment } = unlockedAppointmentOf(state, command.data.appointmentId);
  const to = command.data.status;
  if (appointment.status === to) return [];
  // A no-show (issue 29): a scheduled appointment, once its time is over.
  if (
    to === 'no_show' &&
    (appointment.status !== 'scheduled' ||
      Date.parse(appointment.endDateTime) > Date.parse(command.metadata.now))
  )
    throw new IllegalStateError(MESSAGES.noShowTooEarly);
  // Back from cancelled, the appointment needs its interval (or a place in the block) again, in a
  // time slot that is still there.
  if (!holds(appointment)) {
    if (slot.deleted) throw new NotFoundError(MESSAGES.slotNotFound);
    const others = slot.appointments.filter((a) => holds(a) && a.appointmentId !== appointment.appointmentId);
    const offered = openOffers(slot);
    const taken = slot.split
      ? others.some((a) => a.intervalNumber === appointment.intervalNumber) ||
        offered.some((o) => o.index === appointment.intervalNumber)
      : others.length + offered.length >= slot.capacity;
    if (taken) throw new ConflictError(MESSAGES.slotJustBooked);
  }
  const at = command.metadata.now;
  // The provider's Reject of a paid booking gives it all back; so does a no-show the policy does
  // not charge.
  const refund =
    to === 'cancelled'
      ? refundRequest(slot, appointment, at, { amount: paidOf(appointment), fee: 0, reason: 'rejected' })
      : to === 'no_show' && !appointment.policy.noShowCharged
        ? refundRequest(slot, appointment, at, { amount: paidOf(appointment), fee: 0, reason: 'no_show' })
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
      data: withFields(refOf(slot, appointment, command.metadata.now), command.data),
    },
  ];
};

/** A payment is recorded once; a service with automatic booking is scheduled once it is paid. */
export const confirmPayment = (command: Of<'ConfirmPayment'>, state: TimeSlotState): TimeSlotEvent[] => {
  const { slot, appointment } = unlockedAppointmentOf(state, command.data.appointmentId);
  if (appointment.paid) return [];
  const at = command.metadata.now;
  const { orderId, paymentId } = command.data;
  const confirmed: TimeSlotEvent = {
    type: 'PaymentConfirmed',
    data: withFields(refOf(slot, appointment, at), { orderId, paymentId }),
  };
  // Paid after it was cancelled (the unpaid timeout came first): it holds no place, so all goes back.
  if (appointment.status === 'cancelled')
    return [
      confirmed,
      ...refundRequest(slot, withFields(appointment, { paid: true, paymentId }), at, {
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
          data: withFields(refOf(slot, appointment, at), {
            refundKey: `refund-${appointment.appointmentId}-${appointment.refundRequests + 1}`,
            paymentId: appointment.paymentId,
            currency: appointment.currency ?? '',
            ...refund,
          }),
        },
      ]
    : [];

/** What was paid for an appointment, in the smallest unit. */
const paidOf = (appointment: TimeSlotAppointment) => (appointment.paid ? (appointment.orderAmount ?? 0) : 0);

/** The unpaid timeout: only a pending booking still waiting for its payment is cancelled. */
export const expireUnpaid = (command: Of<'ExpireUnpaid'>, state: TimeSlotState): TimeSlotEvent[] => {
  const { slot, appointment } = unlockedAppointmentOf(state, command.data.appointmentId);
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
  const { slot, appointment } = unlockedAppointmentOf(state, command.data.appointmentId);
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
      data: withFields(refOf(slot, appointment, at), {
        from: appointment.status,
        to: 'cancelled',
        by: 'user',
        late,
      }),
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
      data: withFields(refOf(slot, appointment, command.metadata.now), {
        refundKey,
        refundId,
        paymentId: appointment.paymentId ?? '',
        amount,
        currency: appointment.currency ?? '',
      }),
    },
  ];
};

/**
 * May this booking move now (issue 29)? Only an upcoming pending or scheduled one; its booker only
 * before the reschedule deadline of the policy it was booked with and as often as it allows; its
 * provider's admin at any time before it starts. Another place than its own.
 */
const mayMove = (slot: OpenSlot, appointment: TimeSlotAppointment, ask: RescheduleAsk, now: string) => {
  if (ask.by.role === 'user' && appointment.userId !== ask.by.userId)
    throw new NotFoundError(MESSAGES.appointmentNotFound);
  if (appointment.moving) throw new ConflictError(MESSAGES.rescheduleInProgress);
  if (ask.expectedReschedules !== undefined && ask.expectedReschedules !== appointment.reschedules)
    throw new ConflictError(MESSAGES.bookingLinkUsed);
  const start = Date.parse(appointment.startDateTime);
  if (!['pending', 'scheduled'].includes(appointment.status) || start <= Date.parse(now))
    throw new IllegalStateError(MESSAGES.appointmentNotReschedulable);
  if (ask.by.role === 'user') {
    const deadline = rescheduleDeadlineOf(appointment.policy, appointment.startDateTime);
    if (deadline && Date.parse(now) > Date.parse(deadline))
      throw new IllegalStateError(MESSAGES.rescheduleTooLate);
    if (appointment.reschedules >= appointment.policy.maxReschedules)
      throw new IllegalStateError(MESSAGES.rescheduleLimit);
  }
  if (ask.to.timeSlotId === slot.timeSlotId && (!slot.split || ask.to.index === appointment.intervalNumber))
    throw new ValidationError(MESSAGES.rescheduleSamePlace);
};

/**
 * What a booking carries when it moves: what it recorded when it came here, its status and its
 * order and payment.
 */
export const movingOf = (
  appointment: TimeSlotAppointment,
  by: RescheduleAsk['by']['role'],
): Omit<MovingBooking, 'from' | 'reschedules'> => ({
  appointmentId: appointment.appointmentId,
  ...appointment.booking,
  by,
  status: appointment.status,
  ...(appointment.orderId && appointment.orderAmount !== undefined
    ? {
        payment: {
          orderId: appointment.orderId,
          amount: appointment.orderAmount,
          currency: appointment.currency ?? '',
          ...(appointment.paid && appointment.paymentId ? { paymentId: appointment.paymentId } : {}),
        },
      }
    : {}),
});

export const placeOf = (slot: OpenSlot, appointment: TimeSlotAppointment): Place => ({
  timeSlotId: slot.timeSlotId,
  index: appointment.intervalNumber,
  startDateTime: appointment.startDateTime,
  endDateTime: appointment.endDateTime,
});

/** A move to another time slot begins: the booking keeps its place, locked, until the move ends. */
export const requestReschedule = (
  command: Of<'RequestReschedule'>,
  state: TimeSlotState,
): TimeSlotEvent[] => {
  const { slot, appointment } = appointmentOf(state, command.data.appointmentId);
  const { by, to } = command.data;
  mayMove(slot, appointment, command.data, command.metadata.now);
  return [
    {
      type: 'RescheduleRequested',
      data: withFields(refOf(slot, appointment, command.metadata.now), {
        reschedules: appointment.reschedules + 1,
        to,
        by: by.role,
      }),
    },
  ];
};

/**
 * The booking, as it arrives at `slot`'s place: a place that has not started, outside the provider's
 * time off and as long as its service (issue 30), whoever moves it.
 */
const movedIn = (
  slot: OpenSlot,
  moving: MovingBooking,
  intervalNumber: number | null,
  at: string,
  { timeOff, serviceDuration }: PlaceRules & ServiceDuration,
): { type: 'AppointmentMovedIn'; data: AppointmentMovedInData } => {
  const { startDateTime, endDateTime } = takenBy(slot, intervalNumber, moving.appointmentId);
  // Its booker moves it no sooner than the notice of the policy it was booked with (issue 30); its
  // provider's admin may.
  const notice = moving.by === 'user' ? (moving.policy ?? DEFAULT_BOOKING_POLICY) : undefined;
  mayTake({ startDateTime, endDateTime }, at, { notice, timeOff });
  if (shorterThan({ startDateTime, endDateTime }, serviceDuration))
    throw new IllegalStateError(
      placeTooShortMessage({ name: moving.serviceName, duration: serviceDuration ?? 0 }),
    );
  return {
    type: 'AppointmentMovedIn',
    data: withFields(moving, {
      index: slot.split ? intervalNumber : null,
      timeSlotId: slot.timeSlotId,
      date: slot.date,
      timezone: slot.timezone,
      startDateTime,
      endDateTime,
      at,
    }),
  };
};

/** The booking's time slot and service must take it, as for a booking. */
const mustServe = (slot: OpenSlot, moving: MovingBooking) => {
  if (moving.providerId !== slot.providerId) throw new ValidationError(MESSAGES.slotOfAnotherProvider);
  if (!slot.serviceNames.includes(moving.serviceName)) throw new ValidationError(MESSAGES.slotNotForService);
};

/** A move within one time slot: one append, the old interval freed as the new one is taken. */
export const moveWithin = (command: Of<'MoveWithin'>, state: TimeSlotState): TimeSlotEvent[] => {
  liveSlot(state);
  const { slot, appointment } = appointmentOf(state, command.data.appointmentId);
  const at = command.metadata.now;
  mayMove(slot, appointment, command.data, at);
  const moving = withFields(movingOf(appointment, command.data.by.role), {
    reschedules: appointment.reschedules + 1,
    from: placeOf(slot, appointment),
  });
  mustServe(slot, moving);
  const arrived = movedIn(slot, moving, command.data.to.index, at, command.data);
  const to = arrived.data;
  return [
    {
      type: 'AppointmentMovedOut',
      data: withFields(refOf(slot, appointment, at), {
        reschedules: moving.reschedules,
        to: {
          timeSlotId: slot.timeSlotId,
          index: to.index,
          startDateTime: to.startDateTime,
          endDateTime: to.endDateTime,
        },
      }),
    },
    arrived,
  ];
};

/** The booking takes its new place; the same move again (a retry, the completing job) records nothing. */
export const moveIn = (command: Of<'MoveIn'>, state: TimeSlotState): TimeSlotEvent[] => {
  const slot = openSlot(state);
  const { intervalNumber, timeOff, serviceDuration, ...moving } = command.data;
  const here = slot.appointments.find((a) => a.appointmentId === moving.appointmentId && holds(a));
  if (here?.reschedules === moving.reschedules) return [];
  // A deleted time slot takes no booking: the move is abandoned (issue 30).
  if (slot.deleted) throw new NotFoundError(MESSAGES.slotNotFound);
  mustServe(slot, moving);
  return [movedIn(slot, moving, intervalNumber, command.metadata.now, { timeOff, serviceDuration })];
};

/** The move is done: the old place is freed, once. */
export const completeMove = (command: Of<'CompleteMove'>, state: TimeSlotState): TimeSlotEvent[] => {
  const slot = openSlot(state);
  const { appointmentId, reschedules, to } = command.data;
  const appointment = slot.appointments.find((a) => a.appointmentId === appointmentId);
  if (appointment?.movedOut === reschedules) return [];
  if (!appointment || appointment.moving?.reschedules !== reschedules)
    throw new IllegalStateError(MESSAGES.appointmentNotReschedulable);
  return [
    {
      type: 'AppointmentMovedOut',
      data: withFields(refOf(slot, appointment, command.metadata.now), { reschedules, to }),
    },
  ];
};

/** The move did not happen: the booking stays where it is, unlocked. */
export const abandonMove = (command: Of<'AbandonMove'>, state: TimeSlotState): TimeSlotEvent[] => {
  const slot = openSlot(state);
  const { appointmentId, reschedules } = command.data;
  const appointment = slot.appointments.find((a) => a.appointmentId === appointmentId && holds(a));
  if (appointment?.moving?.reschedules !== reschedules) return [];
  return [
    {
      type: 'RescheduleAbandoned',
      data: withFields(refOf(slot, appointment, command.metadata.now), { reschedules }),
    },
  ];
};

/** Compensation: the booking arrived here but stays where it was; it leaves this place again. */
export const undoMoveIn = (command: Of<'UndoMoveIn'>, state: TimeSlotState): TimeSlotEvent[] => {
  const slot = openSlot(state);
  const { appointmentId, reschedules, from } = command.data;
  const appointment = slot.appointments.find((a) => a.appointmentId === appointmentId && holds(a));
  if (appointment?.reschedules !== reschedules) return [];
  return [
    {
      type: 'MoveInUndone',
      data: withFields(refOf(slot, appointment, command.metadata.now), { reschedules, from }),
    },
  ];
};

/** A booking that holds a place the provider could take away: upcoming, or on its way elsewhere. */
const heldPlace = (appointment: TimeSlotAppointment) =>
  holds(appointment) &&
  (appointment.moving !== undefined ||
    appointment.status === 'pending' ||
    appointment.status === 'scheduled');

/** "Ana Smith, Massage, 2026-11-25 09:00–09:30": who and when, in the time slot's zone. */
export const bookingLine = (slot: OpenSlot, appointment: TimeSlotAppointment): string => {
  const start = new Date(appointment.startDateTime);
  const end = new Date(appointment.endDateTime);
  return `${appointment.booking.username}, ${appointment.booking.serviceName}, ${dayKeyIn(start, slot.timezone)} ${timeOfDayIn(start, slot.timezone)}–${timeOfDayIn(end, slot.timezone)}`;
};

/**
 * The cancellations a change of the time slot (or its deletion) makes (issue 30): refused, naming
 * the bookings and the places offered from its waitlist (issue 31, held like a booked place),
 * unless the admin chose to cancel them; then each booking is cancelled by the provider with
 * everything paid refunded, as the admin's Reject does, and each offer withdrawn (its waiter
 * told), in the same append as the change. A booking on its way elsewhere is held: it cannot be
 * cancelled until its move ends.
 */
const dropping = (
  slot: OpenSlot,
  dropped: TimeSlotAppointment[],
  offers: ReturnType<typeof offersDroppedBy>,
  cancelAffected: boolean,
  at: string,
): TimeSlotEvent[] => {
  if (dropped.length === 0 && offers.length === 0) return [];
  if (!cancelAffected)
    throw new ConflictError(MESSAGES.slotChangeDropsBookings, [
      ...dropped.map((a) => ({ field: 'bookings', message: bookingLine(slot, a) })),
      ...offers.map(({ waiter, offer }) => ({ field: 'offers', message: offerLine(slot, waiter, offer) })),
    ]);
  if (dropped.some((a) => a.moving)) throw new ConflictError(MESSAGES.slotMoveUnderWay);
  return [
    ...dropped.flatMap((a) => [
      statusChange(slot, a, 'cancelled', at),
      ...refundRequest(slot, a, at, { amount: paidOf(a), fee: 0, reason: 'rejected' }),
    ]),
    ...withdrawOffers(waitlistSlotOf(slot), offers, at),
  ];
};

/** "Offered from the waitlist, Massage, 2026-11-25 09:00–09:30": an offered place, in the zone. */
const offerLine = (slot: OpenSlot, waiter: Waiter, offer: Offer): string => {
  const start = new Date(offer.startDateTime);
  const end = new Date(offer.endDateTime);
  return `Offered from the waitlist, ${waiter.serviceName}, ${dayKeyIn(start, slot.timezone)} ${timeOfDayIn(start, slot.timezone)}–${timeOfDayIn(end, slot.timezone)}`;
};

/** The bookings a change to `to` would drop: another service, another place or time, no room. */
const droppedBy = (slot: OpenSlot, to: TimeSlotDetails): TimeSlotAppointment[] => {
  let inBlock = 0;
  return slot.appointments.filter(heldPlace).filter((a) => {
    if (!to.serviceNames.includes(a.booking.serviceName) || to.split !== slot.split) return true;
    if (to.split) {
      const interval = a.intervalNumber === null ? undefined : intervalOfSlot(to, a.intervalNumber);
      return interval?.startDateTime !== a.startDateTime || interval.endDateTime !== a.endDateTime;
    }
    if (to.startDateTime !== a.startDateTime || to.endDateTime !== a.endDateTime) return true;
    inBlock += 1;
    return inBlock > to.capacity;
  });
};

const sameDetails = (slot: OpenSlot, to: TimeSlotDetails) =>
  slot.date === to.date &&
  slot.startTime === to.startTime &&
  slot.endTime === to.endTime &&
  slot.startDateTime === to.startDateTime &&
  slot.endDateTime === to.endDateTime &&
  slot.capacity === to.capacity &&
  slot.split === to.split &&
  slot.serviceNames.length === to.serviceNames.length &&
  slot.serviceNames.every((name) => to.serviceNames.includes(name));

/**
 * The admin changes the time slot (issue 30): its times, capacity, services, split or block. Every
 * booking it keeps stays at its place and instants; the same change again (a retry) records nothing.
 */
export const changeTimeSlot = (command: Of<'ChangeTimeSlot'>, state: TimeSlotState): TimeSlotEvent[] => {
  const slot = liveSlot(state);
  const to = command.data.details;
  const at = command.metadata.now;
  if (sameDetails(slot, to)) return [];
  if (Date.parse(slot.startDateTime) <= Date.parse(at))
    throw new IllegalStateError(MESSAGES.slotStartedCannotChange);
  if (Date.parse(to.startDateTime) <= Date.parse(at))
    throw new ValidationError(MESSAGES.dateInPast, [{ field: 'date', message: MESSAGES.dateInPast }]);
  const dropped = droppedBy(slot, to);
  const kept = slot.appointments.filter(heldPlace).length - dropped.length;
  const offers = offersDroppedBy(waitlistSlotOf(slot), to, kept);
  const cancellations = dropping(slot, dropped, offers, command.data.cancelAffected, at);
  const now = timeSlotAdded(to);
  return [
    ...cancellations,
    {
      type: 'TimeSlotChanged',
      data: {
        timeSlotId: slot.timeSlotId,
        providerId: slot.providerId,
        serviceIds: now.serviceIds,
        date: now.date,
        startTime: now.startTime,
        endTime: now.endTime,
        timezone: slot.timezone,
        startDateTime: now.startDateTime,
        endDateTime: now.endDateTime,
        availableSlots: now.availableSlots,
        addAsSlot: now.addAsSlot,
        previous: {
          serviceIds: slot.serviceNames,
          date: slot.date,
          startTime: slot.startTime,
          endTime: slot.endTime,
          startDateTime: slot.startDateTime,
          endDateTime: slot.endDateTime,
          availableSlots: slot.capacity,
          addAsSlot: slot.split,
        },
        cancelled: dropped.map((a) => a.appointmentId),
        at,
      },
    },
  ];
};

/**
 * The admin deletes the time slot (issue 30). Its upcoming bookings are named (refused) or
 * cancelled with it; a booking that races it lands before (and is named or cancelled) or is
 * refused after. Deleting it again (a retry) records nothing.
 */
export const deleteTimeSlot = (command: Of<'DeleteTimeSlot'>, state: TimeSlotState): TimeSlotEvent[] => {
  const slot = openSlot(state);
  if (slot.deleted) return [];
  const at = command.metadata.now;
  const dropped = slot.appointments.filter(heldPlace);
  const offers = offersDroppedBy(waitlistSlotOf(slot), 'deleted', 0);
  const cancellations = dropping(slot, dropped, offers, command.data.cancelAffected, at);
  return [
    ...cancellations,
    {
      type: 'TimeSlotDeleted',
      data: {
        timeSlotId: slot.timeSlotId,
        providerId: slot.providerId,
        date: slot.date,
        startTime: slot.startTime,
        endTime: slot.endTime,
        timezone: slot.timezone,
        startDateTime: slot.startDateTime,
        endDateTime: slot.endDateTime,
        cancelled: dropped.map((a) => a.appointmentId),
        at,
      },
    },
  ];
};

/** The time slot as its waitlist sees it (issue 31): with the places its bookings hold. */
export const waitlistSlotOf = (slot: OpenSlot): WaitlistSlot =>
  withFields(slot, {
    held: slot.appointments.filter(holds).map((a) => a.intervalNumber),
  });

/**
 * A waiter claims their offer (issue 31): the offer's place is booked for them, as any booking,
 * in the same append as the claim. The same claim again (its appointment is here) books nothing.
 */
export const claimOffer = (command: Of<'BookInterval'>, state: TimeSlotState): TimeSlotEvent[] => {
  const slot = liveSlot(state);
  const { offerId, ...booking } = command.data;
  if (offerId === undefined || slot.appointments.some((a) => a.appointmentId === booking.appointmentId))
    return [];
  const claim = claimOf(
    waitlistSlotOf(slot),
    { offerId, userId: booking.userId, appointmentId: booking.appointmentId },
    command.metadata.now,
  );
  return [
    claim.claimed,
    ...bookInterval(
      { ...command, data: { ...booking, intervalNumber: claim.index } },
      withFields(slot, { waitlist: claim.waitlist }),
    ),
  ];
};

/**
 * Every command's events, and then the offers of the places they freed (issue 31): a place freed
 * by a cancellation, a Reject, an unpaid timeout, a move away, a capacity raise or an offer passed
 * on is offered to the next waiter in the same append.
 */
export const decide = (command: TimeSlotCommand, state: TimeSlotState): TimeSlotEvent[] => {
  const events = decideAlone(command, state);
  if (events.length === 0 || state.status === 'none') return events;
  // No waitlist yet, none begun: nothing to offer (most commands; a booking's path stays short).
  if (!state.waitlist && !events.some((event) => event.type === 'WaiterJoined')) return events;
  const after = events.reduce(evolve, state);
  return after.status === 'none'
    ? events
    : [...events, ...offersAfter(waitlistSlotOf(after), command.metadata.now)];
};

const decideAlone = (command: TimeSlotCommand, state: TimeSlotState): TimeSlotEvent[] => {
  switch (command.type) {
    case 'AddTimeSlot':
      return addTimeSlot(command, state);
    case 'BookInterval':
      return command.data.offerId === undefined ? bookInterval(command, state) : claimOffer(command, state);
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
    case 'RequestReschedule':
      return requestReschedule(command, state);
    case 'MoveWithin':
      return moveWithin(command, state);
    case 'MoveIn':
      return moveIn(command, state);
    case 'CompleteMove':
      return completeMove(command, state);
    case 'AbandonMove':
      return abandonMove(command, state);
    case 'UndoMoveIn':
      return undoMoveIn(command, state);
    case 'ChangeTimeSlot':
      return changeTimeSlot(command, state);
    case 'DeleteTimeSlot':
      return deleteTimeSlot(command, state);
    case 'JoinWaitlist':
      return joinWaitlist(waitlistSlotOf(liveSlot(state)), command.data, command.metadata.now);
    case 'LeaveWaitlist':
      return leaveWaitlist(waitlistSlotOf(openSlot(state)), command.data, command.metadata.now);
    case 'DeclineOffer':
      return declineOffer(waitlistSlotOf(openSlot(state)), command.data, command.metadata.now);
    case 'ExpireOffers':
      return expireOffers(waitlistSlotOf(openSlot(state)), command.metadata.now);
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

/** The fields of a booking's event that describe the booking itself, and nothing else. */
const bookingRecordOf = (d: BookingDetails): BookingRecord => ({
  providerId: d.providerId,
  userId: d.userId,
  email: d.email,
  username: d.username,
  providerName: d.providerName,
  serviceName: d.serviceName,
  paymentNeeded: d.paymentNeeded,
  automaticBooking: d.automaticBooking,
  amount: d.amount,
  ...(d.currency === undefined ? {} : { currency: d.currency }),
  ...(d.note === undefined ? {} : { note: d.note }),
  ...(d.imageUrl === undefined ? {} : { imageUrl: d.imageUrl }),
  ...(d.policy === undefined ? {} : { policy: d.policy }),
});

export const evolve = (state: TimeSlotState, event: TimeSlotEvent): TimeSlotState => {
  switch (event.type) {
    case 'TimeSlotAdded': {
      const { at: _at, ...details } = event.data;
      return withFields(timeSlotDetailsOf(details), { status: 'open', appointments: [] });
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
        endDateTime: event.data.endDateTime,
        policy: policy ?? DEFAULT_BOOKING_POLICY,
        reschedules: 0,
        booking: bookingRecordOf(event.data),
      };
      return { ...state, appointments: [...state.appointments, appointment] };
    }
    case 'AppointmentMovedIn': {
      if (state.status === 'none') return state;
      const d = event.data;
      const appointment: TimeSlotAppointment = {
        appointmentId: d.appointmentId,
        intervalNumber: d.index,
        status: d.status,
        paymentNeeded: d.paymentNeeded,
        automaticBooking: d.automaticBooking,
        paid: d.payment?.paymentId !== undefined,
        orderId: d.payment?.orderId,
        orderAmount: d.payment?.amount,
        currency: d.payment?.currency ?? d.currency,
        paymentId: d.payment?.paymentId,
        refundRequests: 0,
        refunded: [],
        userId: d.userId,
        startDateTime: d.startDateTime,
        endDateTime: d.endDateTime,
        policy: d.policy ?? DEFAULT_BOOKING_POLICY,
        reschedules: d.reschedules,
        from: d.from,
        booking: bookingRecordOf(d),
      };
      // A booking that was here before (moved away, or moving within) is here once, as it is now.
      const others = state.appointments.filter((a) => a.appointmentId !== d.appointmentId);
      return { ...state, appointments: [...others, appointment] };
    }
    case 'RescheduleRequested': {
      const { reschedules, to } = event.data;
      return withAppointment(state, event.data.appointmentId, { moving: { reschedules, to } });
    }
    case 'RescheduleAbandoned':
      return withAppointment(state, event.data.appointmentId, { moving: undefined });
    case 'AppointmentMovedOut':
    case 'MoveInUndone':
      return withAppointment(state, event.data.appointmentId, {
        moving: undefined,
        movedOut: event.data.reschedules,
      });
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
    case 'TimeSlotChanged': {
      if (state.status === 'none') return state;
      const d = event.data;
      return {
        ...state,
        serviceNames: d.serviceIds,
        date: d.date,
        startTime: d.startTime,
        endTime: d.endTime,
        startDateTime: d.startDateTime,
        endDateTime: d.endDateTime,
        capacity: d.availableSlots,
        split: d.addAsSlot,
      };
    }
    case 'TimeSlotDeleted':
      return state.status === 'none' ? state : withFields(state, { deleted: true });
    case 'WaiterJoined':
    case 'WaiterLeft':
    case 'PlaceOffered':
    case 'OfferClaimed':
    case 'OfferDeclined':
    case 'OfferExpired':
    case 'OfferWithdrawn':
      return state.status === 'none'
        ? state
        : withFields(state, { waitlist: evolveWaitlist(state.waitlist, event) });
    default:
      return state;
  }
};

export const timeSlotDecider: Decider<TimeSlotCommand, TimeSlotEvent, TimeSlotState> = {
  initialState: () => ({ status: 'none' }),
  evolve,
  decide,
};
