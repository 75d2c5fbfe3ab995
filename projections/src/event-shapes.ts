import { z } from 'zod';
import type { RecordedEvent } from '@appointment/contracts/events';

/**
 * The shapes of the events read models handle, written once. A projection checks each event
 * against its shape and skips, with a warning, any whose data does not fit: one bad event
 * never stops a read model.
 */
export const ProviderEventBase = z.object({ at: z.string(), providerId: z.string() });

export const ServiceData = ProviderEventBase.extend({
  serviceId: z.string(),
  name: z.string(),
  description: z.string().optional(),
  duration: z.number(),
  price: z.number(),
  isPaymentNeeded: z.boolean(),
  automaticBooking: z.boolean(),
});

/** Which fields did not fit (their paths and what was wrong, never their values). */
const warnSkipped = (projection: string, event: RecordedEvent, error: z.ZodError): void => {
  const fields = error.issues
    .map((issue) => `${issue.path.join('.') || '(data)'}: ${issue.message}`)
    .join('; ');
  console.warn(
    `${projection} projection: skipped ${event.type} ${event.id} with unexpected data (${fields})`,
  );
};

/** The event's data if its type is handled and its data fits; undefined otherwise. */
export const parseEvent = (
  projection: string,
  shapes: Record<string, z.ZodType>,
  event: RecordedEvent,
): Record<string, never> | undefined => {
  const shape = shapes[event.type];
  if (!shape) return undefined;
  const parsed = shape.safeParse(event.data);
  if (!parsed.success) {
    warnSkipped(projection, event, parsed.error);
    return undefined;
  }
  return parsed.data as Record<string, never>;
};

/** The event's data as `shape` reads it, typed; undefined, with a warning, when it does not fit. */
export const parseData = <S extends z.ZodType>(
  projection: string,
  shape: S,
  event: RecordedEvent,
): z.infer<S> | undefined => {
  const parsed = shape.safeParse(event.data);
  if (parsed.success) return parsed.data;
  warnSkipped(projection, event, parsed.error);
  return undefined;
};
