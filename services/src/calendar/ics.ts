import { TZDate } from '@date-fns/tz';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import { ICalCalendar, ICalEventStatus } from 'ical-generator';
import type { Appointment } from '@appointment/contracts/appointments';

/**
 * Appointments as an iCalendar document (RFC 5545), written by ical-generator. Each event keeps
 * its provider's time zone, with a VTIMEZONE for it, so a calendar shows the right hour on
 * either side of a daylight-saving change; the UID is the appointment's, so a calendar that
 * refreshes the feed updates events instead of adding them.
 */
export type IcsAudience = 'provider' | 'user';

const STATUS: Record<Appointment['status'], ICalEventStatus> = {
  pending: ICalEventStatus.TENTATIVE,
  scheduled: ICalEventStatus.CONFIRMED,
  completed: ICalEventStatus.CONFIRMED,
  // It was held for the person until it ended.
  no_show: ICalEventStatus.CONFIRMED,
  cancelled: ICalEventStatus.CANCELLED,
};

/**
 * A zone's VTIMEZONE, read once per zone and process: the library reads and encodes its file on
 * every call, which cost a booking's e-mail more than the rest of it.
 */
const vtimezones = new Map<string, string | null>();
const vtimezoneOf = (zone: string): string | null => {
  let component = vtimezones.get(zone);
  if (component === undefined) {
    component = getVtimezoneComponent(zone) ?? null;
    vtimezones.set(zone, component);
  }
  return component;
};

export const uidOf = (appointment: Pick<Appointment, '_id'>): string => `${appointment._id}@appointment`;

/**
 * The event's SEQUENCE (RFC 5545 §3.8.7.4): raised by each change a calendar must take over the
 * copy it holds, worked out from the appointment alone so every copy of one state agrees: one per
 * reschedule (the UID stays), and one more once it is cancelled (nothing follows a cancellation).
 */
export const sequenceOf = (appointment: Pick<Appointment, 'reschedules' | 'status'>): number =>
  (appointment.reschedules ?? 0) + (appointment.status === 'cancelled' ? 1 : 0);

const summaryOf = (appointment: Appointment, audience: IcsAudience): string =>
  `${appointment.serviceName} — ${audience === 'provider' ? appointment.username : appointment.providerName}`;

const descriptionOf = (appointment: Appointment): string =>
  [`Status: ${appointment.status}`, appointment.note].filter(Boolean).join('\n');

export const icsOf = (
  appointments: Appointment[],
  options: { name: string; audience: IcsAudience; now: Date },
): string => {
  const calendar = new ICalCalendar({
    name: options.name,
    prodId: { company: 'Appointment', product: 'Appointment', language: 'EN' },
    ttl: 60 * 15,
  });
  // No zone of the calendar's own (ical-generator would then write DTSTAMP in it, not in UTC as
  // the RFC asks); the generator writes a VTIMEZONE for each zone the events use.
  calendar.timezone({ name: '', generator: vtimezoneOf });
  for (const appointment of appointments) {
    const zone = appointment.timezone;
    calendar.createEvent({
      id: uidOf(appointment),
      start: new TZDate(Date.parse(appointment.startDateTime), zone),
      end: new TZDate(Date.parse(appointment.endDateTime), zone),
      timezone: zone,
      stamp: options.now,
      summary: summaryOf(appointment, options.audience),
      description: descriptionOf(appointment),
      status: STATUS[appointment.status],
      sequence: sequenceOf(appointment),
    });
  }
  return calendar.toString();
};

/**
 * An iTIP method (RFC 5546) for an e-mailed copy: REQUEST for a booking or a move, CANCEL for a
 * cancellation.
 */
export type IcsMethod = 'REQUEST' | 'CANCEL';

/** A TEXT value (RFC 5545 §3.3.11): backslashes, semicolons, commas and line breaks escaped. */
const text = (value: string): string =>
  value.replace(/[\\;,]/g, (ch) => `\\${ch}`).replace(/\r\n|\r|\n/g, '\\n');

/** An instant in UTC, as DATE-TIME form 2 (RFC 5545 §3.3.5). */
const utc = (instant: string | Date): string =>
  new Date(instant)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** A content line folded at 75 octets, never inside a character (RFC 5545 §3.1). */
const folded = (line: string): string => {
  if (Buffer.byteLength(line) <= 75) return line;
  let out = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
    if (octets + size > 75) {
      out += '\r\n ';
      octets = 1;
    }
    out += ch;
    octets += size;
  }
  return out;
};

/**
 * One appointment as the `.ics` e-mailed to its user (issue 29): an invitation (REQUEST) or its
 * cancellation (CANCEL), with the feed's UID and SEQUENCE so a calendar updates the event it has.
 * Its instants are in UTC, which every calendar shows in its own zone. Written here rather than by
 * ical-generator, whose serialiser makes a TextEncoder for every character it folds: with a
 * VTIMEZONE that was a sixth of a booking's CPU in the server (bench, 2026-11-28).
 */
export const invitationOf = (appointment: Appointment, method: IcsMethod, now: Date): string =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Appointment//Appointment//EN',
    `METHOD:${method}`,
    'BEGIN:VEVENT',
    `UID:${text(uidOf(appointment))}`,
    `SEQUENCE:${sequenceOf(appointment)}`,
    `DTSTAMP:${utc(now)}`,
    `DTSTART:${utc(appointment.startDateTime)}`,
    `DTEND:${utc(appointment.endDateTime)}`,
    `SUMMARY:${text(summaryOf(appointment, 'user'))}`,
    `DESCRIPTION:${text(descriptionOf(appointment))}`,
    `STATUS:${method === 'CANCEL' ? 'CANCELLED' : STATUS[appointment.status].toUpperCase()}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ]
    .map(folded)
    .join('\r\n') + '\r\n';
