import { z } from 'zod';

/**
 * The waitlist of a time slot (issue 31), recorded in the time slot's own stream: the boundary that
 * keeps a place from being held twice also keeps the waiters' order and the place offered to one
 * of them, so an offered place is never booked by anyone else and a freed place is offered in the
 * same append that frees it.
 */

/** Which waiter of which time slot an event is about, and when. */
const WaiterRef = z.object({
  timeSlotId: z.string(),
  providerId: z.string(),
  entryId: z.string(),
  userId: z.string(),
  at: z.string(),
});

/**
 * A person joins the waitlist of a full place: an interval of a split time slot (`index`), or any
 * place of a block (null). Entries are in order of joining (their order in the stream).
 * `offerMinutes` is the offer window of the provider's policy when they joined.
 */
export const WaiterJoined = WaiterRef.extend({
  serviceName: z.string(),
  index: z.number().nullable(),
  offerMinutes: z.number(),
  /**
   * A day entry ("any place of this service on that day"): one copy, with the same entry id, in
   * each time slot named (recorded in one atomic append); `index` is null, any place.
   */
  day: z.object({ date: z.string(), timeSlotIds: z.array(z.string()) }).optional(),
});

/**
 * The waiter left the list (an offer they held is passed on in the same append). `servedElsewhere`:
 * a day entry's copy closed because another time slot offered the entry a place.
 */
export const WaiterLeft = WaiterRef.extend({ reason: z.enum(['servedElsewhere']).optional() });

/**
 * The place is held for the waiter until `expiresAt`: nobody else may book it meanwhile. Recorded
 * with the event that freed it (or passed it on), never twice for one entry.
 */
export const PlaceOffered = WaiterRef.extend({
  offerId: z.string(),
  serviceName: z.string(),
  index: z.number().nullable(),
  startDateTime: z.string(),
  endDateTime: z.string(),
  /** The time slot's zone, its instants are written in. */
  timezone: z.string(),
  expiresAt: z.string(),
});

/** The waiter claimed the offer: the booking (`appointmentId`) follows in the same append. */
export const OfferClaimed = WaiterRef.extend({ offerId: z.string(), appointmentId: z.string() });
/** The waiter declined the offer: the place passes to the next waiter, or is bookable again. */
export const OfferDeclined = WaiterRef.extend({ offerId: z.string() });
/** The offer window ended unclaimed: the place passes on as for a decline. */
export const OfferExpired = WaiterRef.extend({ offerId: z.string() });
/**
 * The provider changed or deleted the time slot so that the offered place is no longer there: the
 * offer is withdrawn (the admin chose to drop it, as a booking is cancelled) and the entry ends; the
 * waiter is told and may join again. An entry is offered at most once (its offer id derives from
 * it), so it is not put back in line.
 */
export const OfferWithdrawn = WaiterRef.extend({
  offerId: z.string(),
  serviceName: z.string(),
  startDateTime: z.string(),
  timezone: z.string(),
});

export const WAITLIST_EVENTS = {
  WaiterJoined,
  WaiterLeft,
  PlaceOffered,
  OfferClaimed,
  OfferDeclined,
  OfferExpired,
  OfferWithdrawn,
} as const;

export type WaiterJoinedData = z.infer<typeof WaiterJoined>;
export type PlaceOfferedData = z.infer<typeof PlaceOffered>;
