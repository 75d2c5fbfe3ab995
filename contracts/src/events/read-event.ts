import type { z } from 'zod';
import { API_KEY_EVENTS } from './api-keys';
import { EMAIL_CLAIM_EVENTS, USER_EVENTS } from './accounts';
import { CALENDAR_FEED_EVENTS } from './calendar-feed';
import { FAVOURITES_EVENTS } from './favourites';
import { INTEGRATION_SETTINGS_EVENTS } from './integration-settings';
import { MESSAGING_EVENTS } from './messaging';
import { NOTIFICATIONS_EVENTS } from './notifications';
import { PRIVACY_EVENTS } from './privacy';
import { PROVIDER_CALENDAR_EVENTS } from './provider-calendar';
import { PROVIDER_EVENTS } from './provider';
import { REMINDERS_EVENTS } from './reminders';
import { TIME_SLOT_EVENTS } from './time-slot';
import { WEBHOOK_EVENTS } from './webhooks';

/**
 * Reading recorded events one way: every event type's data schema (`contracts/src/events/*`),
 * and `readEvent`, the one reader that projections, reactors and the public-event mapping use.
 * An event whose data does not fit its schema is skipped, with one warning: one bad event never
 * stops a read model or a reactor.
 */

/** The registries, by stream kind; an event type is in exactly one (checked by a unit test). */
export const EVENT_REGISTRIES = {
  provider: PROVIDER_EVENTS,
  timeSlot: TIME_SLOT_EVENTS,
  providerCalendar: PROVIDER_CALENDAR_EVENTS,
  reminders: REMINDERS_EVENTS,
  notifications: NOTIFICATIONS_EVENTS,
  favourites: FAVOURITES_EVENTS,
  calendarFeed: CALENDAR_FEED_EVENTS,
  integrationSettings: INTEGRATION_SETTINGS_EVENTS,
  messaging: MESSAGING_EVENTS,
  privacy: PRIVACY_EVENTS,
  user: USER_EVENTS,
  emailClaim: EMAIL_CLAIM_EVENTS,
  webhook: WEBHOOK_EVENTS,
  apiKeys: API_KEY_EVENTS,
} as const;

/** Every event type's data schema, by type. */
export const EVENT_SCHEMAS = {
  ...PROVIDER_EVENTS,
  ...TIME_SLOT_EVENTS,
  ...PROVIDER_CALENDAR_EVENTS,
  ...REMINDERS_EVENTS,
  ...NOTIFICATIONS_EVENTS,
  ...FAVOURITES_EVENTS,
  ...CALENDAR_FEED_EVENTS,
  ...INTEGRATION_SETTINGS_EVENTS,
  ...MESSAGING_EVENTS,
  ...PRIVACY_EVENTS,
  ...USER_EVENTS,
  ...EMAIL_CLAIM_EVENTS,
  ...WEBHOOK_EVENTS,
  ...API_KEY_EVENTS,
} as const;

export type EventType = keyof typeof EVENT_SCHEMAS;
/** An event type's data as its schema reads it. */
export type EventData<T extends EventType> = z.output<(typeof EVENT_SCHEMAS)[T]>;

/** The schemas a reader handles, by event type. */
export type EventSchemas = Record<string, z.ZodType>;

/** One of the events `S` names, with its data as its schema reads it. */
export type EventOf<S extends EventSchemas> = {
  [K in keyof S & string]: { type: K; data: z.output<S[K]> };
}[keyof S & string];

/** What a reader needs of an event: a recorded event, or the public-event mapping's source. */
export interface ReadableEvent {
  id: string;
  type: string;
  data: unknown;
}

/** Each written event type's verdict: `true`, or what is wrong with it. */
type EventFits<Written, Read extends { type: string }> = Written extends { type: infer T; data: infer D }
  ? Extract<Read, { type: T }> extends { data: infer R }
    ? [D] extends [R]
      ? [Exclude<keyof D, keyof R>] extends [never]
        ? true
        : { unknownFields: Exclude<keyof D, keyof R>; of: T }
      : { doesNotFit: T }
    : { noSchema: T }
  : never;

/**
 * Type-level check that a decider's events are what the contracts read back: every event it
 * writes has a schema, fits it, and carries no field the schema does not know (reading would
 * drop it). `true` when they agree, else what differs; a decider whose own event types are
 * narrower than the schemas asserts `const fits: EventsFit<Written, Read> = true`.
 */
export type EventsFit<Written extends { type: string; data: object }, Read extends { type: string }> = [
  EventFits<Written, Read>,
] extends [true]
  ? true
  : Exclude<EventFits<Written, Read>, true>;

/** The events already reported, so that a reader retrying or replaying one warns once. */
const warned = new Set<string>();
const WARNED_KEPT = 10_000;

/** Which fields did not fit (their paths and what was wrong, never their values), once per event. */
const warnSkipped = (reader: string, event: ReadableEvent, error: z.ZodError): void => {
  const key = `${reader}:${event.id}`;
  if (warned.has(key)) return;
  if (warned.size >= WARNED_KEPT) warned.clear();
  warned.add(key);
  const fields = error.issues
    .map((issue) => `${issue.path.join('.') || '(data)'}: ${issue.message}`)
    .join('; ');
  console.warn(`${reader}: skipped ${event.type} ${event.id} with unexpected data (${fields})`);
};

/**
 * `readEvent(type, event, reader?)`: the event's data, typed by its type's schema, if the event
 * has that type and its data fits; undefined otherwise (with one warning when the data does not
 * fit). `reader` names who skipped it in the warning.
 *
 * `readEvent(reader, schemas, event)`: the event, typed by its schema in `schemas`, if its type
 * is handled there and its data fits. Destructure it as `const { type, data } = read` and a
 * `switch (type)` narrows `data`. For read models that handle several types.
 */
export function readEvent<T extends EventType>(
  type: T,
  event: ReadableEvent,
  reader?: string,
): EventData<T> | undefined;
export function readEvent<S extends EventSchemas>(
  reader: string,
  schemas: S,
  event: ReadableEvent,
): EventOf<S> | undefined;
export function readEvent(
  first: string,
  second: ReadableEvent | EventSchemas,
  third?: ReadableEvent | string,
): unknown {
  if (typeof third === 'object') {
    const schemas = second as EventSchemas;
    return readAs(`${first} projection`, schemas, third, (data) => ({ type: third.type, data }));
  }
  const event = second as ReadableEvent;
  if (event.type !== first) return undefined;
  return readAs(third ?? 'reader', EVENT_SCHEMAS as EventSchemas, event, (data) => data);
}

const readAs = <R>(
  reader: string,
  schemas: EventSchemas,
  event: ReadableEvent,
  result: (data: unknown) => R,
): R | undefined => {
  if (!Object.hasOwn(schemas, event.type)) return undefined;
  const parsed = schemas[event.type]!.safeParse(event.data);
  if (!parsed.success) {
    warnSkipped(reader, event, parsed.error);
    return undefined;
  }
  return result(parsed.data);
};

/** The event's data as `shape` reads it, typed; undefined, with one warning, when it does not fit. */
export const parseData = <S extends z.ZodType>(
  reader: string,
  shape: S,
  event: ReadableEvent,
): z.infer<S> | undefined => {
  const parsed = shape.safeParse(event.data);
  if (parsed.success) return parsed.data;
  warnSkipped(`${reader} projection`, event, parsed.error);
  return undefined;
};
