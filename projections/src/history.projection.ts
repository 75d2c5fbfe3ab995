import { DEFAULT_BOOKING_POLICY } from '@appointment/contracts/policy';
import type { RecordedEvent } from '@appointment/contracts/events';
import { FORGOTTEN_USER } from '@appointment/contracts/events/privacy';
import { readEvent } from '@appointment/contracts/events/read-event';
import { changedBy } from '@appointment/contracts/events/time-slot';
import { eventSentence } from '@appointment/contracts/history-sentences';
import { formatMoney, fromMinorUnits } from '@appointment/contracts/money';
import { batchStatement, type ApplyContext, type Projection } from './projection';
import { withFields } from '@appointment/contracts/objects';

/**
 * The history of each provider, for platform staff and the provider's admin. One row
 * per event that touches a provider (its own stream, its calendar, its time slots and bookings,
 * its staff, templates, payments and reminders), with who did it, one plain sentence and, for
 * edits, what changed. Rebuildable like every read model: the sentence is made from the event
 * and what this projection kept from earlier events (`appointments`, `facts`).
 */
export const historyProjection: Projection = {
  name: 'history',
  // 3: refunds, the cancellations of the provider and the system, amounts in the provider's money format.
  // 5: every event type has its sentence (no "WebhookDeleted was recorded."), prices in the provider's money;
  // the waitlist (issue 31). 6: an offer withdrawn by a change of its time slot; day entries.
  version: 6,
  createTables: (schema) => `
    CREATE TABLE ${schema}.entries (
      transaction_id bigint NOT NULL,
      global_position bigint NOT NULL,
      event_id uuid PRIMARY KEY,
      provider_id text NOT NULL,
      at timestamptz NOT NULL,
      type text NOT NULL,
      stream_name text NOT NULL,
      actor_id text,
      actor_role text,
      api_key_id text,
      correlation_id text,
      summary text NOT NULL,
      changes jsonb,
      -- Issue 12: the person the summary names, and as what, to scrub once they are forgotten.
      person_id text,
      person_name text
    );
    CREATE INDEX ON ${schema}.entries (person_id) WHERE person_id IS NOT NULL;
    CREATE INDEX ON ${schema}.entries (provider_id, transaction_id DESC, global_position DESC);
    CREATE TABLE ${schema}.appointments (
      appointment_id text PRIMARY KEY,
      provider_id text NOT NULL,
      user_id text NOT NULL,
      username text NOT NULL,
      service_name text NOT NULL,
      start_date_time text NOT NULL,
      timezone text NOT NULL
    );
    CREATE TABLE ${schema}.facts (
      provider_id text NOT NULL,
      key text NOT NULL,
      value jsonb NOT NULL,
      PRIMARY KEY (provider_id, key)
    );
  `,
  apply: (event, context) => applyInOrder([event], context),
  applyBatch: (events, context) => applyInOrder(events, context),
};

/** The batch in order, a `PersonForgotten` scrubbing what came before it. */
const applyInOrder = async (events: RecordedEvent[], context: ApplyContext): Promise<void> => {
  let start = 0;
  for (let i = 0; i < events.length; i++) {
    if (events[i]!.type !== 'PersonForgotten') continue;
    await applyHistory(events.slice(start, i), context);
    await forget(events[i]!, context);
    start = i + 1;
  }
  await applyHistory(start === 0 ? events : events.slice(start), context);
};

/**
 * A forgotten person's name leaves every sentence that named them (the entries stay:
 * the history is whole), and what this projection kept of them for later sentences.
 */
const forget = async (event: RecordedEvent, { db, schema }: ApplyContext): Promise<void> => {
  const forgotten = readEvent('PersonForgotten', event, READER);
  if (!forgotten) return;
  const { personId } = forgotten;
  await db.query(
    `UPDATE ${schema}.entries SET summary = replace(summary, person_name, $2), person_name = $2
      WHERE person_id = $1 AND person_name IS NOT NULL AND person_name <> ''`,
    [personId, FORGOTTEN_USER],
  );
  await db.query(`UPDATE ${schema}.appointments SET username = $2 WHERE user_id = $1`, [
    personId,
    FORGOTTEN_USER,
  ]);
  await db.query(
    `UPDATE ${schema}.facts SET value = value || jsonb_build_object('businessName', $2::text)
      WHERE provider_id = $1 AND key = 'profile'`,
    [personId, FORGOTTEN_USER],
  );
};

/** Who skipped an event whose data does not fit its schema, in the warning. */
const READER = 'history projection';

/** Event types that never belong in a provider's history, though they may name one. */
const LEFT_OUT = new Set(['NotificationCreated', 'FavouriteProviderAdded', 'FavouriteProviderRemoved']);
const REMINDER_TYPES = new Set(['ReminderSent', 'ReminderSuppressed']);

export interface Change {
  field: string;
  before: unknown;
  after: unknown;
}

interface Booking {
  providerId: string;
  userId: string;
  username: string;
  serviceName: string;
  startDateTime: string;
  timezone: string;
}

type Data = Record<string, unknown>;
const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The provider an event is about, if any. */
const providerOf = (event: RecordedEvent, bookings: Map<string, Booking | undefined>): string | undefined => {
  // Any event may name its provider or appointment: read by name, whatever its type.
  const { data } = event;
  if (typeof data.providerId === 'string' && data.providerId) {
    // A user account names a provider only when it is that provider's staff.
    if (event.type === 'UserRegistered' && data.role !== 'incharge' && data.role !== 'admin')
      return undefined;
    return data.providerId;
  }
  for (const prefix of ['provider-', 'calendar-'])
    if (event.streamName.startsWith(prefix)) return event.streamName.slice(prefix.length);
  if (REMINDER_TYPES.has(event.type)) return bookings.get(str(data.appointmentId))?.providerId;
  return undefined;
};

/** An amount in the currency's smallest unit, as the provider's money is written. */
const money = (minor: number, currency: string) =>
  formatMoney(fromMinorUnits(minor, currency), currency, 'en-US');

/** "on 2026-12-24", "from 2026-12-24 to 2026-12-26", "from 2026-12-24 10:00 to 2026-12-24 12:00". */
const timeOffText = (from: string, to: string): string =>
  from === to ? `on ${from}` : `from ${from.replace('T', ' ')} to ${to.replace('T', ' ')}`;

/** "25 Nov 2026 09:00" in the provider's zone. */
export const formatWhen = (iso: string, timezone: string): string => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  let text: string;
  try {
    text = formatterFor(timezone).format(date);
  } catch {
    text = formatterFor('UTC').format(date);
  }
  // en-GB writes "25 Nov 2026, 09:00"; one string, not its parts (half the time per event).
  return text.replace(', ', ' ');
};

const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterFor = (timezone: string): Intl.DateTimeFormat => {
  let formatter = formatters.get(timezone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone: timezone || 'UTC',
      day: '2-digit',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timezone, formatter);
  }
  return formatter;
};

/** The fields that differ between two versions of a thing, before → after. */
export const diff = (before: Data | undefined, after: Data, fields?: readonly string[]): Change[] => {
  const keys = fields ?? [...new Set([...Object.keys(before ?? {}), ...Object.keys(after)])];
  return keys
    .filter((key) => !['at', 'providerId', 'previousName'].includes(key))
    .filter((key) => JSON.stringify(before?.[key] ?? null) !== JSON.stringify(after[key] ?? null))
    .map((key) => ({ field: key, before: before?.[key] ?? null, after: after[key] ?? null }));
};

const SERVICE_FIELDS = ['name', 'description', 'duration', 'price', 'isPaymentNeeded', 'staffs'] as const;
const pick = (data: Data, fields: readonly string[]): Data =>
  Object.fromEntries(fields.filter((field) => field in data).map((field) => [field, data[field]]));

interface Facts {
  get(key: string): Data | undefined;
  set(key: string, value: Data): void;
  delete(key: string): void;
}

/** One plain sentence, and the changes of an edit, for an event of a provider. */
export const describe = (
  event: RecordedEvent,
  facts: Facts,
  bookings: Map<string, Booking | undefined>,
): { summary: string; changes?: Change[]; person?: Person } => {
  const zone = str(facts.get('profile')?.timezone) || 'UTC';
  const businessOr = (name: string | undefined) =>
    name || str(facts.get('profile')?.businessName) || 'The provider';
  // Any event may name its appointment: read by name, whatever its type.
  const booking = bookings.get(str(event.data.appointmentId));
  /** Made only for the sentences that name the booking (each costs a date format). */
  const bookingText = () =>
    booking
      ? `${booking.username}'s ${booking.serviceName} on ${formatWhen(booking.startDateTime, booking.timezone)}`
      : 'an appointment';
  /** Whom the summary names: the booking's user, the registering user or business. */
  const named = (id: string, name: string): Person | undefined => (id && name ? { id, name } : undefined);
  const ofBooking = booking ? named(booking.userId, booking.username) : undefined;
  /** The provider's person once the sentence is made (it may have kept its name). */
  const provider = (providerId: string, businessName?: string): Person | undefined =>
    named(providerId, businessName || str(facts.get('profile')?.businessName));
  // An event type with no fuller sentence here, or whose data does not fit: its type's sentence.
  const recorded = { summary: eventSentence(event.type, 'en'), person: ofBooking };
  /** A service's price (major units) in the provider's money, once its currency is known. */
  const price = (amount: number) => {
    const currency = str(facts.get('profile')?.currency);
    return currency ? formatMoney(amount, currency, 'en-US') : String(amount);
  };
  switch (event.type) {
    case 'ProviderRegistered': {
      const data = readEvent('ProviderRegistered', event, READER);
      if (!data) return recorded;
      const business = businessOr(data.businessName);
      facts.set(
        'profile',
        withFields(pick(data, ['businessName', 'industry', 'currency']), { timezone: zone }),
      );
      return {
        summary: `${business} registered as a ${data.industry} provider and awaits approval.`,
        person: provider(data.providerId, data.businessName),
      };
    }
    case 'ProviderCreated': {
      const data = readEvent('ProviderCreated', event, READER);
      if (!data) return recorded;
      const business = businessOr(data.businessName);
      facts.set('profile', pick(data, ['businessName', 'industry', 'currency', 'timezone']));
      return {
        summary: `${business} was added as an active ${data.industry} provider.`,
        person: provider(data.providerId, data.businessName),
      };
    }
    case 'ProviderApproved':
    case 'ProviderRejected': {
      const data = readEvent(event.type, event, READER);
      if (!data) return recorded;
      return {
        summary: `${businessOr(undefined)} was ${event.type === 'ProviderApproved' ? 'approved' : 'rejected'}.`,
        person: provider(data.providerId),
      };
    }
    case 'ProviderCurrencyChanged': {
      const data = readEvent('ProviderCurrencyChanged', event, READER);
      if (!data) return recorded;
      const before = facts.get('profile');
      facts.set('profile', withFields(before ?? {}, { currency: data.currency }));
      return {
        summary: `The currency was set to ${data.currency}.`,
        changes: [{ field: 'currency', before: before?.currency ?? null, after: data.currency }],
        person: ofBooking,
      };
    }
    case 'BookingPolicySet': {
      const data = readEvent('BookingPolicySet', event, READER);
      if (!data) return recorded;
      const before = facts.get('policy') ?? { ...DEFAULT_BOOKING_POLICY };
      const after = { ...data.policy };
      facts.set('policy', after);
      return {
        summary: `The booking policy was changed: cancel up to ${data.policy.cancelDeadlineHours} h before, reschedule up to ${data.policy.rescheduleDeadlineHours} h before, at most ${data.policy.maxReschedules} reschedule${data.policy.maxReschedules === 1 ? '' : 's'}.`,
        changes: diff(before, after),
        person: ofBooking,
      };
    }
    case 'ServiceAdded': {
      const data = readEvent('ServiceAdded', event, READER);
      if (!data) return recorded;
      facts.set(`service:${data.serviceId}`, pick(data, SERVICE_FIELDS));
      return {
        summary: `Service ${data.name} was added (${data.duration} min, price ${price(data.price)}).`,
        person: ofBooking,
      };
    }
    case 'ServiceEdited': {
      const data = readEvent('ServiceEdited', event, READER);
      if (!data) return recorded;
      const key = `service:${data.serviceId}`;
      const before = facts.get(key);
      const after = pick(data, SERVICE_FIELDS);
      facts.set(key, after);
      return {
        summary: `Service ${data.previousName || data.name} was edited.`,
        changes: diff(before, after, SERVICE_FIELDS),
        person: ofBooking,
      };
    }
    case 'ServiceDeleted': {
      const data = readEvent('ServiceDeleted', event, READER);
      if (!data) return recorded;
      facts.delete(`service:${data.serviceId}`);
      return { summary: `Service ${data.name} was deleted.`, person: ofBooking };
    }
    case 'AvailabilitySet': {
      const data = readEvent('AvailabilitySet', event, READER);
      if (!data) return recorded;
      const before = facts.get('availability');
      const after = pick(data, ['workingHours', 'breaks', 'timezone']);
      facts.set('availability', after);
      facts.set('profile', withFields(facts.get('profile') ?? {}, { timezone: data.timezone }));
      return {
        summary: 'The working hours and breaks were set.',
        changes: diff(before, after),
        person: ofBooking,
      };
    }
    case 'ScheduleTemplateSaved': {
      const data = readEvent('ScheduleTemplateSaved', event, READER);
      if (!data) return recorded;
      const { template } = data;
      const key = `template:${template.id}`;
      const before = facts.get(key);
      facts.set(key, template);
      return before
        ? {
            summary: `Schedule template ${template.name} was edited.`,
            changes: diff(before, template, ['name', 'description', 'workingHours', 'breaks', 'isDefault']),
            person: ofBooking,
          }
        : { summary: `Schedule template ${template.name} was saved.`, person: ofBooking };
    }
    case 'ScheduleTemplateDeleted': {
      const data = readEvent('ScheduleTemplateDeleted', event, READER);
      if (!data) return recorded;
      const key = `template:${data.templateId}`;
      const name = str(facts.get(key)?.name) || data.templateId;
      facts.delete(key);
      return { summary: `Schedule template ${name} was deleted.`, person: ofBooking };
    }
    case 'WindowsReleased': {
      const data = readEvent('WindowsReleased', event, READER);
      if (!data) return recorded;
      const timeSlots = data.windows.length;
      return {
        summary: `${timeSlots} window${timeSlots === 1 ? ' was' : 's were'} freed in the calendar.`,
        person: ofBooking,
      };
    }
    case 'TimeSlotChanged': {
      const data = readEvent('TimeSlotChanged', event, READER);
      if (!data) return recorded;
      const tz = data.timezone || zone;
      const before = `${formatWhen(data.previous.startDateTime, tz)}–${data.previous.endTime}`;
      const after = `${formatWhen(data.startDateTime, tz)}–${data.endTime}`;
      const places = (n: number) => `${n} place${n === 1 ? '' : 's'}`;
      const cancelled = data.cancelled.length;
      return {
        summary: `The time slot of ${before} was changed to ${after} (${places(data.availableSlots)})${
          cancelled > 0 ? `, cancelling ${cancelled} booking${cancelled === 1 ? '' : 's'}` : ''
        }.`,
        changes: [
          { field: 'time', before, after },
          { field: 'places', before: data.previous.availableSlots, after: data.availableSlots },
          { field: 'services', before: data.previous.serviceIds, after: data.serviceIds },
          { field: 'split', before: data.previous.addAsSlot, after: data.addAsSlot },
        ].filter((change) => JSON.stringify(change.before) !== JSON.stringify(change.after)),
        person: ofBooking,
      };
    }
    case 'TimeSlotDeleted': {
      const data = readEvent('TimeSlotDeleted', event, READER);
      if (!data) return recorded;
      const cancelled = data.cancelled.length;
      return {
        summary: `The time slot of ${formatWhen(data.startDateTime, data.timezone || zone)}–${data.endTime} was deleted${
          cancelled > 0 ? `, cancelling ${cancelled} booking${cancelled === 1 ? '' : 's'}` : ''
        }.`,
        person: ofBooking,
      };
    }
    case 'CalendarOpened':
    case 'WindowsReserved': {
      const data = readEvent(event.type, event, READER);
      if (!data) return recorded;
      // `windows` is the events' log name for their time slots; the summaries' wording is unchanged.
      const timeSlots = data.windows.length;
      return {
        summary:
          event.type === 'CalendarOpened'
            ? `The calendar was opened with ${timeSlots} existing window${timeSlots === 1 ? '' : 's'}.`
            : `${timeSlots} window${timeSlots === 1 ? ' was' : 's were'} reserved in the calendar.`,
        person: ofBooking,
      };
    }
    case 'TimeOffAdded': {
      const data = readEvent('TimeOffAdded', event, READER);
      if (!data) return recorded;
      const span = timeOffText(data.from, data.to);
      facts.set(`timeoff:${data.timeOffId}`, { span });
      // The reason is personal (it may say why someone is away): not kept in the sentence.
      return { summary: `Time off was taken ${span} (${data.timezone}).`, person: ofBooking };
    }
    case 'TimeOffDeleted': {
      const data = readEvent('TimeOffDeleted', event, READER);
      if (!data) return recorded;
      const key = `timeoff:${data.timeOffId}`;
      const span = str(facts.get(key)?.span);
      facts.delete(key);
      return {
        summary: span ? `Time off ${span} was deleted.` : 'A time off was deleted.',
        person: ofBooking,
      };
    }
    case 'TimeSlotAdded': {
      const data = readEvent('TimeSlotAdded', event, READER);
      if (!data) return recorded;
      return {
        summary: `A time slot was opened for ${formatWhen(data.startDateTime, data.timezone || zone)}–${data.endTime} (${data.availableSlots} place${data.availableSlots === 1 ? '' : 's'}).`,
        person: ofBooking,
      };
    }
    case 'IntervalBooked': {
      const data = readEvent('IntervalBooked', event, READER);
      if (!data) return recorded;
      return {
        // Issue 31: an occurrence of a recurring series says which.
        summary: `${data.username} booked ${data.serviceName} for ${formatWhen(data.startDateTime, data.timezone || zone)}${data.series ? `, ${data.series.occurrence} of ${data.series.count} of a series` : ''}.`,
        person: named(data.userId, data.username),
      };
    }
    case 'AppointmentStatusChanged': {
      const data = readEvent('AppointmentStatusChanged', event, READER);
      if (!data) return recorded;
      const text = bookingText();
      const sentence = `${text[0]!.toUpperCase()}${text.slice(1)}`;
      const by = changedBy({ data, metadata: event.metadata });
      const late = data.late ? ', after the cancellation deadline' : '';
      return {
        summary:
          data.to !== 'cancelled' || by === undefined
            ? `${sentence} went from ${data.from} to ${data.to}.`
            : by === 'user'
              ? `${sentence} was cancelled by its user${late}.`
              : by === 'system'
                ? `${sentence} was cancelled: it was not paid in time.`
                : `${sentence} was cancelled by the provider.`,
        changes: [{ field: 'status', before: data.from, after: data.to }],
        person: ofBooking,
      };
    }
    case 'PaymentRequested': {
      const data = readEvent('PaymentRequested', event, READER);
      if (!data) return recorded;
      return {
        summary: `A payment of ${money(data.amount, data.currency)} was requested for ${bookingText()}.`,
        person: ofBooking,
      };
    }
    case 'RefundRequested': {
      const data = readEvent('RefundRequested', event, READER);
      if (!data) return recorded;
      const fee = data.fee > 0 ? `, keeping a fee of ${money(data.fee, data.currency)}` : '';
      return {
        summary:
          data.amount > 0
            ? `A refund of ${money(data.amount, data.currency)} was requested for ${bookingText()}${fee}.`
            : `Nothing was refunded for ${bookingText()}: its fee of ${money(data.fee, data.currency)} kept the payment.`,
        person: ofBooking,
      };
    }
    case 'RescheduleRequested': {
      const data = readEvent('RescheduleRequested', event, READER);
      if (!data) return recorded;
      return {
        summary: `A move of ${bookingText()} was asked for by ${data.by === 'user' ? 'its user' : 'the provider'}.`,
        person: ofBooking,
      };
    }
    case 'WaiterJoined': {
      const data = readEvent('WaiterJoined', event, READER);
      if (!data) return recorded;
      const place = data.index === null ? 'a place' : `interval ${data.index}`;
      return {
        summary: `A person joined the waitlist of ${data.serviceName} for ${place} of a full time slot.`,
      };
    }
    case 'PlaceOffered': {
      const data = readEvent('PlaceOffered', event, READER);
      if (!data) return recorded;
      return {
        summary: `The freed place of ${data.serviceName} on ${formatWhen(data.startDateTime, zone)} was offered to the first waiter, held until ${formatWhen(data.expiresAt, zone)}.`,
      };
    }
    case 'OfferClaimed':
      if (!readEvent('OfferClaimed', event, READER)) return recorded;
      return { summary: 'A waitlist offer was claimed: its place is booked.' };
    case 'OfferDeclined':
      if (!readEvent('OfferDeclined', event, READER)) return recorded;
      return { summary: 'A waitlist offer was declined: its place passes to the next waiter.' };
    case 'OfferExpired':
      if (!readEvent('OfferExpired', event, READER)) return recorded;
      return { summary: 'A waitlist offer expired unclaimed: its place passes to the next waiter.' };
    case 'OfferWithdrawn':
      if (!readEvent('OfferWithdrawn', event, READER)) return recorded;
      return {
        summary: 'A waitlist offer was withdrawn: the provider changed the time slot and its place is gone.',
      };
    case 'WaiterLeft': {
      const data = readEvent('WaiterLeft', event, READER);
      if (!data) return recorded;
      return data.reason === 'servedElsewhere'
        ? {
            summary:
              'A waitlist entry for the whole day left this time slot: another one offered it a place.',
          }
        : { summary: 'A person left the waitlist.' };
    }
    case 'RescheduleAbandoned':
      if (!readEvent('RescheduleAbandoned', event, READER)) return recorded;
      return {
        summary: `A move of ${bookingText()} was given up: its new place was taken.`,
        person: ofBooking,
      };
    case 'AppointmentMovedIn': {
      const data = readEvent('AppointmentMovedIn', event, READER);
      if (!data) return recorded;
      const before = formatWhen(data.from.startDateTime, data.timezone || zone);
      const after = formatWhen(data.startDateTime, data.timezone || zone);
      return {
        summary: `${data.username}'s ${data.serviceName} moved from ${before} to ${after}.`,
        changes: [{ field: 'time', before, after }],
        person: named(data.userId, data.username),
      };
    }
    case 'AppointmentMovedOut':
      if (!readEvent('AppointmentMovedOut', event, READER)) return recorded;
      return {
        summary: `The place of ${bookingText()} was freed: it moved to another time.`,
        person: ofBooking,
      };
    case 'MoveInUndone':
      if (!readEvent('MoveInUndone', event, READER)) return recorded;
      return {
        summary: `A move of ${bookingText()} was undone: it stays at its old time.`,
        person: ofBooking,
      };
    case 'PaymentRefunded': {
      const data = readEvent('PaymentRefunded', event, READER);
      if (!data) return recorded;
      return {
        summary: `${money(data.amount, data.currency)} was refunded for ${bookingText()} (refund ${data.refundId}).`,
        person: ofBooking,
      };
    }
    case 'PaymentConfirmed':
      if (!readEvent('PaymentConfirmed', event, READER)) return recorded;
      return { summary: `The payment for ${bookingText()} was confirmed.`, person: ofBooking };
    case 'ReminderSent': {
      const data = readEvent('ReminderSent', event, READER);
      if (!data) return recorded;
      return { summary: `A ${data.kind} reminder was sent for ${bookingText()}.`, person: ofBooking };
    }
    case 'ReminderSuppressed': {
      const data = readEvent('ReminderSuppressed', event, READER);
      if (!data) return recorded;
      return {
        summary: `A ${data.kind} reminder for ${bookingText()} was not sent: ${data.reason}.`,
        person: ofBooking,
      };
    }
    case 'UserRegistered': {
      const data = readEvent('UserRegistered', event, READER);
      if (!data) return recorded;
      return { summary: `${data.name} joined as ${data.role}.`, person: named(data.userId, data.name) };
    }
    default:
      return recorded;
  }
};

/** Whom a summary names, to scrub once they are forgotten. */
interface Person {
  id: string;
  name: string;
}

const actorOf = (event: RecordedEvent) => {
  const metadata = event.metadata;
  if (metadata.system === true) return { id: 'system', role: 'system' };
  if (typeof metadata.userId === 'string') return { id: metadata.userId, role: str(metadata.role) || null };
  return { id: null, role: null };
};

const applyHistory = async (batch: RecordedEvent[], { db, schema }: ApplyContext): Promise<void> => {
  // What never belongs in a history asks for nothing either (a notification names its appointment).
  const events = batch.filter((event) => !LEFT_OUT.has(event.type));
  const bookings = new Map<string, Booking | undefined>();
  // What earlier batches kept, for the bookings and providers this batch names.
  const wanted = [
    ...new Set(
      events.flatMap(({ type, data: { appointmentId } }) =>
        type !== 'IntervalBooked' && typeof appointmentId === 'string' ? [appointmentId] : [],
      ),
    ),
  ];
  if (wanted.length > 0) {
    const { rows } = await db.query<{
      appointment_id: string;
      provider_id: string;
      user_id: string;
      username: string;
      service_name: string;
      start_date_time: string;
      timezone: string;
    }>(`SELECT * FROM ${schema}.appointments WHERE appointment_id = ANY ($1)`, [wanted]);
    for (const row of rows)
      bookings.set(row.appointment_id, {
        providerId: row.provider_id,
        userId: row.user_id,
        username: row.username,
        serviceName: row.service_name,
        startDateTime: row.start_date_time,
        timezone: row.timezone,
      });
  }
  const newBookings = new Map<string, Booking>();
  const relevant: { event: RecordedEvent; providerId: string }[] = [];
  for (const event of events) {
    const booked = readEvent('IntervalBooked', event, READER);
    if (booked) {
      const { providerId, userId, username, serviceName, startDateTime, timezone } = booked;
      const booking = { providerId, userId, username, serviceName, startDateTime, timezone };
      bookings.set(booked.appointmentId, booking);
      newBookings.set(booked.appointmentId, booking);
    }
    // A booking moved (issue 29): later sentences name its new time.
    const moved = readEvent('AppointmentMovedIn', event, READER);
    const known = moved && bookings.get(moved.appointmentId);
    if (moved && known) {
      const booking = { ...known, startDateTime: moved.startDateTime };
      bookings.set(moved.appointmentId, booking);
      newBookings.set(moved.appointmentId, booking);
    }
    const providerId = providerOf(event, bookings);
    if (providerId) relevant.push({ event, providerId });
  }
  if (relevant.length === 0) return;

  const providers = [...new Set(relevant.map((entry) => entry.providerId))];
  const facts = new Map<string, Map<string, Data>>();
  const changedFacts = new Map<string, Set<string>>();
  const { rows: kept } = await db.query<{ provider_id: string; key: string; value: Data }>(
    `SELECT provider_id, key, value FROM ${schema}.facts WHERE provider_id = ANY ($1)`,
    [providers],
  );
  for (const row of kept) {
    if (!facts.has(row.provider_id)) facts.set(row.provider_id, new Map());
    facts.get(row.provider_id)!.set(row.key, row.value);
  }
  const factsOf = (providerId: string): Facts => {
    if (!facts.has(providerId)) facts.set(providerId, new Map());
    if (!changedFacts.has(providerId)) changedFacts.set(providerId, new Set());
    const mine = facts.get(providerId)!;
    const changed = changedFacts.get(providerId)!;
    return {
      get: (key) => mine.get(key),
      set: (key, value) => {
        mine.set(key, value);
        changed.add(key);
      },
      delete: (key) => {
        mine.delete(key);
        changed.add(key);
      },
    };
  };

  const columns = {
    tx: [] as string[],
    position: [] as string[],
    id: [] as string[],
    provider: [] as string[],
    at: [] as string[],
    type: [] as string[],
    stream: [] as string[],
    actorId: [] as (string | null)[],
    actorRole: [] as (string | null)[],
    apiKey: [] as (string | null)[],
    correlation: [] as (string | null)[],
    summary: [] as string[],
    changes: [] as (string | null)[],
    personId: [] as (string | null)[],
    personName: [] as (string | null)[],
  };
  for (const { event, providerId } of relevant) {
    const { summary, changes, person } = describe(event, factsOf(providerId), bookings);
    const actor = actorOf(event);
    columns.tx.push(event.position.transactionId);
    columns.position.push(event.position.globalPosition);
    columns.id.push(event.id);
    columns.provider.push(providerId);
    columns.at.push(event.createdAt);
    columns.type.push(event.type);
    columns.stream.push(event.streamName);
    columns.actorId.push(actor.id);
    columns.actorRole.push(actor.role);
    columns.apiKey.push(typeof event.metadata.apiKeyId === 'string' ? event.metadata.apiKeyId : null);
    columns.correlation.push(
      typeof event.metadata.correlationId === 'string' ? event.metadata.correlationId : null,
    );
    columns.summary.push(summary);
    columns.personId.push(person?.id ?? null);
    columns.personName.push(person?.name ?? null);
    columns.changes.push(changes && changes.length > 0 ? JSON.stringify(changes) : null);
  }
  await db.query(
    batchStatement(
      schema,
      'insert_entries',
      `INSERT INTO ${schema}.entries
       (transaction_id, global_position, event_id, provider_id, at, type, stream_name, actor_id, actor_role,
        api_key_id, correlation_id, summary, changes, person_id, person_name)
     SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::uuid[], $4::text[], $5::timestamptz[], $6::text[],
                          $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::jsonb[],
                          $14::text[], $15::text[])
     ON CONFLICT (event_id) DO NOTHING`,
      Object.values(columns),
    ),
  );
  if (newBookings.size > 0) {
    const entries = [...newBookings.entries()];
    await db.query(
      batchStatement(
        schema,
        'insert_appointments',
        `INSERT INTO ${schema}.appointments
         (appointment_id, provider_id, user_id, username, service_name, start_date_time, timezone)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])
       ON CONFLICT (appointment_id) DO UPDATE SET start_date_time = EXCLUDED.start_date_time`,
        [
          entries.map(([id]) => id),
          entries.map(([, b]) => b.providerId),
          entries.map(([, b]) => b.userId),
          entries.map(([, b]) => b.username),
          entries.map(([, b]) => b.serviceName),
          entries.map(([, b]) => b.startDateTime),
          entries.map(([, b]) => b.timezone),
        ],
      ),
    );
  }
  const upserts: [string, string, string][] = [];
  const deletes: [string, string][] = [];
  for (const [providerId, keys] of changedFacts)
    for (const key of keys) {
      const value = facts.get(providerId)?.get(key);
      if (value) upserts.push([providerId, key, JSON.stringify(value)]);
      else deletes.push([providerId, key]);
    }
  if (upserts.length > 0)
    await db.query(
      `INSERT INTO ${schema}.facts SELECT * FROM unnest($1::text[], $2::text[], $3::jsonb[])
       ON CONFLICT (provider_id, key) DO UPDATE SET value = EXCLUDED.value`,
      [upserts.map((u) => u[0]), upserts.map((u) => u[1]), upserts.map((u) => u[2])],
    );
  if (deletes.length > 0)
    await db.query(
      `DELETE FROM ${schema}.facts f USING unnest($1::text[], $2::text[]) AS d(provider_id, key)
        WHERE f.provider_id = d.provider_id AND f.key = d.key`,
      [deletes.map((d) => d[0]), deletes.map((d) => d[1])],
    );
};
