import { readEvent } from '@appointment/contracts/events/read-event';
import { timeSlotStream } from '../appointments/book/time-slot.decider';
import type { EventStore } from '@appointment/contracts/event-store';

/** An appointment as its time slot's stream tells it now: what outbound messages are made of. */
export interface BookingFacts {
  appointmentId: string;
  providerId: string;
  userId: string;
  username: string;
  serviceName: string;
  providerName: string;
  startDateTime: string;
  timezone: string;
  status: string;
}

/** Read from the log, not a read model: a job may run before the read models hold its event. */
export const bookingFacts = async (
  store: EventStore,
  timeSlotId: string,
  appointmentId: string,
): Promise<BookingFacts | undefined> => {
  let facts: BookingFacts | undefined;
  for (const event of await store.readStream(timeSlotStream(timeSlotId))) {
    const booked = readEvent('IntervalBooked', event, 'booking facts');
    if (booked?.appointmentId === appointmentId) {
      const { providerId, userId, username, serviceName, providerName, startDateTime, timezone, status } =
        booked;
      facts = {
        appointmentId,
        providerId,
        userId,
        username,
        serviceName,
        providerName,
        startDateTime,
        timezone,
        status,
      };
    }
    const changed = facts && readEvent('AppointmentStatusChanged', event, 'booking facts');
    if (facts && changed && changed.appointmentId === appointmentId) facts.status = changed.to;
  }
  return facts;
};

/** The start as a date and a time in the provider's zone, in the reader's language. */
export const whenOf = (facts: Pick<BookingFacts, 'startDateTime' | 'timezone'>, language = 'en') => {
  const at = new Date(facts.startDateTime);
  const zone = { timeZone: facts.timezone };
  return {
    date: new Intl.DateTimeFormat(language, {
      ...zone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    }).format(at),
    time: new Intl.DateTimeFormat(language, {
      ...zone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(at),
  };
};
