import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@appointment/contracts/messages';
import { waitlistOfferMinutesOf } from '@appointment/contracts/policy';
import type { JoinWaitlistRequest, WaitlistEntry } from '@appointment/contracts/waitlist';
import {
  timeSlotsWithExpiredOffers,
  timeSlotWaitlist,
  waitlistEntryNamed,
  waitlistOf,
} from '@appointment/projections/waitlist.queries';
import type { Actor } from '../../accounts/accounts-context';
import { IllegalStateError, NotFoundError, ValidationError } from '../../domain/errors';
import type { Logger } from '../../logger';
import { onTimeSlot, type AppointmentsContext } from '../appointments-context';
import { book } from '../book/book';
import { loadState } from '../../domain/command-handler';
import { timeSlotDecider, timeSlotStream } from '../book/time-slot.decider';
import type { Booked } from '../payment/order';

/**
 * The waitlist's use cases (issue 31, docs/architecture.md §5 "The waitlist"): each is one command
 * on the time slot's stream, where the waiters, their order and the offered places are decided.
 */

/** Joins the waitlist of a full place of a time slot (its only service, unless one is named). */
export const joinWaitlist = async (
  context: AppointmentsContext,
  actor: Actor,
  request: JoinWaitlistRequest,
): Promise<WaitlistEntry> => {
  if (request.day !== undefined) throw new IllegalStateError(MESSAGES.waitlistDayNotSupported);
  const slot = await loadState(context.deps.store, timeSlotStream(request.timeslotId), timeSlotDecider);
  if (slot.status === 'none' || slot.deleted) throw new NotFoundError(MESSAGES.slotNotFound);
  const provider = await context.providers.of(slot.providerId);
  if (provider.status !== 'active') throw new NotFoundError(MESSAGES.providerNotFound);
  const serviceName =
    request.serviceName ?? (slot.serviceNames.length === 1 ? slot.serviceNames[0] : undefined);
  if (serviceName === undefined)
    throw new ValidationError(MESSAGES.waitlistServiceRequired, [
      { field: 'serviceName', message: MESSAGES.waitlistServiceRequired },
    ]);
  const entryId = randomUUID();
  await onTimeSlot(context, actor, request.timeslotId, {
    type: 'JoinWaitlist',
    data: {
      entryId,
      userId: actor.userId,
      serviceName,
      index: request.index ?? null,
      offerMinutes: waitlistOfferMinutesOf(provider.policy),
    },
  });
  const joined = await waitlistEntryNamed(context.deps.pool, { entryId });
  if (!joined) throw new NotFoundError(MESSAGES.waitlistEntryNotFound);
  return joined.entry;
};

/** The caller's entries; the provider's staff: a time slot's waitlist, in order of joining. */
export const listWaitlist = async (
  context: AppointmentsContext,
  actor: Actor,
  timeSlotId: string | undefined,
): Promise<WaitlistEntry[]> => {
  await context.reads.caughtUp(actor.userId);
  if (actor.role === 'user') return waitlistOf(context.deps.pool, actor.userId);
  if (!timeSlotId) return [];
  const entries = await timeSlotWaitlist(context.deps.pool, timeSlotId);
  const ownProvider = actor.role === 'admin' || actor.role === 'incharge';
  return ownProvider ? entries.filter((e) => e.providerId === actor.providerId) : entries;
};

/** Leaves the waitlist: the caller's own entry only. */
export const leaveWaitlist = async (context: AppointmentsContext, actor: Actor, entryId: string) => {
  await context.reads.caughtUp(actor.userId);
  const found = await waitlistEntryNamed(context.deps.pool, { entryId });
  if (!found || found.userId !== actor.userId) throw new NotFoundError(MESSAGES.waitlistEntryNotFound);
  await onTimeSlot(context, actor, found.timeSlotId, {
    type: 'LeaveWaitlist',
    data: { entryId, userId: actor.userId },
  });
};

/** The offer named, the caller's own. */
const offerNamed = async (context: AppointmentsContext, actor: Actor, offerId: string) => {
  await context.reads.caughtUp(actor.userId);
  const found = await waitlistEntryNamed(context.deps.pool, { offerId });
  if (!found || found.userId !== actor.userId) throw new NotFoundError(MESSAGES.offerNotFound);
  return found;
};

/** Claims an offer: the booking of its place, by the booking path, once for the offer. */
export const claimOffer = async (
  context: AppointmentsContext,
  actor: Actor,
  offerId: string,
): Promise<Booked> => {
  const { timeSlotId, providerId, entry } = await offerNamed(context, actor, offerId);
  return book(context, actor, {
    providerId,
    serviceName: entry.serviceName,
    timeSlotId,
    date: entry.date,
    ...(entry.index === null ? {} : { intervalNumber: entry.index }),
    offerId,
  });
};

/** Declines an offer: its place passes on. */
export const declineOffer = async (context: AppointmentsContext, actor: Actor, offerId: string) => {
  const { timeSlotId } = await offerNamed(context, actor, offerId);
  await onTimeSlot(context, actor, timeSlotId, {
    type: 'DeclineOffer',
    data: { offerId, userId: actor.userId },
  });
};

/**
 * The sweep of offers whose window ended: each time slot holding one expires them, which passes
 * each place to its next waiter. Run again and again, it expires each once (the decider records
 * nothing for an offer already expired).
 */
export const expireOffers = async (
  context: AppointmentsContext,
  logger: Pick<Logger, 'error'>,
): Promise<void> => {
  for (const timeSlotId of await timeSlotsWithExpiredOffers(context.deps.pool, context.now())) {
    await onTimeSlot(
      context,
      undefined,
      timeSlotId,
      { type: 'ExpireOffers', data: {} },
      { settle: false },
    ).catch((error: unknown) => logger.error({ err: error, timeSlotId }, 'expiring waitlist offers failed'));
  }
};
