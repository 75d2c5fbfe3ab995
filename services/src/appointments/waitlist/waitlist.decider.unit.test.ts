import { MESSAGES } from '@appointment/contracts/messages';
import type { TimeSlotEvent } from '@appointment/contracts/events/time-slot';
import type { Command } from '../../domain/command-handler';
import { specFor } from '../../domain/decider-spec';
import { ConflictError, IllegalStateError, NotFoundError } from '../../domain/errors';
import { timeSlotDecider, type TimeSlotCommand } from '../book/time-slot.decider';
import { FIXTURE_NOW, timeSlotAdded } from '../book/time-slot.fixture';
import { dayCopiesElsewhere, offerIdOf } from './waitlist.decider';

/** The waitlist of a time slot (issue 31), decided in the time slot's stream. */
const now = FIXTURE_NOW;
const later = (minutes: number) => new Date(Date.parse(now) + minutes * 60_000).toISOString();
const metadata = (at = now): Command['metadata'] => ({ now: at, userId: 'u' });
const P = 'p1';

const slot = (split: boolean, capacity: number): TimeSlotEvent =>
  timeSlotAdded({ addAsSlot: split, availableSlots: capacity });
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

describe('time slot decider: a change of the time slot and its open offers (issue 31)', () => {
  const spec = specFor(timeSlotDecider);
  /** A block for two: Ana holds one place, the other is offered to Bo (Cy cancelled it). */
  const offeredBlock = [
    slot(false, 2),
    booked('a1', 'ana'),
    booked('a2', 'cy'),
    joined('e1', 'bo'),
    cancelled('a2'),
    offered('e1', 'bo'),
  ];
  const change = (capacity: number, cancelAffected: boolean): TimeSlotCommand => ({
    type: 'ChangeTimeSlot',
    data: {
      details: {
        timeSlotId: 't1',
        providerId: P,
        serviceNames: ['Consultation'],
        date: '2026-12-01',
        startTime: '09:00',
        endTime: '10:00',
        timezone: 'UTC',
        ...BLOCK,
        capacity,
        split: false,
      },
      cancelAffected,
    },
    metadata: { ...metadata(later(1)), role: 'admin' },
  });
  const stateOf = (events: TimeSlotEvent[]) =>
    events.reduce(timeSlotDecider.evolve, timeSlotDecider.initialState());

  it('refuses to shrink a block below its offered place, naming the offer like a booking', () => {
    let refused: unknown;
    try {
      timeSlotDecider.decide(change(1, false), stateOf(offeredBlock));
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(ConflictError);
    expect(refused).toMatchObject({
      message: MESSAGES.slotChangeDropsBookings,
      errors: [
        { field: 'offers', message: 'Offered from the waitlist, Consultation, 2026-12-01 09:00–10:00' },
      ],
    });
    // Room for the booking and the offer: nothing is dropped.
    expect(timeSlotDecider.decide(change(3, false), stateOf(offeredBlock)).map((e) => e.type)).toEqual([
      'TimeSlotChanged',
    ]);
  });

  it('withdraws the offer when the admin drops it: the waiter is done, the next waiter gets no lost place', () => {
    const withdrawn: TimeSlotEvent = {
      type: 'OfferWithdrawn',
      data: {
        ...ref('e1', 'bo', later(1)),
        offerId: offerIdOf('e1'),
        serviceName: 'Consultation',
        startDateTime: BLOCK.startDateTime,
        timezone: 'UTC',
      },
    };
    const events = timeSlotDecider.decide(change(1, true), stateOf([...offeredBlock, joined('e2', 'dee')]));
    expect(events[0]).toEqual(withdrawn);
    expect(events.slice(1).map((e) => e.type)).toEqual(['TimeSlotChanged']);
    // The block is full with Ana: the next waiter is not offered a place that is not there, and
    // when Ana cancels, the place goes to the next waiter still waiting, not to the withdrawn one.
    const after = [...offeredBlock, joined('e2', 'dee'), ...events];
    spec.given(after).when(book('a3', 'eve')).thenThrows(ConflictError);
    const [, offer] = timeSlotDecider.decide(cancel('a1', 'ana', later(2)), stateOf(after));
    expect(offer).toMatchObject({ type: 'PlaceOffered', data: { entryId: 'e2' } });
  });

  it('refuses a split time slot losing an offered interval, and withdraws it on deletion with cancelAffected', () => {
    // Interval 2 (09:30–10:00) of a split hour is offered to Bo.
    const split = [slot(true, 2), booked('a1', 'ana', 2), joined('e1', 'bo', 2), cancelled('a1')];
    const withOffer = stateOf([
      ...split,
      {
        type: 'PlaceOffered',
        data: {
          ...ref('e1', 'bo'),
          offerId: offerIdOf('e1'),
          serviceName: 'Consultation',
          index: 2,
          startDateTime: '2026-12-01T09:30:00.000Z',
          endDateTime: '2026-12-01T10:00:00.000Z',
          timezone: 'UTC',
          expiresAt: later(15),
        },
      },
    ]);
    const narrower = change(1, false);
    if (narrower.type !== 'ChangeTimeSlot') throw new Error('a change');
    narrower.data.details = {
      ...narrower.data.details,
      split: true,
      capacity: 1,
      endTime: '09:30',
      endDateTime: '2026-12-01T09:30:00.000Z',
    };
    expect(() => timeSlotDecider.decide(narrower, withOffer)).toThrow(ConflictError);
    const deleted = timeSlotDecider.decide(
      { type: 'DeleteTimeSlot', data: { cancelAffected: true }, metadata: metadata(later(1)) },
      withOffer,
    );
    expect(deleted.map((e) => e.type)).toEqual(['OfferWithdrawn', 'TimeSlotDeleted']);
    expect(() =>
      timeSlotDecider.decide(
        { type: 'DeleteTimeSlot', data: { cancelAffected: false }, metadata: metadata() },
        withOffer,
      ),
    ).toThrow(ConflictError);
  });
});

describe("time slot decider: a day entry's copy (issue 31)", () => {
  const spec = specFor(timeSlotDecider);
  const day = { date: '2026-12-01', timeSlotIds: ['t1', 't2'] };
  const joinDay = (entryId: string, userId: string): TimeSlotCommand => ({
    type: 'JoinWaitlist',
    data: { entryId, userId, serviceName: 'Consultation', index: 3, offerMinutes: 15, day },
    metadata: metadata(),
  });
  const dayJoined = (entryId: string, userId: string): TimeSlotEvent => ({
    type: 'WaiterJoined',
    data: { ...ref(entryId, userId), serviceName: 'Consultation', index: null, offerMinutes: 15, day },
  });
  const stateOf = (events: TimeSlotEvent[]) =>
    events.reduce(timeSlotDecider.evolve, timeSlotDecider.initialState());

  it('joins a time slot with every place taken, for any place; once per person; a free place is booked', () => {
    const split = [slot(true, 2), booked('a1', 'ana', 1), booked('a2', 'cy', 2)];
    spec
      .given(split)
      .when(joinDay('d1', 'bo'))
      .then([dayJoined('d1', 'bo')]);
    spec
      .given([...split, dayJoined('d1', 'bo')])
      .when(joinDay('d2', 'bo'))
      .thenThrows(ConflictError, MESSAGES.waitlistAlreadyJoined);
    spec
      .given([slot(true, 2), booked('a1', 'ana', 1)])
      .when(joinDay('d1', 'bo'))
      .thenThrows(IllegalStateError, MESSAGES.waitlistPlaceFree);
  });

  it('offers the copy the first interval freed, in its turn, and names the copies it closes elsewhere', () => {
    const events = [
      slot(true, 2),
      booked('a1', 'ana', 1),
      booked('a2', 'cy', 2),
      dayJoined('d1', 'bo'),
      joined('e2', 'dee', 2),
    ];
    const state = stateOf(events);
    const offers = timeSlotDecider.decide(cancel('a2', 'cy'), state).slice(1);
    // Bo joined first: interval 2 is offered to Bo's day entry, not to Dee who waits for it.
    expect(offers).toMatchObject([{ type: 'PlaceOffered', data: { entryId: 'd1', index: 2 } }]);
    if (state.status === 'none') throw new Error('a time slot');
    expect(dayCopiesElsewhere(state, offers)).toEqual([{ entryId: 'd1', timeSlotIds: ['t2'] }]);
    // Closed here (offered a place elsewhere): the freed interval goes to the next waiter.
    const closed: TimeSlotEvent = {
      type: 'WaiterLeft',
      data: { ...ref('d1', 'bo'), reason: 'servedElsewhere' },
    };
    const [, next] = timeSlotDecider.decide(cancel('a2', 'cy'), stateOf([...events, closed]));
    expect(next).toMatchObject({ type: 'PlaceOffered', data: { entryId: 'e2', index: 2 } });
  });
});
