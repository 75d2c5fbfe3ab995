import { z } from 'zod';
import { BookingResponse } from './appointments';
import { MESSAGES } from './messages';
import { isDayKey } from './schedule';

/**
 * The waitlist (issue 31): a person joins a full place and is offered it, exclusively for the
 * provider's offer window, when it frees; they claim it (a booking) or decline it (it passes on).
 */

export const WAITLIST_PATHS = {
  /** POST joins; GET lists the caller's entries (an admin's: a time slot's, with ?timeslotId=). */
  waitlist: '/api/waitlist',
  entry: '/api/waitlist/:id',
  claim: '/api/waitlist/offers/:id/claim',
  decline: '/api/waitlist/offers/:id/decline',
} as const;

export const JoinWaitlistRequest = z.object({
  timeslotId: z.string().trim().min(1, { message: MESSAGES.slotNotFound }).max(100),
  /** The interval number in a split time slot; none for a block. */
  index: z.number().int().min(1).max(10_000).optional(),
  /** "Any place of this service on that day" (the day of the time slot named, or this one). */
  day: z.string().refine(isDayKey, { message: MESSAGES.dateRequired }).optional(),
  /** The service waited for; the time slot's only one when absent. */
  serviceName: z.string().trim().min(1).max(100).optional(),
});
export type JoinWaitlistRequest = z.infer<typeof JoinWaitlistRequest>;

export const WAITLIST_STATUSES = [
  'waiting',
  'offered',
  'claimed',
  'declined',
  'expired',
  'left',
  'withdrawn',
] as const;
export const WaitlistStatus = z.enum(WAITLIST_STATUSES);
export type WaitlistStatus = z.infer<typeof WaitlistStatus>;

/** One entry of the waitlist, as its waiter (or the provider's staff) sees it. */
export const WaitlistEntry = z.object({
  _id: z.string(),
  timeslotId: z.string(),
  providerId: z.string(),
  providerName: z.string(),
  serviceName: z.string(),
  /** The interval waited for (null: any place of a block, or of the day). */
  index: z.number().nullable(),
  /** A day entry: the day it waits for any place of the service on. */
  day: z.string().nullable().optional(),
  date: z.string(),
  startDateTime: z.string(),
  endDateTime: z.string(),
  timezone: z.string(),
  status: WaitlistStatus,
  /** The waiter's place in the line among those still waiting (1: next); null once not waiting. */
  position: z.number().nullable(),
  joinedAt: z.string(),
  /** The open offer, while offered; the booking once claimed. */
  offer: z.object({ id: z.string(), expiresAt: z.string() }).nullable(),
  appointmentId: z.string().nullable(),
  /** Shown to the provider's staff only. */
  username: z.string().optional(),
});
export type WaitlistEntry = z.infer<typeof WaitlistEntry>;

export const WaitlistQuery = z.object({ timeslotId: z.string().trim().min(1).max(100).optional() });
export const WaitlistAnswer = z.object({ entries: z.array(WaitlistEntry) });
export type WaitlistAnswer = z.infer<typeof WaitlistAnswer>;
export const WaitlistJoined = z.object({ message: z.string(), entry: WaitlistEntry });
export const WaitlistIdParams = z.object({ id: z.string().min(1).max(100) });
/** A claim books the place: the booking's answer (paid services with their checkout). */
export const OfferClaimedAnswer = BookingResponse;
