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

export const uidOf = (appointment: Pick<Appointment, '_id'>): string => `${appointment._id}@appointment`;

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
    });
  }
  return calendar.toString();
};
