import type { z } from 'zod';
import type { RecordedEvent } from '@appointment/contracts/events';

/**
 * Reading recorded events against their schemas (`contracts/src/events/*`). A projection checks
 * each event against its type's schema and skips, with a warning, any whose data does not fit:
 * one bad event never stops a read model.
 */

/** Which fields did not fit (their paths and what was wrong, never their values). */
const warnSkipped = (projection: string, event: RecordedEvent, error: z.ZodError): void => {
  const fields = error.issues
    .map((issue) => `${issue.path.join('.') || '(data)'}: ${issue.message}`)
    .join('; ');
  console.warn(
    `${projection} projection: skipped ${event.type} ${event.id} with unexpected data (${fields})`,
  );
};

/** The schemas a projection reads, by event type. */
export type EventSchemas = Record<string, z.ZodType>;

/** One of the events `S` names, with its data as its schema reads it. */
export type EventOf<S extends EventSchemas> = {
  [K in keyof S & string]: { type: K; data: z.output<S[K]> };
}[keyof S & string];

/**
 * The event, typed by its schema in `schemas`, if its type is handled and its data fits;
 * undefined otherwise (with a warning when the data does not fit). Destructure it as
 * `const { type, data } = read` and a `switch (type)` narrows `data`.
 */
export const readEvent = <S extends EventSchemas>(
  projection: string,
  schemas: S,
  event: RecordedEvent,
): EventOf<S> | undefined => {
  if (!Object.hasOwn(schemas, event.type)) return undefined;
  const parsed = schemas[event.type]!.safeParse(event.data);
  if (!parsed.success) {
    warnSkipped(projection, event, parsed.error);
    return undefined;
  }
  return { type: event.type, data: parsed.data } as EventOf<S>;
};

/**
 * The event's data if its type is handled and its data fits; undefined otherwise. Untyped: for
 * read models whose events have no schema in contracts yet; the others use `readEvent`.
 */
export const parseEvent = (
  projection: string,
  shapes: EventSchemas,
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
