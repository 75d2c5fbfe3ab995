import { z } from 'zod';
import { AppointmentStatus } from '../appointments';
import { RecordedBookingPolicy } from '../policy';
import { WAITLIST_EVENTS } from './waitlist';

/**
 * The events of a time slot's stream (docs/product.md §3), written once. The
 * decider produces them; read models and reactors parse them with these schemas, or with a
 * `.pick()` of the fields they read, so an event never has a second, hand-typed shape.
 */

/**
 * A time slot as its provider opened it, in the log's names: serviceIds holds service names,
 * availableSlots the capacity, addAsSlot whether it is split.
 */
export const TimeSlotDetails = z.object({
  timeSlotId: z.string(),
  providerId: z.string(),
  serviceIds: z.array(z.string()),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  timezone: z.string(),
  /** UTC instants of the time slot's start and end in the provider's zone. */
  startDateTime: z.string(),
  endDateTime: z.string(),
  availableSlots: z.number(),
  addAsSlot: z.boolean(),
  /**
   * The repeating series it was added with (issue 30): the time slots of one repeating form share
   * it. Absent for a one-off time slot and for those recorded before it.
   */
  seriesId: z.string().optional(),
});
export type TimeSlotDetails = z.infer<typeof TimeSlotDetails>;

/** What an appointment records about itself when it takes an interval. */
export const BookingDetails = z.object({
  appointmentId: z.string(),
  /** The provider whose service priced the booking: it must be the time slot's own. */
  providerId: z.string(),
  userId: z.string(),
  email: z.string(),
  username: z.string(),
  providerName: z.string(),
  serviceName: z.string(),
  /** The interval number in a split time slot (the log's `index`); null for a block. */
  index: z.number().nullable(),
  paymentNeeded: z.boolean(),
  automaticBooking: z.boolean(),
  amount: z.number(),
  /** The provider's currency; absent on bookings recorded before it. */
  currency: z.string().optional(),
  note: z.string().optional(),
  imageUrl: z.string().optional(),
  /** The provider's booking policy when it was booked (issue 29); absent on bookings made before it. */
  policy: RecordedBookingPolicy.optional(),
  /**
   * Issue 31: the recurring series it was booked with, all of whose occurrences were booked in one
   * atomic append: the series' id, this occurrence's number (1-based) and how many were booked.
   */
  series: z.object({ seriesId: z.string(), occurrence: z.number(), count: z.number() }).optional(),
});
export type BookingDetails = z.infer<typeof BookingDetails>;

/** Which appointment of which time slot an event is about, and when. */
const AppointmentRef = z.object({
  timeSlotId: z.string(),
  providerId: z.string(),
  appointmentId: z.string(),
  at: z.string(),
});
export type AppointmentRef = z.infer<typeof AppointmentRef>;

export const TimeSlotAdded = TimeSlotDetails.extend({ at: z.string() });

export const IntervalBooked = BookingDetails.extend({
  /** pending, or scheduled at once for a free service with automatic booking (docs/product.md §4). */
  status: AppointmentStatus,
  timeSlotId: z.string(),
  date: z.string(),
  timezone: z.string(),
  startDateTime: z.string(),
  endDateTime: z.string(),
  at: z.string(),
});

export const AppointmentStatusChanged = AppointmentRef.extend({
  from: AppointmentStatus,
  to: AppointmentStatus,
  /** Who cancelled (issue 29): the user; absent for the provider's change and older events. */
  by: z.enum(['user']).optional(),
  /** A cancellation after the deadline of the booking's policy. */
  late: z.boolean().optional(),
});

/**
 * Who changed a booking's status, from its event: its user, the system (the unpaid timeout) or its
 * provider's staff (the metadata's role).
 */
export const changedBy = (event: {
  data: { by?: string };
  metadata?: Record<string, unknown>;
}): 'user' | 'system' | 'provider' | undefined => {
  if (event.data.by === 'user') return 'user';
  if (event.metadata?.system === true) return 'system';
  const role = event.metadata?.role;
  return role === 'admin' || role === 'superadmin' ? 'provider' : undefined;
};

export const PaymentRequested = AppointmentRef.extend({
  orderId: z.string(),
  amount: z.number(),
  currency: z.string(),
});

export const PaymentConfirmed = AppointmentRef.extend({ orderId: z.string(), paymentId: z.string() });

/** Where a booking is: its time slot, interval (null for a block) and instants. */
export const Place = z.object({
  timeSlotId: z.string(),
  index: z.number().nullable(),
  startDateTime: z.string(),
  endDateTime: z.string(),
});
export type Place = z.infer<typeof Place>;

/**
 * A reschedule (issue 29, docs/architecture.md §5 "Moving a booking between time slots") begins on
 * the booking's time slot: its place is held, and the booking locked against other changes, until
 * the move completes (AppointmentMovedOut) or is abandoned (RescheduleAbandoned). `reschedules`
 * numbers the move (1 for the first one of this booking).
 */
export const RescheduleRequested = AppointmentRef.extend({
  reschedules: z.number(),
  to: Place.pick({ timeSlotId: true, index: true }),
  by: z.enum(['user', 'provider']),
});

/** The move did not happen (its new place was taken): the booking stays, unlocked. */
export const RescheduleAbandoned = AppointmentRef.extend({ reschedules: z.number() });

/**
 * The booking arrives in its new time slot, holding its new place, with everything it was: its
 * person, service, price, status, policy and payment. In the same time slot, recorded after the
 * `AppointmentMovedOut` of the same append.
 */
export const AppointmentMovedIn = IntervalBooked.extend({
  from: Place,
  reschedules: z.number(),
  by: z.enum(['user', 'provider']),
  /** Its order and payment, which move with it. */
  payment: z
    .object({
      orderId: z.string(),
      amount: z.number(),
      currency: z.string(),
      paymentId: z.string().optional(),
    })
    .optional(),
});

/** The booking left this time slot for `to`: its old place is free. */
export const AppointmentMovedOut = AppointmentRef.extend({ reschedules: z.number(), to: Place });

/**
 * The compensation of a move whose booking could not be released from its old time slot (it was
 * abandoned meanwhile): the booking leaves the new time slot again, back to `from`.
 */
export const MoveInUndone = AppointmentRef.extend({ reschedules: z.number(), from: Place });

/** Why a payment goes back (issue 29). */
export const REFUND_REASONS = ['cancelled', 'rejected', 'no_show', 'paid_after_cancel'] as const;
export const RefundReason = z.enum(REFUND_REASONS);
export type RefundReason = z.infer<typeof RefundReason>;

/**
 * A payment is to go back, in part or whole (issue 29), recorded with the change that causes it.
 * `refundKey` names this refund at the gateway (its idempotency key), so retries and replays
 * refund it once. Amounts in the currency's smallest unit, as the order's.
 */
export const RefundRequested = AppointmentRef.extend({
  refundKey: z.string(),
  paymentId: z.string(),
  amount: z.number(),
  /** What the provider keeps (the late cancellation fee). */
  fee: z.number(),
  currency: z.string(),
  reason: RefundReason,
});

/** The gateway refunded a requested refund. */
export const PaymentRefunded = AppointmentRef.extend({
  refundKey: z.string(),
  refundId: z.string(),
  paymentId: z.string(),
  amount: z.number(),
  currency: z.string(),
});

/**
 * The provider's admin changed the time slot (issue 30): its times, capacity, services, or split
 * or block. `previous` is what it was. The bookings the change dropped (`cancelled`) were
 * cancelled by the provider, with their refunds, by the events before it in the same append; every
 * other booking keeps its place and instants.
 */
export const TimeSlotChanged = TimeSlotDetails.omit({ seriesId: true }).extend({
  previous: TimeSlotDetails.pick({
    serviceIds: true,
    date: true,
    startTime: true,
    endTime: true,
    startDateTime: true,
    endDateTime: true,
    availableSlots: true,
    addAsSlot: true,
  }),
  cancelled: z.array(z.string()),
  at: z.string(),
});
/**
 * The provider's admin deleted the time slot (issue 30): it is offered no more and takes no
 * booking. Its bookings that held a place (`cancelled`) were cancelled by the provider, with
 * their refunds, by the events before it in the same append.
 */
export const TimeSlotDeleted = TimeSlotDetails.pick({
  timeSlotId: true,
  providerId: true,
  date: true,
  startTime: true,
  endTime: true,
  timezone: true,
  startDateTime: true,
  endDateTime: true,
}).extend({ cancelled: z.array(z.string()), at: z.string() });

/** Every time-slot event's data schema, by type. */
export const TIME_SLOT_EVENTS = {
  TimeSlotAdded,
  IntervalBooked,
  AppointmentStatusChanged,
  PaymentRequested,
  PaymentConfirmed,
  RefundRequested,
  PaymentRefunded,
  RescheduleRequested,
  RescheduleAbandoned,
  AppointmentMovedIn,
  AppointmentMovedOut,
  MoveInUndone,
  TimeSlotChanged,
  TimeSlotDeleted,
  /** The time slot's waitlist (issue 31). */
  ...WAITLIST_EVENTS,
} as const;

type DataOf = { [K in keyof typeof TIME_SLOT_EVENTS]: z.infer<(typeof TIME_SLOT_EVENTS)[K]> };
export type TimeSlotAddedData = DataOf['TimeSlotAdded'];
export type IntervalBookedData = DataOf['IntervalBooked'];
export type AppointmentStatusChangedData = DataOf['AppointmentStatusChanged'];
export type PaymentRequestedData = DataOf['PaymentRequested'];
export type PaymentConfirmedData = DataOf['PaymentConfirmed'];
export type RefundRequestedData = DataOf['RefundRequested'];
export type PaymentRefundedData = DataOf['PaymentRefunded'];
export type AppointmentMovedInData = DataOf['AppointmentMovedIn'];
export type TimeSlotChangedData = DataOf['TimeSlotChanged'];
export type TimeSlotDeletedData = DataOf['TimeSlotDeleted'];

export type TimeSlotEvent = { [K in keyof DataOf]: { type: K; data: DataOf[K] } }[keyof DataOf];
