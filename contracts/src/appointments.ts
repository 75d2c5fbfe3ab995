import { z } from 'zod';
import { Provider, Service } from './catalogue';
import { CheckoutInfo } from './payments';
import { APPOINTMENT_STATUSES } from './constants';
import { MESSAGES } from './messages';
import { RecordedBookingPolicy } from './policy';
import { isInstantInRange } from './ranges';
import { isDayKey, isTimeOfDay } from './schedule';

/**
 * Appointments: the booking form, the appointment as listed, its counts and status changes
 * (docs/product.md §3, §4, §7.3). The booking form arrives multipart, so every field is text.
 */

export const AppointmentStatus = z.enum(APPOINTMENT_STATUSES);
export type AppointmentStatus = z.infer<typeof AppointmentStatus>;

const flag = z.preprocess((value) => value === true || value === 'true', z.boolean());

const isInstant = isInstantInRange;

/** A booking's time: HH:mm, or an ISO instant (the seed sends either); empty is absent. */
const bookingTime = z
  .string()
  .trim()
  .max(40)
  .refine((value) => value === '' || isTimeOfDay(value) || isInstant(value), {
    message: MESSAGES.invalidDateFormat,
  })
  .meta({ examples: ['09:00', '2026-11-25T09:00:00.000Z'] })
  .optional();

/**
 * docs/product.md §3 Booking form. The seed sends the slot's fields; this product also takes the
 * time slot's id (`timeslotId`, the time slot's `_id`) and otherwise finds the time slot by provider,
 * date and times. `index` is the interval number in a split time slot; blocks have none.
 */
export const BookingForm = z.object({
  servicename: z.string().trim().min(1, { message: MESSAGES.serviceSelectionRequired }).max(200),
  providerId: z.string().trim().min(1, { message: MESSAGES.providerNotFound }).max(100),
  timeslotId: z.string().trim().max(100).optional(),
  date: z
    .string()
    .trim()
    .min(1, { message: MESSAGES.dateRequired })
    .max(40)
    // The day (YYYY-MM-DD), alone or leading an ISO instant as the seed sends it (never a 500).
    .refine((value) => isDayKey(value.slice(0, 10)) && (value.length === 10 || isInstant(value)), {
      message: MESSAGES.invalidDateFormat,
    })
    .meta({ pattern: '^\\d{4}-\\d{2}-\\d{2}', examples: ['2026-11-25', '2026-11-25T09:00:00.000Z'] }),
  starttime: bookingTime,
  endtime: bookingTime,
  formattedstarttime: z.string().trim().max(40).optional(),
  formattedendtime: z.string().trim().max(40).optional(),
  index: z.preprocess(
    (value) =>
      value === undefined || value === '' || value === 'null' || value === null
        ? undefined
        : // Only text and numbers are read as numbers: Number() throws on some objects (fuzzer).
          typeof value === 'string' || typeof value === 'number'
          ? Number(value)
          : value,
    z.number().int().min(1).max(10_000).optional(),
  ),
  paymentneeded: flag.optional(),
  automaticbooking: flag.optional(),
  note: z.string().trim().max(2000).optional(),
});
export type BookingForm = z.infer<typeof BookingForm>;

/** docs/product.md §3 Appointment, with both spellings of the times the seed reads. */
export const Appointment = z.object({
  _id: z.string(),
  userId: z.string(),
  email: z.string(),
  username: z.string(),
  providerId: z.string(),
  providerName: z.string(),
  serviceName: z.string(),
  timeslotId: z.string(),
  index: z.number().nullable(),
  date: z.string(),
  starttime: z.string(),
  startTime: z.string(),
  endtime: z.string(),
  endTime: z.string(),
  /** UTC instants of the booked interval. */
  startDateTime: z.string(),
  endDateTime: z.string(),
  timezone: z.string(),
  status: AppointmentStatus,
  paymentNeeded: z.boolean(),
  paid: z.boolean(),
  amount: z.number(),
  /** The provider's currency when it was booked. */
  currency: z.string(),
  note: z.string().optional(),
  imageUrl: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** An unpaid booking of a paid service is held until then, and can be paid till then. */
  payBy: z.string().optional(),
  /** The provider's booking policy when it was booked (issue 29); absent on older bookings. */
  policy: RecordedBookingPolicy.optional(),
  /** How many times it was rescheduled (issue 29); absent when never. */
  reschedules: z.number().optional(),
  /** Who cancelled it: its user, the provider or the system (the unpaid timeout). */
  cancelledBy: z.enum(['user', 'provider', 'system']).optional(),
  /** Cancelled after the deadline of its policy. */
  lateCancel: z.boolean().optional(),
  /** What of its payment goes back: pending until the gateway made the refund. */
  refund: z
    .object({
      amount: z.number(),
      fee: z.number(),
      currency: z.string(),
      status: z.enum(['pending', 'refunded']),
    })
    .optional(),
  /** Issue 31: the recurring series it was booked with: its id, this occurrence's number and the count. */
  series: z.object({ seriesId: z.string(), occurrence: z.number(), count: z.number() }).optional(),
});
export type Appointment = z.infer<typeof Appointment>;

/** A paid booking's order at the gateway. */
export const PaymentOrder = z.object({
  id: z.string(),
  amount: z.number(),
  currency: z.string(),
  notes: z.object({ service_name: z.string(), service_description: z.string() }),
});

/** docs/product.md §3 Booking response: the appointment, and an order when the service needs payment. */
export const BookingResponse = z.object({
  message: z.string(),
  appointment: Appointment,
  order: PaymentOrder.optional(),
  /** How the client runs the checkout for the order. */
  checkout: CheckoutInfo.optional(),
});
export type BookingResponse = z.infer<typeof BookingResponse>;

/** Issue 31: a series has at most this many occurrences. */
export const SERIES_MAX_OCCURRENCES = 12;

/**
 * Issue 31 POST /api/appointments/series (and its preview): the first occurrence as a booking form
 * names it, then every `every` days or weeks, `count` occurrences in all, each in a place of the
 * same service at the same time of day. `freeOnly` books the free occurrences and skips the others;
 * without it one occurrence not free refuses the whole series.
 */
export const SeriesForm = BookingForm.pick({
  servicename: true,
  providerId: true,
  timeslotId: true,
  date: true,
  starttime: true,
  index: true,
  note: true,
}).extend({
  every: z.coerce
    .number({ message: MESSAGES.seriesEveryInvalid })
    .int({ message: MESSAGES.seriesEveryInvalid })
    .min(1, { message: MESSAGES.seriesEveryInvalid })
    .max(52, { message: MESSAGES.seriesEveryInvalid }),
  unit: z.enum(['days', 'weeks'], { message: MESSAGES.seriesEveryInvalid }),
  count: z.coerce
    .number({ message: MESSAGES.seriesCountInvalid })
    .int({ message: MESSAGES.seriesCountInvalid })
    .min(2, { message: MESSAGES.seriesCountInvalid })
    .max(SERIES_MAX_OCCURRENCES, { message: MESSAGES.seriesCountInvalid }),
  freeOnly: z.boolean().optional(),
});
export type SeriesForm = z.infer<typeof SeriesForm>;

/** One occurrence of a series as the preview lists it: where, when, and whether it is free. */
export const SeriesOccurrence = z.object({
  /** 1-based. */
  occurrence: z.number(),
  date: z.string(),
  /** The place's time slot and interval; absent when that day has none of this service then. */
  timeslotId: z.string().optional(),
  index: z.number().nullable().optional(),
  startDateTime: z.string().optional(),
  endDateTime: z.string().optional(),
  free: z.boolean(),
  /** Why it is not free. */
  reason: z.string().optional(),
});
export type SeriesOccurrence = z.infer<typeof SeriesOccurrence>;

export const SeriesPreview = z.object({ occurrences: z.array(SeriesOccurrence) });
export type SeriesPreview = z.infer<typeof SeriesPreview>;

/** The booked occurrences (each with its own order when paid) and those skipped as not free. */
export const SeriesBookedResponse = z.object({
  message: z.string(),
  seriesId: z.string(),
  bookings: z.array(BookingResponse.omit({ message: true })),
  skipped: z.array(SeriesOccurrence),
});
export type SeriesBookedResponse = z.infer<typeof SeriesBookedResponse>;

/** Issue 31 POST /api/appointments/:id/cancel-following: it and the later occurrences of its series. */
export const SeriesCancelled = z.object({
  message: z.string(),
  appointments: z.array(Appointment),
});
export type SeriesCancelled = z.infer<typeof SeriesCancelled>;
/**
 * Issue 31 POST /api/appointments/:id/reschedule-following: it and the later occurrences of its
 * series, each moved by the same shift (all or none).
 */
export const SeriesRescheduled = SeriesCancelled;
export type SeriesRescheduled = SeriesCancelled;

/** POST /api/payments/checkout (Pay now): the unpaid booking's order and its checkout again. */
export const PayAgainResponse = z.object({
  appointment: Appointment,
  order: PaymentOrder,
  checkout: CheckoutInfo,
});

/** POST appointmentlist: the caller's appointments. */
export const AppointmentList = z.object({ appointments: z.array(Appointment) });

/** POST updatestatus: "Appointment marked as {status}" and the appointment. */
export const StatusChanged = z.object({ message: z.string(), appointment: Appointment });

/** POST /api/appointments/:id/cancel (issue 29): the appointment a user cancels. */
export const CancelAppointmentParams = z.object({ id: z.string().min(1).max(100) });
/**
 * The cancelled appointment and what of its payment goes back (in the currency's main unit, the
 * fee kept beside it); null when nothing was paid.
 */
export const AppointmentCancelled = z.object({
  message: z.string(),
  appointment: Appointment,
  refund: Appointment.shape.refund.unwrap().nullable(),
});
export type AppointmentCancelled = z.infer<typeof AppointmentCancelled>;

/**
 * POST /api/appointments/:id/reschedule (issue 29): the booking moves to another interval or place
 * of the same provider and service, with its payment; the old place is freed once the new is held.
 */
export const RescheduleRequest = z.object({
  timeslotId: z.string().trim().min(1, { message: MESSAGES.slotNotFound }).max(100),
  /** The interval number in a split time slot; none for a block. */
  index: z.number().int().min(1).max(10_000).optional(),
});
export type RescheduleRequest = z.infer<typeof RescheduleRequest>;
export const AppointmentRescheduledAnswer = z.object({
  message: z.string(),
  appointment: Appointment,
  /** Where it was: the time slot, interval and instants it left. */
  from: z.object({
    timeslotId: z.string(),
    index: z.number().nullable(),
    startDateTime: z.string(),
    endDateTime: z.string(),
  }),
});
export type AppointmentRescheduledAnswer = z.infer<typeof AppointmentRescheduledAnswer>;

/**
 * The signed links of a booking's e-mails (issue 29 "Telling people"): each serves one purpose,
 * names one appointment and works until its start, without signing in. `expires` is that start in
 * epoch milliseconds; the token signs the purpose, the appointment, the expiry and how many times
 * it was rescheduled, so a link mailed before a move is stale after it.
 */
export const BOOKING_LINK_PURPOSES = ['cancel', 'reschedule'] as const;
export const BookingLinkPurpose = z.enum(BOOKING_LINK_PURPOSES);
export type BookingLinkPurpose = z.infer<typeof BookingLinkPurpose>;
/** What proves the link: its token and its expiry, as the e-mail's link carries them. */
export const BookingLinkProof = z.object({
  token: z.string().min(1).max(200),
  expires: z.string().regex(/^\d{1,15}$/),
});
export type BookingLinkProof = z.infer<typeof BookingLinkProof>;
/** GET /api/appointments/:id/link: the link's purpose and proof. */
export const BookingLinkQuery = BookingLinkProof.extend({ purpose: BookingLinkPurpose });
export type BookingLinkQuery = z.infer<typeof BookingLinkQuery>;
/** POST /api/appointments/:id/link/reschedule: the proof and the new place. */
export const BookingLinkReschedule = RescheduleRequest.extend(BookingLinkProof.shape);
export type BookingLinkReschedule = z.infer<typeof BookingLinkReschedule>;
/** The appointment as a link's page shows it: nothing of the person beyond what they booked. */
export const LinkedAppointment = z.object({
  _id: z.string(),
  serviceName: z.string(),
  providerName: z.string(),
  startDateTime: z.string(),
  endDateTime: z.string(),
  timezone: z.string(),
  status: AppointmentStatus,
  paid: z.boolean(),
  amount: z.number(),
  currency: z.string(),
});
export type LinkedAppointment = z.infer<typeof LinkedAppointment>;
/** A free interval (index) or block (index null) of the same provider and service. */
export const FreePlace = z.object({
  timeslotId: z.string(),
  index: z.number().nullable(),
  startDateTime: z.string(),
  endDateTime: z.string(),
});
export type FreePlace = z.infer<typeof FreePlace>;
export const BookingLinkAnswer = z.object({
  purpose: BookingLinkPurpose,
  appointment: LinkedAppointment,
  /**
   * A cancel link: what cancelling now does to the payment (cancellationTerms), in the currency's
   * main unit; nothing paid is a refund and fee of 0.
   */
  cancellation: z
    .object({ late: z.boolean(), fee: z.number(), refund: z.number(), currency: z.string() })
    .optional(),
  /** A reschedule link: the free places of the coming days, in time order. */
  places: z.array(FreePlace).optional(),
});
export type BookingLinkAnswer = z.infer<typeof BookingLinkAnswer>;
/** What a link did: the appointment as it stands, and for a move where it was. */
export const BookingLinkDone = z.object({
  message: z.string(),
  appointment: LinkedAppointment,
  refund: Appointment.shape.refund.unwrap().nullable().optional(),
  from: AppointmentRescheduledAnswer.shape.from.optional(),
});
export type BookingLinkDone = z.infer<typeof BookingLinkDone>;

/** POST paymentsuccess: the payment is received; the appointment as it stands. */
export const PaymentReceived = z.object({ message: z.string(), appointment: Appointment });

/** docs/product.md §3 Appointment counts. */
export const AppointmentCounts = z.object({
  scheduledAppointments: z.number(),
  pendingAppointments: z.number(),
  completedAppointments: z.number(),
  cancelledAppointments: z.number(),
  /** Issue 29: scheduled appointments their person did not come to. */
  noShowAppointments: z.number(),
  totalAppointments: z.number(),
});
export type AppointmentCounts = z.infer<typeof AppointmentCounts>;

export const UpdateStatusRequest = z.object({
  id: z.string().min(1).max(100),
  status: AppointmentStatus,
});

export const AppointmentListRequest = z.object({
  filters: z
    .object({ status: z.union([AppointmentStatus, z.literal('all')]).optional() })
    .loose()
    .optional(),
  role: z.string().optional(),
});

/** docs/product.md §3 Dashboard response: users get their appointments with the provider; a provider's staff get theirs with service and user. */
export const DashboardDetails = z.object({
  appointmentsWithProviderDetails: z.array(Appointment.extend({ providerDetails: Provider.nullable() })),
  appointmentsWithServiceDetails: z.array(
    Appointment.extend({
      serviceDetails: Service.nullable(),
      userDetails: z.object({ username: z.string(), email: z.string() }),
    }),
  ),
});
export type DashboardDetails = z.infer<typeof DashboardDetails>;

/** GET getnotification: the caller's notifications (docs/product.md §3 Notification). */
export const NotificationList = z.object({
  notifications: z.array(z.object({ _id: z.string(), message: z.string(), createdAt: z.string() })),
});

/** docs/product.md §4: "Appointment marked as {status}". */
export const appointmentMarkedAs = (status: AppointmentStatus): string => `Appointment marked as ${status}`;

/** POST /api/appointments/deletenotification: which notification. */
export const NotificationId = z.object({
  _id: z.string().min(1, { message: MESSAGES.notificationNotFound }).max(100),
});

export const APPOINTMENT_PATHS = {
  book: '/api/appointments/bookappointment',
  stats: '/api/appointments/appointmentstats',
  list: '/api/appointments/appointmentlist',
  updateStatus: '/api/appointments/updatestatus',
  cancel: '/api/appointments/:id/cancel',
  cancelFollowing: '/api/appointments/:id/cancel-following',
  rescheduleFollowing: '/api/appointments/:id/reschedule-following',
  series: '/api/appointments/series',
  seriesPreview: '/api/appointments/series/preview',
  reschedule: '/api/appointments/:id/reschedule',
  link: '/api/appointments/:id/link',
  linkCancel: '/api/appointments/:id/link/cancel',
  linkReschedule: '/api/appointments/:id/link/reschedule',
  dashboardDetails: '/api/appointments/dashboarddetails',
  notifications: '/api/appointments/getnotification',
  deleteNotification: '/api/appointments/deletenotification',
  clearNotifications: '/api/appointments/deleteallnotification',
} as const;
