import { z } from 'zod';

/**
 * The names of the public events (contracts/src/integration-events.ts holds their versions and
 * schemas, and checks it has one for each name). On their own so that the webhook events'
 * schemas read them without importing the mapping, which reads the internal events' schemas.
 */
export const INTEGRATION_EVENT_NAMES = [
  'appointment.booked',
  'appointment.status_changed',
  'appointment.cancelled',
  'appointment.rescheduled',
  'appointment.no_show',
  'payment.confirmed',
  'payment.refunded',
  'timeslot.added',
  'timeslot.changed',
  'timeslot.deleted',
  'timeoff.added',
  'service.changed',
  'waitlist.offered',
  'waitlist.claimed',
] as const;

export type IntegrationEventType = (typeof INTEGRATION_EVENT_NAMES)[number];
export const INTEGRATION_EVENT_TYPES: IntegrationEventType[] = [...INTEGRATION_EVENT_NAMES];
export const IntegrationEventTypeSchema = z.enum(INTEGRATION_EVENT_NAMES);
