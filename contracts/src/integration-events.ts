import { z } from 'zod';
import { AppointmentStatus } from './appointments';
import type { ServiceEventData } from './events/provider';
import { readEvent } from './events/read-event';
import { changedBy } from './events/time-slot';
import { fromMinorUnits } from './money';
import {
  INTEGRATION_EVENT_TYPES,
  IntegrationEventTypeSchema,
  type IntegrationEventType,
} from './integration-event-types';
import { withFields } from './objects';

/**
 * The public events a provider's other systems hear about: webhook deliveries and the Kafka relay
 * send these, never the internal events. Each type has a version; a change that removes or retypes
 * a field is a new version, adding an optional field is not.
 *
 * The envelope is Standard Webhooks' payload: `{ type, id, timestamp, data }`. `id` is stable for
 * one internal event and one public type, so a replay produces the same id.
 */

const AppointmentRef = z.object({
  appointmentId: z.string(),
  providerId: z.string(),
  timeSlotId: z.string(),
});

export const AppointmentBookedV1 = AppointmentRef.extend({
  status: AppointmentStatus,
  serviceName: z.string(),
  date: z.string().meta({ description: 'The day in the provider’s time zone, YYYY-MM-DD.' }),
  startDateTime: z.string().meta({ format: 'date-time' }),
  endDateTime: z.string().meta({ format: 'date-time' }),
  timezone: z.string(),
  amount: z.number(),
  currency: z.string().optional(),
  paymentNeeded: z.boolean(),
  customer: z.object({ userId: z.string(), name: z.string(), email: z.string() }),
  note: z.string().optional(),
});

export const AppointmentStatusChangedV1 = AppointmentRef.extend({
  from: AppointmentStatus,
  to: AppointmentStatus,
});

export const AppointmentCancelledV1 = AppointmentRef.extend({
  from: AppointmentStatus,
  /** Who cancelled: the customer, the provider's staff or the system (not paid in time). */
  by: z.enum(['user', 'provider', 'system']).optional(),
  /** After the cancellation deadline of the booking's policy (a refund, if any, follows as payment.refunded). */
  late: z.boolean().optional(),
});

const PlaceV1 = z.object({
  timeSlotId: z.string(),
  startDateTime: z.string().meta({ format: 'date-time' }),
  endDateTime: z.string().meta({ format: 'date-time' }),
});

export const AppointmentRescheduledV1 = AppointmentRef.extend({
  /** Where it was; `timeSlotId` and the instants of the appointment are where it is now. */
  from: PlaceV1,
  startDateTime: z.string().meta({ format: 'date-time' }),
  endDateTime: z.string().meta({ format: 'date-time' }),
  /** Who moved it: the customer or the provider's staff. */
  by: z.enum(['user', 'provider']),
  /** How many times it has been moved. */
  reschedules: z.number(),
});

export const PaymentConfirmedV1 = AppointmentRef.extend({ orderId: z.string(), paymentId: z.string() });

export const PaymentRefundedV1 = AppointmentRef.extend({
  refundId: z.string(),
  paymentId: z.string(),
  amount: z.number().meta({ description: 'In the currency’s main unit (50.5 for €50.50).' }),
  currency: z.string(),
});

export const TimeSlotAddedV1 = z.object({
  timeSlotId: z.string(),
  providerId: z.string(),
  services: z.array(z.string()),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  timezone: z.string(),
  startDateTime: z.string().meta({ format: 'date-time' }),
  endDateTime: z.string().meta({ format: 'date-time' }),
  availableSlots: z.number(),
  split: z.boolean().meta({ description: 'true when the time slot is split into intervals' }),
});

/** A time slot as it is after a change (issue 30), with what it was and the bookings the change cancelled. */
export const TimeSlotChangedV1 = TimeSlotAddedV1.extend({
  previous: TimeSlotAddedV1.pick({
    services: true,
    date: true,
    startTime: true,
    endTime: true,
    startDateTime: true,
    endDateTime: true,
    availableSlots: true,
    split: true,
  }),
  cancelledAppointments: z.array(z.string()),
});

/** A deleted time slot (issue 30) and the bookings its deletion cancelled. */
export const TimeSlotDeletedV1 = TimeSlotAddedV1.pick({
  timeSlotId: true,
  providerId: true,
  date: true,
  startTime: true,
  endTime: true,
  timezone: true,
  startDateTime: true,
  endDateTime: true,
}).extend({ cancelledAppointments: z.array(z.string()) });

/** A freed place offered to the first waiter of its waitlist (issue 31), held until `expiresAt`. */
export const WaitlistOfferedV1 = z.object({
  offerId: z.string(),
  entryId: z.string(),
  userId: z.string(),
  providerId: z.string(),
  timeSlotId: z.string(),
  serviceName: z.string(),
  index: z.number().nullable(),
  startDateTime: z.string().meta({ format: 'date-time' }),
  endDateTime: z.string().meta({ format: 'date-time' }),
  timezone: z.string(),
  expiresAt: z.string().meta({ format: 'date-time' }),
});
/** A waiter claimed their offer: `appointmentId` is its booking (also sent as appointment.booked). */
export const WaitlistClaimedV1 = WaitlistOfferedV1.pick({
  offerId: true,
  entryId: true,
  userId: true,
  providerId: true,
  timeSlotId: true,
}).extend({ appointmentId: z.string() });

export const TimeOffAddedV1 = z.object({
  timeOffId: z.string(),
  providerId: z.string(),
  from: z.string().meta({ description: 'As the admin gave it: YYYY-MM-DD (whole day) or YYYY-MM-DDTHH:mm' }),
  to: z
    .string()
    .meta({ description: 'As the admin gave it: YYYY-MM-DD (to the end of that day) or YYYY-MM-DDTHH:mm' }),
  timezone: z.string(),
  startDateTime: z.string().meta({ format: 'date-time' }),
  endDateTime: z.string().meta({ format: 'date-time' }),
  reason: z.string(),
});

const ServiceShape = z.object({
  serviceId: z.string(),
  name: z.string(),
  description: z.string().optional(),
  duration: z.number(),
  price: z.number(),
  isPaymentNeeded: z.boolean(),
  automaticBooking: z.boolean(),
});

export const ServiceChangedV1 = z.object({
  providerId: z.string(),
  serviceId: z.string(),
  change: z.enum(['added', 'edited', 'deleted']),
  /** The service after the change; absent when it was deleted. */
  service: ServiceShape.optional(),
  /** The service's name before an edit or deletion. */
  previousName: z.string().optional(),
});

/** Every public event type, its current version and its data schema. */
export const INTEGRATION_EVENTS = {
  'appointment.booked': { version: 1, data: AppointmentBookedV1, summary: 'An appointment was booked.' },
  'appointment.status_changed': {
    version: 1,
    data: AppointmentStatusChangedV1,
    summary: 'An appointment changed status (any change, cancellation included).',
  },
  'appointment.cancelled': {
    version: 1,
    data: AppointmentCancelledV1,
    summary: 'An appointment was cancelled (sent besides appointment.status_changed).',
  },
  'appointment.rescheduled': {
    version: 1,
    data: AppointmentRescheduledV1,
    summary: 'An appointment moved to another time (its id, payment and reminders go with it).',
  },
  'appointment.no_show': {
    version: 1,
    data: AppointmentCancelledV1.pick({ appointmentId: true, providerId: true, timeSlotId: true }),
    summary: 'A scheduled appointment ended without its customer (sent besides appointment.status_changed).',
  },
  'payment.confirmed': {
    version: 1,
    data: PaymentConfirmedV1,
    summary: 'An appointment’s payment was confirmed.',
  },
  'payment.refunded': {
    version: 1,
    data: PaymentRefundedV1,
    summary: 'An appointment’s payment went back, in part or whole (a cancellation, a Reject).',
  },
  'timeslot.added': { version: 1, data: TimeSlotAddedV1, summary: 'A provider opened a time slot.' },
  'timeslot.changed': {
    version: 1,
    data: TimeSlotChangedV1,
    summary:
      'A provider changed a time slot (times, capacity, services, split or block); the bookings it cancelled are also sent as appointment.cancelled.',
  },
  'timeslot.deleted': {
    version: 1,
    data: TimeSlotDeletedV1,
    summary:
      'A provider deleted a time slot; the bookings it cancelled are also sent as appointment.cancelled.',
  },
  'timeoff.added': {
    version: 1,
    data: TimeOffAddedV1,
    summary: 'A provider took time off: no slot inside it is offered.',
  },
  'service.changed': {
    version: 1,
    data: ServiceChangedV1,
    summary: 'A provider added, edited or deleted a service.',
  },
  'waitlist.offered': {
    version: 1,
    data: WaitlistOfferedV1,
    summary:
      'A freed place was offered to the first person on its waitlist, held for them until the offer expires.',
  },
  'waitlist.claimed': {
    version: 1,
    data: WaitlistClaimedV1,
    summary: 'A person claimed their waitlist offer: the place is booked (also sent as appointment.booked).',
  },
} as const satisfies Record<IntegrationEventType, { version: number; data: z.ZodType; summary: string }>;

export { INTEGRATION_EVENT_TYPES, IntegrationEventTypeSchema, type IntegrationEventType };

type DataOf<T extends IntegrationEventType> = z.infer<(typeof INTEGRATION_EVENTS)[T]['data']>;

export type IntegrationEvent = {
  [T in IntegrationEventType]: { type: T; id: string; timestamp: string; data: DataOf<T> };
}[IntegrationEventType];

/** The envelope's schema, for the API document and for receivers that validate. */
export const IntegrationEventSchema = z.object({
  type: IntegrationEventTypeSchema,
  id: z.string(),
  timestamp: z.string().meta({ format: 'date-time' }),
  data: z.record(z.string(), z.unknown()),
});

/** Who skipped an internal event whose data does not fit its schema, in the warning. */
const READER = 'public events';

/** The internal event as the public mapper needs it. */
export interface SourceEvent {
  id: string;
  type: string;
  data: unknown;
  createdAt: string;
  /** Who acted (the role, or the system): names who cancelled. */
  metadata?: Record<string, unknown>;
}

const idFor = (source: SourceEvent, type: IntegrationEventType): string =>
  `evt_${source.id.replaceAll('-', '')}_${type.replace(/[._]/g, '')}`;

const envelope = <T extends IntegrationEventType>(
  source: SourceEvent,
  type: T,
  data: DataOf<T>,
  at?: string,
) => ({ type, id: idFor(source, type), timestamp: at ?? source.createdAt, data }) as IntegrationEvent;

const serviceOf = (data: ServiceEventData) => ({
  serviceId: data.serviceId,
  name: data.name,
  ...(data.description === undefined ? {} : { description: data.description }),
  duration: data.duration,
  price: data.price,
  isPaymentNeeded: data.isPaymentNeeded,
  automaticBooking: data.automaticBooking,
});

/**
 * The public events one internal event stands for: none for most, one for a booking, two for a
 * cancellation (`appointment.status_changed` and `appointment.cancelled`). Pure: a replay of the
 * same internal event gives the same ids and bodies.
 */
export const toIntegrationEvents = (source: SourceEvent): IntegrationEvent[] => {
  switch (source.type) {
    case 'IntervalBooked': {
      const d = readEvent('IntervalBooked', source, READER);
      if (!d) return [];
      return [
        envelope(
          source,
          'appointment.booked',
          {
            appointmentId: d.appointmentId,
            providerId: d.providerId,
            timeSlotId: d.timeSlotId,
            status: d.status,
            serviceName: d.serviceName,
            date: d.date,
            startDateTime: d.startDateTime,
            endDateTime: d.endDateTime,
            timezone: d.timezone,
            amount: d.amount,
            ...(d.currency === undefined ? {} : { currency: d.currency }),
            paymentNeeded: d.paymentNeeded,
            customer: { userId: d.userId, name: d.username, email: d.email },
            ...(d.note === undefined ? {} : { note: d.note }),
          },
          d.at,
        ),
      ];
    }
    case 'AppointmentStatusChanged': {
      const d = readEvent('AppointmentStatusChanged', source, READER);
      if (!d) return [];
      const ref = { appointmentId: d.appointmentId, providerId: d.providerId, timeSlotId: d.timeSlotId };
      const changed = envelope(
        source,
        'appointment.status_changed',
        withFields(ref, { from: d.from, to: d.to }),
        d.at,
      );
      if (d.to === 'no_show') return [changed, envelope(source, 'appointment.no_show', ref, d.at)];
      if (d.to !== 'cancelled') return [changed];
      const by = changedBy({ data: d, metadata: source.metadata });
      const cancelled = withFields(ref, {
        from: d.from,
        ...(by ? { by } : {}),
        ...(d.late ? { late: true } : {}),
      });
      return [changed, envelope(source, 'appointment.cancelled', cancelled, d.at)];
    }
    case 'PaymentConfirmed': {
      const d = readEvent('PaymentConfirmed', source, READER);
      if (!d) return [];
      return [
        envelope(
          source,
          'payment.confirmed',
          {
            appointmentId: d.appointmentId,
            providerId: d.providerId,
            timeSlotId: d.timeSlotId,
            orderId: d.orderId,
            paymentId: d.paymentId,
          },
          d.at,
        ),
      ];
    }
    case 'AppointmentMovedIn': {
      const d = readEvent('AppointmentMovedIn', source, READER);
      if (!d) return [];
      return [
        envelope(
          source,
          'appointment.rescheduled',
          {
            appointmentId: d.appointmentId,
            providerId: d.providerId,
            timeSlotId: d.timeSlotId,
            from: {
              timeSlotId: d.from.timeSlotId,
              startDateTime: d.from.startDateTime,
              endDateTime: d.from.endDateTime,
            },
            startDateTime: d.startDateTime,
            endDateTime: d.endDateTime,
            by: d.by,
            reschedules: d.reschedules,
          },
          d.at,
        ),
      ];
    }
    case 'PaymentRefunded': {
      const d = readEvent('PaymentRefunded', source, READER);
      if (!d) return [];
      return [
        envelope(
          source,
          'payment.refunded',
          {
            appointmentId: d.appointmentId,
            providerId: d.providerId,
            timeSlotId: d.timeSlotId,
            refundId: d.refundId,
            paymentId: d.paymentId,
            amount: fromMinorUnits(d.amount, d.currency),
            currency: d.currency,
          },
          d.at,
        ),
      ];
    }
    case 'TimeSlotChanged': {
      const d = readEvent('TimeSlotChanged', source, READER);
      if (!d) return [];
      const p = d.previous;
      return [
        envelope(
          source,
          'timeslot.changed',
          {
            timeSlotId: d.timeSlotId,
            providerId: d.providerId,
            services: d.serviceIds,
            date: d.date,
            startTime: d.startTime,
            endTime: d.endTime,
            timezone: d.timezone,
            startDateTime: d.startDateTime,
            endDateTime: d.endDateTime,
            availableSlots: d.availableSlots,
            split: d.addAsSlot,
            previous: {
              services: p.serviceIds,
              date: p.date,
              startTime: p.startTime,
              endTime: p.endTime,
              startDateTime: p.startDateTime,
              endDateTime: p.endDateTime,
              availableSlots: p.availableSlots,
              split: p.addAsSlot,
            },
            cancelledAppointments: d.cancelled,
          },
          d.at,
        ),
      ];
    }
    case 'PlaceOffered': {
      const d = readEvent('PlaceOffered', source, READER);
      if (!d) return [];
      const { at, ...offer } = d;
      return [envelope(source, 'waitlist.offered', offer, at)];
    }
    case 'OfferClaimed': {
      const d = readEvent('OfferClaimed', source, READER);
      if (!d) return [];
      const { at, ...claim } = d;
      return [envelope(source, 'waitlist.claimed', claim, at)];
    }
    case 'TimeSlotDeleted': {
      const d = readEvent('TimeSlotDeleted', source, READER);
      if (!d) return [];
      const { cancelled, at, ...slot } = d;
      return [
        envelope(source, 'timeslot.deleted', withFields(slot, { cancelledAppointments: cancelled }), at),
      ];
    }
    case 'TimeSlotAdded': {
      const d = readEvent('TimeSlotAdded', source, READER);
      if (!d) return [];
      return [
        envelope(
          source,
          'timeslot.added',
          {
            timeSlotId: d.timeSlotId,
            providerId: d.providerId,
            services: d.serviceIds,
            date: d.date,
            startTime: d.startTime,
            endTime: d.endTime,
            timezone: d.timezone,
            startDateTime: d.startDateTime,
            endDateTime: d.endDateTime,
            availableSlots: d.availableSlots,
            split: d.addAsSlot,
          },
          d.at,
        ),
      ];
    }
    case 'TimeOffAdded': {
      const d = readEvent('TimeOffAdded', source, READER);
      if (!d) return [];
      return [
        envelope(
          source,
          'timeoff.added',
          {
            timeOffId: d.timeOffId,
            providerId: d.providerId,
            from: d.from,
            to: d.to,
            timezone: d.timezone,
            startDateTime: d.startDateTime,
            endDateTime: d.endDateTime,
            reason: d.reason,
          },
          d.at,
        ),
      ];
    }
    case 'ServiceAdded':
    case 'ServiceEdited': {
      const d = readEvent(source.type, source, READER);
      if (!d) return [];
      return [
        envelope(
          source,
          'service.changed',
          {
            providerId: d.providerId,
            serviceId: d.serviceId,
            change: source.type === 'ServiceAdded' ? 'added' : 'edited',
            service: serviceOf(d),
            ...('previousName' in d ? { previousName: d.previousName as string } : {}),
          },
          d.at,
        ),
      ];
    }
    case 'ServiceDeleted': {
      const d = readEvent('ServiceDeleted', source, READER);
      if (!d) return [];
      return [
        envelope(
          source,
          'service.changed',
          { providerId: d.providerId, serviceId: d.serviceId, change: 'deleted', previousName: d.name },
          d.at,
        ),
      ];
    }
    default:
      return [];
  }
};

/** The provider a public event belongs to: every public event names one. */
export const providerOf = (event: IntegrationEvent): string => event.data.providerId;
