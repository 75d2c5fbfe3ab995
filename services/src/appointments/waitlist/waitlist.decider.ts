import { v5 as uuidv5 } from 'uuid';
import { WAITLIST_EVENTS } from '@appointment/contracts/events/waitlist';
import { MESSAGES } from '@appointment/contracts/messages';
import { intervalOfSlot } from '@appointment/contracts/schedule';
import type { z } from 'zod';
import { ConflictError, IllegalStateError, NotFoundError, ValidationError } from '../../domain/errors';
import { withFields } from '@appointment/contracts/objects';

/**
 * The waitlist of one time slot (issue 31), decided inside the time slot's decider: its waiters in
 * order of joining, and the places offered to them. An offered place counts as held, so no booking
 * takes it; a place freed by any event of the time slot is offered to the first waiter for it in
 * the same append (`offersAfter`), so none is left unoffered while someone waits and none is
 * offered twice. docs/architecture.md §5 "The waitlist".
 */

type WaitlistEventData = { [K in keyof typeof WAITLIST_EVENTS]: z.infer<(typeof WAITLIST_EVENTS)[K]> };
export type WaitlistEvent = {
  [K in keyof WaitlistEventData]: { type: K; data: WaitlistEventData[K] };
}[keyof WaitlistEventData];

/** A place held for a waiter until `expiresAt`. */
export interface Offer {
  offerId: string;
  index: number | null;
  startDateTime: string;
  endDateTime: string;
  expiresAt: string;
}

export interface Waiter {
  entryId: string;
  userId: string;
  serviceName: string;
  index: number | null;
  offerMinutes: number;
  /** A day entry's copy: the day, and every time slot holding a copy of it. */
  day?: DayCopies;
  /** waiting for a place; offered one (`offer`); done: left, claimed, declined or expired. */
  status: 'waiting' | 'offered' | 'done';
  offer?: Offer;
}

/** A day entry's copies (issue 31): the day, and the time slots that hold one. */
export interface DayCopies {
  date: string;
  timeSlotIds: string[];
}

/** The waiters of a time slot, in order of joining. */
export interface Waitlist {
  waiters: Waiter[];
}

/** What the waitlist needs to know of its time slot. */
export interface WaitlistSlot {
  timeSlotId: string;
  providerId: string;
  serviceNames: string[];
  date: string;
  startTime: string;
  endTime: string;
  timezone: string;
  startDateTime: string;
  endDateTime: string;
  capacity: number;
  split: boolean;
  deleted?: true;
  waitlist?: Waitlist;
  /** The intervals (null in a block) of the bookings that hold a place. */
  held: (number | null)[];
}

/** Offer ids are derived from their entry: an entry is offered a place at most once. */
const OFFER_NAMESPACE = '0f3c7a52-9a41-4d7e-b6f0-3c2e9d8a7b15';
export const offerIdOf = (entryId: string) => uuidv5(entryId, OFFER_NAMESPACE);

const waitersOf = (slot: Pick<WaitlistSlot, 'waitlist'>) => slot.waitlist?.waiters ?? [];

/** The offers that hold a place now. */
export const openOffers = (slot: Pick<WaitlistSlot, 'waitlist'>): Offer[] =>
  waitersOf(slot).flatMap((w) => (w.status === 'offered' && w.offer ? [w.offer] : []));

/** The waitlist once the event happened. */
export const evolveWaitlist = (waitlist: Waitlist | undefined, event: WaitlistEvent): Waitlist => {
  const waiters = waitlist?.waiters ?? [];
  const changed = (entryId: string, change: Partial<Waiter>): Waitlist => ({
    waiters: waiters.map((w) => (w.entryId === entryId ? { ...w, ...change } : w)),
  });
  switch (event.type) {
    case 'WaiterJoined': {
      const { entryId, userId, serviceName, index, offerMinutes, day } = event.data;
      return {
        waiters: [
          ...waiters,
          { entryId, userId, serviceName, index, offerMinutes, status: 'waiting', ...(day ? { day } : {}) },
        ],
      };
    }
    case 'PlaceOffered': {
      const { offerId, index, startDateTime, endDateTime, expiresAt } = event.data;
      return changed(event.data.entryId, {
        status: 'offered',
        offer: { offerId, index, startDateTime, endDateTime, expiresAt },
      });
    }
    case 'WaiterLeft':
    case 'OfferClaimed':
    case 'OfferDeclined':
    case 'OfferExpired':
    case 'OfferWithdrawn':
      return changed(event.data.entryId, { status: 'done' });
  }
};

/** The instants of a place of the time slot, if it is one and has not started by `now`. */
const placeAt = (slot: WaitlistSlot, index: number | null, now: string) => {
  const place = slot.split
    ? intervalOfSlot(slot, index ?? 0)
    : { startDateTime: slot.startDateTime, endDateTime: slot.endDateTime };
  if (!place || Date.parse(place.startDateTime) <= Date.parse(now)) return undefined;
  return { startDateTime: place.startDateTime, endDateTime: place.endDateTime };
};

/**
 * The offers the time slot makes now: every free place to the first waiter for it, in order of
 * joining. Nothing on a deleted time slot, for a place that has started, or for a service the time
 * slot no longer offers.
 */
export const offersAfter = (slot: WaitlistSlot, now: string): WaitlistEvent[] => {
  if (slot.deleted || !slot.waitlist) return [];
  const taken: (number | null)[] = [...slot.held, ...openOffers(slot).map((o) => o.index)];
  const offers: WaitlistEvent[] = [];
  for (const waiter of slot.waitlist.waiters) {
    if (waiter.status !== 'waiting' || !slot.serviceNames.includes(waiter.serviceName)) continue;
    // A day entry's copy in a split time slot takes the first free interval that has not started.
    const index = waiter.day && slot.split ? firstFreeInterval(slot, taken, now) : waiter.index;
    const free = slot.split ? index !== null && !taken.includes(index) : taken.length < slot.capacity;
    if (!free) continue;
    const place = placeAt(slot, index, now);
    if (!place) continue;
    taken.push(index);
    offers.push({
      type: 'PlaceOffered',
      data: withFields(refOf(slot, waiter, now), {
        offerId: offerIdOf(waiter.entryId),
        serviceName: waiter.serviceName,
        index,
        ...place,
        timezone: slot.timezone,
        expiresAt: new Date(Date.parse(now) + waiter.offerMinutes * 60_000).toISOString(),
      }),
    });
  }
  return offers;
};

/** The first interval of a split time slot not taken and not started by `now`; null if none. */
const firstFreeInterval = (slot: WaitlistSlot, taken: (number | null)[], now: string): number | null => {
  for (let index = 1; index <= slot.capacity; index++)
    if (!taken.includes(index) && placeAt(slot, index, now)) return index;
  return null;
};

const refOf = (slot: WaitlistSlot, waiter: Waiter, at: string) => ({
  timeSlotId: slot.timeSlotId,
  providerId: slot.providerId,
  entryId: waiter.entryId,
  userId: waiter.userId,
  at,
});

export interface JoinAsk {
  entryId: string;
  userId: string;
  serviceName: string;
  index: number | null;
  offerMinutes: number;
  /** A day entry's copy (its index is ignored: any place). */
  day?: DayCopies;
}

/**
 * A person joins the waitlist of a full place, once; a free place is to be booked instead. The
 * same entry again (a retried request) records nothing.
 */
export const joinWaitlist = (slot: WaitlistSlot, ask: JoinAsk, now: string): WaitlistEvent[] => {
  if (slot.deleted) throw new NotFoundError(MESSAGES.slotNotFound);
  const waiters = waitersOf(slot);
  if (waiters.some((w) => w.entryId === ask.entryId)) return [];
  if (!slot.serviceNames.includes(ask.serviceName)) throw new ValidationError(MESSAGES.slotNotForService);
  if (ask.day) return joinForTheDay(slot, { ...ask, day: ask.day }, now);
  const index = slot.split ? ask.index : null;
  if (slot.split && index === null) throw new ValidationError(MESSAGES.intervalRequired);
  if (!placeAt(slot, index, now)) {
    if (slot.split && !intervalOfSlot(slot, index ?? 0)) throw new ValidationError(MESSAGES.intervalRequired);
    throw new IllegalStateError(MESSAGES.slotInPast);
  }
  if (waiters.some((w) => w.userId === ask.userId && w.index === index && w.status !== 'done'))
    throw new ConflictError(MESSAGES.waitlistAlreadyJoined);
  const taken = [...slot.held, ...openOffers(slot).map((o) => o.index)];
  const full = slot.split ? taken.includes(index) : taken.length >= slot.capacity;
  if (!full) throw new IllegalStateError(MESSAGES.waitlistPlaceFree);
  return [joined(slot, ask, index, now)];
};

/** The entry (or a day entry's copy) in the time slot's line, waiting for the place `index`. */
const joined = (slot: WaitlistSlot, ask: JoinAsk, index: number | null, now: string): WaitlistEvent => ({
  type: 'WaiterJoined',
  data: {
    timeSlotId: slot.timeSlotId,
    providerId: slot.providerId,
    entryId: ask.entryId,
    userId: ask.userId,
    serviceName: ask.serviceName,
    index,
    offerMinutes: ask.offerMinutes,
    ...(ask.day ? { day: ask.day } : {}),
    at: now,
  },
});

/**
 * A day entry's copy joins a full time slot: every place taken or offered, or started (a free
 * place is to be booked instead). One live day entry per person and time slot.
 */
const joinForTheDay = (
  slot: WaitlistSlot,
  ask: JoinAsk & { day: DayCopies },
  now: string,
): WaitlistEvent[] => {
  if (Date.parse(slot.startDateTime) <= Date.parse(now)) throw new IllegalStateError(MESSAGES.slotInPast);
  if (waitersOf(slot).some((w) => w.userId === ask.userId && w.day && w.status !== 'done'))
    throw new ConflictError(MESSAGES.waitlistAlreadyJoined);
  const taken = [...slot.held, ...openOffers(slot).map((o) => o.index)];
  const free = slot.split ? firstFreeInterval(slot, taken, now) !== null : taken.length < slot.capacity;
  if (free) throw new IllegalStateError(MESSAGES.waitlistPlaceFree);
  return [joined(slot, ask, null, now)];
};

/**
 * The copies a day entry's offer here closes elsewhere (issue 31): for each offer the events made
 * to a day entry's copy, the other time slots holding a copy of it. The caller closes them in the
 * same atomic append, or, a copy being no longer waiting there, closes the copy here instead.
 */
export const dayCopiesElsewhere = (
  slot: Pick<WaitlistSlot, 'timeSlotId' | 'waitlist'>,
  events: readonly { type: string; data: object }[],
): { entryId: string; timeSlotIds: string[] }[] =>
  events.flatMap((event) => {
    if (event.type !== 'PlaceOffered') return [];
    const { entryId } = event.data as { entryId: string };
    const day = waitersOf(slot).find((w) => w.entryId === entryId)?.day;
    return day ? [{ entryId, timeSlotIds: day.timeSlotIds.filter((id) => id !== slot.timeSlotId) }] : [];
  });

/** Whether the entry's copy here still waits. */
export const copyWaits = (slot: Pick<WaitlistSlot, 'waitlist'>, entryId: string): boolean =>
  waitersOf(slot).some((w) => w.entryId === entryId && w.status === 'waiting');

/** The copy of a day entry here closes: the entry was offered a place in another time slot. */
export const closeCopy = (slot: WaitlistSlot, entryId: string, now: string): WaitlistEvent[] => {
  const waiter = waitersOf(slot).find((w) => w.entryId === entryId);
  if (!waiter || waiter.status === 'done') return [];
  return [{ type: 'WaiterLeft', data: withFields(refOf(slot, waiter, now), { reason: 'servedElsewhere' }) }];
};

/** The waiter's own entry; another person's is not theirs to know of. */
const entryOf = (slot: WaitlistSlot, entryId: string, userId: string): Waiter => {
  const waiter = waitersOf(slot).find((w) => w.entryId === entryId);
  if (!waiter || waiter.userId !== userId) throw new NotFoundError(MESSAGES.waitlistEntryNotFound);
  return waiter;
};

/** The entry holding an offer, for its waiter. */
const offeredOf = (slot: WaitlistSlot, offerId: string, userId: string): Waiter => {
  const waiter = waitersOf(slot).find((w) => w.offer?.offerId === offerId);
  if (!waiter || waiter.userId !== userId) throw new NotFoundError(MESSAGES.offerNotFound);
  return waiter;
};

/** The waiter leaves (an offer they hold passes on); left already, nothing more is recorded. */
export const leaveWaitlist = (
  slot: WaitlistSlot,
  { entryId, userId }: { entryId: string; userId: string },
  now: string,
): WaitlistEvent[] => {
  const waiter = entryOf(slot, entryId, userId);
  if (waiter.status === 'done') return [];
  return [{ type: 'WaiterLeft', data: refOf(slot, waiter, now) }];
};

/** The waiter declines their open offer: it passes on. Declined already, nothing more. */
export const declineOffer = (
  slot: WaitlistSlot,
  { offerId, userId }: { offerId: string; userId: string },
  now: string,
): WaitlistEvent[] => {
  const waiter = offeredOf(slot, offerId, userId);
  if (waiter.status !== 'offered') return [];
  return [{ type: 'OfferDeclined', data: withFields(refOf(slot, waiter, now), { offerId }) }];
};

/**
 * The offers a change of the time slot to `to` drops (or all, for its deletion): those whose
 * service it no longer offers, whose place is no longer there with the same instants, or, in a
 * block, those beyond its new capacity once the bookings it keeps (`kept`) are counted (the latest
 * offered first). An offered place is held like a booked one.
 */
export const offersDroppedBy = (
  slot: WaitlistSlot,
  to:
    | Pick<
        WaitlistSlot,
        | 'serviceNames'
        | 'split'
        | 'capacity'
        | 'startDateTime'
        | 'endDateTime'
        | 'date'
        | 'startTime'
        | 'endTime'
        | 'timezone'
      >
    | 'deleted',
  kept: number,
): { waiter: Waiter; offer: Offer }[] => {
  const offered = waitersOf(slot).flatMap((waiter) =>
    waiter.status === 'offered' && waiter.offer ? [{ waiter, offer: waiter.offer }] : [],
  );
  if (to === 'deleted') return offered;
  let inBlock = kept;
  return offered.filter(({ waiter, offer }) => {
    if (!to.serviceNames.includes(waiter.serviceName) || to.split !== slot.split) return true;
    if (to.split) {
      const interval = offer.index === null ? undefined : intervalOfSlot(to, offer.index);
      return interval?.startDateTime !== offer.startDateTime || interval.endDateTime !== offer.endDateTime;
    }
    if (to.startDateTime !== offer.startDateTime || to.endDateTime !== offer.endDateTime) return true;
    inBlock += 1;
    return inBlock > to.capacity;
  });
};

/** The offers dropped by a change the admin chose to make anyway: each withdrawn, its waiter told. */
export const withdrawOffers = (
  slot: WaitlistSlot,
  dropped: { waiter: Waiter; offer: Offer }[],
  now: string,
): WaitlistEvent[] =>
  dropped.map(({ waiter, offer }) => ({
    type: 'OfferWithdrawn',
    data: withFields(refOf(slot, waiter, now), {
      offerId: offer.offerId,
      serviceName: waiter.serviceName,
      startDateTime: offer.startDateTime,
      timezone: slot.timezone,
    }),
  }));

/** Every offer whose window ended by `now` expires: its place passes on. */
export const expireOffers = (slot: WaitlistSlot, now: string): WaitlistEvent[] =>
  waitersOf(slot).flatMap((waiter): WaitlistEvent[] =>
    waiter.status === 'offered' && waiter.offer && Date.parse(waiter.offer.expiresAt) <= Date.parse(now)
      ? [
          {
            type: 'OfferExpired',
            data: withFields(refOf(slot, waiter, now), { offerId: waiter.offer.offerId }),
          },
        ]
      : [],
  );

/**
 * A claim of an open offer, within its window, by its waiter: the offer's place, which the booking
 * that follows takes (the offer no longer holds it), and the event that records the claim.
 */
export const claimOf = (
  slot: WaitlistSlot,
  { offerId, userId, appointmentId }: { offerId: string; userId: string; appointmentId: string },
  now: string,
): { index: number | null; serviceName: string; claimed: WaitlistEvent; waitlist: Waitlist } => {
  const waiter = offeredOf(slot, offerId, userId);
  if (waiter.status !== 'offered' || !waiter.offer) throw new IllegalStateError(MESSAGES.offerNotOpen);
  if (Date.parse(waiter.offer.expiresAt) <= Date.parse(now))
    throw new IllegalStateError(MESSAGES.offerExpired);
  const claimed: WaitlistEvent = {
    type: 'OfferClaimed',
    data: withFields(refOf(slot, waiter, now), { offerId, appointmentId }),
  };
  return {
    index: waiter.offer.index,
    serviceName: waiter.serviceName,
    claimed,
    waitlist: evolveWaitlist(slot.waitlist, claimed),
  };
};
