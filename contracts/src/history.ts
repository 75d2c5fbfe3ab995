import { z } from 'zod';
import { MESSAGES } from './messages';
import { inDateRange, isBigintText } from './ranges';

/** A provider's history (the audit timeline) and its state at a point. */
export const HISTORY_PATHS = {
  history: '/api/providers/:id/history',
  export: '/api/providers/:id/history/export',
  state: '/api/providers/:id/history/state',
} as const;

export const historyPath = (path: string, providerId: string): string =>
  path.replace(':id', encodeURIComponent(providerId));

const isoTime = z
  .string()
  .trim()
  .refine(
    (value) =>
      /^\d{4}-\d{2}-\d{2}/.test(value) && !Number.isNaN(Date.parse(value)) && inDateRange(value.slice(0, 10)),
    {
      message: MESSAGES.historyDateInvalid,
    },
  )
  .transform((value) => new Date(value).toISOString());

/** The timeline's filters: comma-separated event types, an actor (id, e-mail, `system` or `unknown`), a range. */
const HistoryFilters = z.object({
  cursor: z
    .string()
    .regex(/^\d{1,19}\.\d{1,19}$/, { message: MESSAGES.historyCursorInvalid })
    .refine((value) => value.split('.').every(isBigintText), { message: MESSAGES.historyCursorInvalid })
    .optional(),
  types: z
    .union([z.string(), z.array(z.string())])
    .transform((value) =>
      (Array.isArray(value) ? value : value.split(','))
        .map((type) => type.trim())
        .filter((type) => type.length > 0),
    )
    .pipe(z.array(z.string().regex(/^[A-Za-z]{1,60}$/)).max(50))
    .optional(),
  actor: z.string().trim().min(1).max(200).optional(),
  from: isoTime.optional(),
  to: isoTime.optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});

const rangeInOrder = (query: { from?: string; to?: string }) =>
  !query.from || !query.to || query.from <= query.to;

export const HistoryQuery = HistoryFilters.refine(rangeInOrder, {
  message: MESSAGES.historyRangeInvalid,
  path: ['to'],
});
export type HistoryQuery = z.output<typeof HistoryQuery>;

export const HistoryExportQuery = HistoryFilters.extend({
  format: z.enum(['csv', 'ndjson'], { message: MESSAGES.historyFormatInvalid }).default('ndjson'),
}).refine(rangeInOrder, { message: MESSAGES.historyRangeInvalid, path: ['to'] });

export const HistoryChange = z.object({ field: z.string(), before: z.unknown(), after: z.unknown() });
export type HistoryChange = z.infer<typeof HistoryChange>;

export const HistoryActor = z.object({
  id: z.string(),
  /** null for the system, and for an account that is gone or forgotten. */
  email: z.string().nullable(),
  role: z.string().nullable(),
  apiKeyId: z.string().optional(),
});

export const HistoryEntry = z.object({
  /** The event's global position in the log. */
  position: z.string(),
  at: z.string(),
  type: z.string(),
  /** Who did it; null when the event does not say (recorded before events named their actor): "unknown". */
  actor: HistoryActor.nullable(),
  summary: z.string(),
  changes: z.array(HistoryChange).optional(),
});
export type HistoryEntry = z.infer<typeof HistoryEntry>;

export const HistoryPage = z.object({ entries: z.array(HistoryEntry), nextCursor: z.string().nullable() });
export type HistoryPage = z.infer<typeof HistoryPage>;

export const HistoryStateQuery = z.object({
  at: z
    .string({ message: MESSAGES.historyAtInvalid })
    .trim()
    .refine(
      (value) =>
        isBigintText(value) ||
        (/^\d{4}-\d{2}-\d{2}/.test(value) &&
          !Number.isNaN(Date.parse(value)) &&
          inDateRange(value.slice(0, 10))),
      {
        message: MESSAGES.historyAtInvalid,
      },
    ),
});

export const StateBooking = z.object({
  appointmentId: z.string(),
  status: z.string(),
  paid: z.boolean(),
  username: z.string().optional(),
  serviceName: z.string().optional(),
});

export const StateTimeSlot = z.object({
  timeSlotId: z.string(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  availableSlots: z.number(),
  bookings: z.array(StateBooking),
});

/** A provider as it was at a point of the log, folded with its deciders' evolve. */
export const ProviderStateAt = z.object({
  providerId: z.string(),
  /** The point asked for, and the last event folded in (null: none yet). */
  at: z.string(),
  position: z.string().nullable(),
  eventsFolded: z.number(),
  status: z.enum(['none', 'pending', 'active', 'rejected']),
  profile: z
    .object({
      businessName: z.string(),
      industry: z.string(),
      email: z.string(),
      phone: z.string(),
      address: z.string(),
      timezone: z.string(),
      currency: z.string(),
    })
    .nullable(),
  workingHours: z.unknown(),
  breaks: z.unknown(),
  services: z.array(
    z
      .object({ serviceId: z.string(), name: z.string(), duration: z.number(), price: z.number() })
      .passthrough(),
  ),
  templates: z.array(z.object({ id: z.string(), name: z.string() }).passthrough()),
  timeSlots: z.array(StateTimeSlot),
});
export type ProviderStateAt = z.infer<typeof ProviderStateAt>;

/** The path of a provider's history (`:id`, the provider's id). */
export const ProviderIdParams = z.object({ id: z.string().min(1) });
