import { TZDate } from '@date-fns/tz';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import { ICalCalendar, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
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

export const uidOf = (appointment: Pick<Appointment, '_id'>): string => `${appointment._id}@appointment`;

/**
 * The event's SEQUENCE (RFC 5545 §3.8.7.4): raised by each change a calendar must take over the
 * copy it holds, worked out from the appointment alone so every copy of one state agrees: one per
 * reschedule (the UID stays), and one more once it is cancelled (nothing follows a cancellation).
 */
export const sequenceOf = (appointment: Pick<Appointment, 'reschedules' | 'status'>): number =>
  (appointment.reschedules ?? 0) + (appointment.status === 'cancelled' ? 1 : 0);

/**
 * An iTIP method (RFC 5546) for an e-mailed copy: REQUEST for a booking or a move, CANCEL for a
 * cancellation; a feed has none.
 */
export type IcsMethod = 'REQUEST' | 'CANCEL';

export const icsOf = (
  appointments: Appointment[],
  options: { name: string; audience: IcsAudience; now: Date; method?: IcsMethod },
): string => {
  const calendar = new ICalCalendar({
    name: options.name,
    ...(options.method ? { method: ICalCalendarMethod[options.method] } : {}),
    prodId: { company: 'Appointment', product: 'Appointment', language: 'EN' },
    ttl: 60 * 15,
  });
  // No zone of the calendar's own (ical-generator would then write DTSTAMP in it, not in UTC as
  // the RFC asks); the generator writes a VTIMEZONE for each zone the events use.
  calendar.timezone({ name: '', generator: getVtimezoneComponent });
  for (const appointment of appointments) {
    const zone = appointment.timezone;
    const who = options.audience === 'provider' ? appointment.username : appointment.providerName;
    calendar.createEvent({
      id: uidOf(appointment),
      start: new TZDate(Date.parse(appointment.startDateTime), zone),
      end: new TZDate(Date.parse(appointment.endDateTime), zone),
      timezone: zone,
      stamp: options.now,
      summary: `${appointment.serviceName} — ${who}`,
      description: [`Status: ${appointment.status}`, appointment.note].filter(Boolean).join('\n'),
      status: STATUS[appointment.status],
      sequence: sequenceOf(appointment),
    });
  }
  return calendar.toString();
};
