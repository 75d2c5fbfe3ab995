import { z } from 'zod';
import { WEEKDAYS } from '../constants';
import { RecordedBookingPolicy } from '../policy';

/**
 * The events of a provider's stream (docs/product.md §4: registration, approval, services,
 * availability, schedule templates, currency), written once. The provider decider produces
 * them; read models and reactors parse them with these schemas, or with a `.pick()` of the
 * fields they read. The schemas describe what is stored, not the input rules of the forms
 * (those live beside the forms): an event recorded under an older rule stays readable.
 */

/** A working-hours entry as recorded (its form checks the times). */
export const RecordedWorkingHoursEntry = z.object({
  day: z.enum(WEEKDAYS),
  startTime: z.string(),
  endTime: z.string(),
  isAvailable: z.boolean(),
  capacity: z.number().optional(),
});
export const RecordedBreak = z.object({ startTime: z.string(), endTime: z.string() });

export const RecordedTemplate = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  isDefault: z.boolean(),
  workingHours: z.array(RecordedWorkingHoursEntry),
  breaks: z.array(RecordedBreak),
});

/** Which provider an event is about, and when. */
const At = z.object({ providerId: z.string(), at: z.string() });

/** ISO 4217; absent on events recorded before it (then the address's country's currency). */
const currencyOnceAbsent = z.string().optional();

/** A service as the provider's stream holds it. */
export const ProviderServiceData = z.object({
  serviceId: z.string(),
  name: z.string(),
  description: z.string().optional(),
  duration: z.number(),
  price: z.number(),
  automaticBooking: z.boolean(),
  isPaymentNeeded: z.boolean(),
  /** Issue 31: bookable as a series; absent on services recorded before it (not bookable so). */
  allowRecurring: z.boolean().optional(),
});
export type ProviderServiceData = z.infer<typeof ProviderServiceData>;

/** A business registered by its admin (docs/product.md §2.1): pending until approved. */
export const ProviderRegistered = At.extend({
  adminId: z.string(),
  businessName: z.string(),
  industry: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  currency: currencyOnceAbsent,
});

/** A provider a superadmin adds directly (docs/product.md §2.8 Add Provider): active at once. */
export const ProviderCreated = At.extend({
  businessName: z.string(),
  industry: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  workingHours: z.array(RecordedWorkingHoursEntry),
  breaks: z.array(RecordedBreak),
  specialties: z.array(z.string()),
  timezone: z.string(),
  currency: currencyOnceAbsent,
});

export const ProviderApproved = At;
/** `businessName` (issue 29): for the applicant's notice, sealed as theirs; absent on older events. */
export const ProviderRejected = At.extend({ adminId: z.string(), businessName: z.string().optional() });
export const ProviderCurrencyChanged = At.extend({ currency: z.string() });
export const ServiceAdded = ProviderServiceData.extend(At.shape);
export const ServiceEdited = ServiceAdded.extend({ previousName: z.string() });
export const ServiceDeleted = At.extend({ serviceId: z.string(), name: z.string() });
export const AvailabilitySet = At.extend({
  workingHours: z.array(RecordedWorkingHoursEntry),
  breaks: z.array(RecordedBreak),
  timezone: z.string(),
});
export const ScheduleTemplateSaved = At.extend({ template: RecordedTemplate });
/** The provider's booking policy from now on (issue 29); bookings made before keep theirs. */
export const BookingPolicySet = At.extend({ policy: RecordedBookingPolicy });
export const ScheduleTemplateDeleted = At.extend({ templateId: z.string() });

/** Every provider event's data schema, by type. */
export const PROVIDER_EVENTS = {
  ProviderRegistered,
  ProviderCreated,
  ProviderApproved,
  ProviderRejected,
  ProviderCurrencyChanged,
  ServiceAdded,
  ServiceEdited,
  ServiceDeleted,
  AvailabilitySet,
  ScheduleTemplateSaved,
  ScheduleTemplateDeleted,
  BookingPolicySet,
} as const;

type DataOf = { [K in keyof typeof PROVIDER_EVENTS]: z.infer<(typeof PROVIDER_EVENTS)[K]> };
export type ProviderRegisteredData = DataOf['ProviderRegistered'];
export type ProviderCreatedData = DataOf['ProviderCreated'];
export type ServiceEventData = DataOf['ServiceAdded'];

export type ProviderEvent = { [K in keyof DataOf]: { type: K; data: DataOf[K] } }[keyof DataOf];
