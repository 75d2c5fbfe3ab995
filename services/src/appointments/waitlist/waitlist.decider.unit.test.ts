import { MESSAGES } from '@appointment/contracts/messages';
import type { TimeSlotEvent } from '@appointment/contracts/events/time-slot';
import type { Command } from '../../domain/command-handler';
import { specFor } from '../../domain/decider-spec';
import { ConflictError, IllegalStateError, NotFoundError } from '../../domain/errors';
import { timeSlotDecider, type TimeSlotCommand } from '../book/time-slot.decider';
import { offerIdOf } from './waitlist.decider';

/** The waitlist of a time slot (issue 31), decided in the time slot's stream. */
const now = '2026-11-22T09:00:00.000Z';
const later = (minutes: number) => new Date(Date.parse(now) + minutes * 60_000).toISOString();
const metadata = (at = now): Command['metadata'] => ({ now: at, userId: 'u' });
const P = 'p1';

const slot = (split: boolean, capacity: number): TimeSlotEvent => ({
  type: 'TimeSlotAdded',
  data: {
    timeSlotId: 't1',
    providerId: P,
    serviceIds: ['Consultation'],
    date: '2026-12-01',
    startTime: '09:00',
    endTime: '10:00',
    timezone: 'UTC',
    startDateTime: '2026-12-01T09:00:00.000Z',
    endDateTime: '2026-12-01T10:00:00.000Z',
    availableSlots: capacity,
    addAsSlot: split,
    at: now,
  },
});
const BLOCK = { startDateTime: '2026-12-01T09:00:00.000Z', endDateTime: '2026-12-01T10:00:00.000Z' };

const person = (userId: string) => ({
  userId,
  email: `${userId}@example.com`,
  username: userId,
  providerName: 'Clinic',
  serviceName: 'Consultation',
  paymentNeeded: false,
  automaticBooking: true,
  amount: 0,
});
const booked = (appointmentId: string, userId: string, index: number | null = null): TimeSlotEvent => ({
  type: 'IntervalBooked',
  data: {
    appointmentId,
    providerId: P,
    ...person(userId),
    index,
    status: 'scheduled',
    timeSlotId: 't1',
    date: '2026-12-01',
    timezone: 'UTC',
    ...BLOCK,
    at: now,
  },
});
const ref = (entryId: string, userId: string, at = now) => ({
  timeSlotId: 't1',
  providerId: P,
  entryId,
  userId,
  at,
});
const joined = (entryId: string, userId: string, index: number | null = null): TimeSlotEvent => ({
  type: 'WaiterJoined',
  data: { ...ref(entryId, userId), serviceName: 'Consultation', index, offerMinutes: 15 },
});
const offered = (entryId: string, userId: string, at = now): TimeSlotEvent => ({
  type: 'PlaceOffered',
  data: {
    ...ref(entryId, userId, at),
    offerId: offerIdOf(entryId),
    serviceName: 'Consultation',
    index: null,
    ...BLOCK,
    timezone: 'UTC',
    expiresAt: new Date(Date.parse(at) + 15 * 60_000).toISOString(),
  },
});
const join = (entryId: string, userId: string, index: number | null = null): TimeSlotCommand => ({
  type: 'JoinWaitlist',
  data: { entryId, userId, serviceName: 'Consultation', index, offerMinutes: 15 },
  metadata: metadata(),
});
const cancel = (appointmentId: string, userId: string, at = now): TimeSlotCommand => ({
  type: 'CancelAppointment',
  data: { appointmentId, userId },
  metadata: metadata(at),
});
const cancelled = (appointmentId: string, at = now): TimeSlotEvent => ({
  type: 'AppointmentStatusChanged',
  data: {
    timeSlotId: 't1',
    providerId: P,
    appointmentId,
    from: 'scheduled',
    to: 'cancelled',
    by: 'user',
    late: false,
    at,
  },
});
const book = (appointmentId: string, userId: string, offerId?: string, at = now): TimeSlotCommand => ({
  type: 'BookInterval',
  data: {
    appointmentId,
    providerId: P,
    ...person(userId),
    intervalNumber: null,
    ...(offerId ? { offerId } : {}),
  },
  metadata: metadata(at),
});

describe('time slot decider: the waitlist (issue 31)', () => {
  const spec = specFor(timeSlotDecider);
  const full = [slot(false, 1), booked('a1', 'ana')];

  it('lets a person join a full place once, and refuses a free one', () => {
    spec
      .given(full)
      .when(join('e1', 'bo'))
      .then([joined('e1', 'bo')]);
    spec
      .given([...full, joined('e1', 'bo')])
      .when(join('e1', 'bo'))
      .thenNothingHappened();
    spec
      .given([...full, joined('e1', 'bo')])
      .when(join('e2', 'bo'))
      .thenThrows(ConflictError);
    spec
      .given([slot(false, 1)])
      .when(join('e1', 'bo'))
      .thenThrows(IllegalStateError, MESSAGES.waitlistPlaceFree);
  });

  it('offers a freed place to the first waiter in the same append, held against any booking', () => {
    const waiting = [...full, joined('e1', 'bo'), joined('e2', 'cy')];
    spec
      .given(waiting)
      .when(cancel('a1', 'ana'))
      .then([cancelled('a1'), offered('e1', 'bo')]);
    spec
      .given([...waiting, cancelled('a1'), offered('e1', 'bo')])
      .when(book('a2', 'dee'))
      .thenThrows(ConflictError);
  });

  it('books the claim once, within the window, for the waiter only', () => {
    const open = [...full, joined('e1', 'bo'), joined('e2', 'cy'), cancelled('a1'), offered('e1', 'bo')];
    const offerId = offerIdOf('e1');
    const [claimed, bookedEvent] = timeSlotDecider.decide(
      book('a2', 'bo', offerId, later(5)),
      open.reduce(timeSlotDecider.evolve, timeSlotDecider.initialState()),
    );
    expect(claimed).toMatchObject({ type: 'OfferClaimed', data: { offerId, appointmentId: 'a2' } });
    expect(bookedEvent).toMatchObject({
      type: 'IntervalBooked',
      data: { appointmentId: 'a2', userId: 'bo' },
    });
    const after = [...open, claimed!, bookedEvent!];
    spec
      .given(after)
      .when(book('a2', 'bo', offerId, later(6)))
      .thenNothingHappened();
    spec
      .given(open)
      .when(book('a3', 'cy', offerId, later(5)))
      .thenThrows(NotFoundError);
    spec
      .given(open)
      .when(book('a2', 'bo', offerId, later(15)))
      .thenThrows(IllegalStateError, MESSAGES.offerExpired);
  });

  it('passes a declined or expired offer to the next waiter, and frees the place with none left', () => {
    const open = [...full, joined('e1', 'bo'), joined('e2', 'cy'), cancelled('a1'), offered('e1', 'bo')];
    const offerId = offerIdOf('e1');
    spec
      .given(open)
      .when({ type: 'DeclineOffer', data: { offerId, userId: 'bo' }, metadata: metadata(later(1)) })
      .then([
        { type: 'OfferDeclined', data: { ...ref('e1', 'bo', later(1)), offerId } },
        offered('e2', 'cy', later(1)),
      ]);
    spec
      .given(open)
      .when({ type: 'ExpireOffers', data: {}, metadata: metadata(later(14)) })
      .thenNothingHappened();
    spec
      .given(open)
      .when({ type: 'ExpireOffers', data: {}, metadata: metadata(later(15)) })
      .then([
        { type: 'OfferExpired', data: { ...ref('e1', 'bo', later(15)), offerId } },
        offered('e2', 'cy', later(15)),
      ]);
    const last = [...full, joined('e1', 'bo'), cancelled('a1'), offered('e1', 'bo')];
    const declined: TimeSlotEvent = { type: 'OfferDeclined', data: { ...ref('e1', 'bo'), offerId } };
    spec.given(last).when(book('a2', 'dee')).thenThrows(ConflictError);
    spec
      .given([...last, declined])
      .when(book('a2', 'dee'))
      .then([booked('a2', 'dee')]);
  });

  it('lets a waiter leave, passing on an offer they held; another person cannot', () => {
    const open = [...full, joined('e1', 'bo'), joined('e2', 'cy'), cancelled('a1'), offered('e1', 'bo')];
    const leave = (userId: string): TimeSlotCommand => ({
      type: 'LeaveWaitlist',
      data: { entryId: 'e1', userId },
      metadata: metadata(),
    });
    spec
      .given(open)
      .when(leave('bo'))
      .then([{ type: 'WaiterLeft', data: ref('e1', 'bo') }, offered('e2', 'cy')]);
    spec.given(open).when(leave('cy')).thenThrows(NotFoundError);
  });

  it('offers a split interval only to the waiters of that interval', () => {
    const split = slot(true, 2);
    const events = [split, booked('a1', 'ana', 2), joined('e1', 'bo', 2)];
    const [, offer] = timeSlotDecider.decide(
      cancel('a1', 'ana'),
      events.reduce(timeSlotDecider.evolve, timeSlotDecider.initialState()),
    );
    expect(offer).toMatchObject({ type: 'PlaceOffered', data: { entryId: 'e1', index: 2 } });
  });
});
