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
import {
  AtomicAppendUnsupportedError,
  WrongExpectedRevisionError,
  type StreamAppend,
} from '@appointment/contracts/event-store';
import type { TimeSlotEvent } from '@appointment/contracts/events/time-slot';
import {
  ConflictError,
  IllegalStateError,
  NotFoundError,
  ServiceUnavailableError,
  ValidationError,
} from '../../domain/errors';
import type { Logger } from '../../logger';
import { onTimeSlot, type AppointmentsContext } from '../appointments-context';
import { book } from '../book/book';
import { commandMetadata, eventsBeyond, loadState } from '../../domain/command-handler';
import {
  decide,
  evolve,
  timeSlotDecider,
  timeSlotStream,
  type TimeSlotCommand,
} from '../book/time-slot.decider';
import type { JoinAsk } from './waitlist.decider';
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
  const offerMinutes = waitlistOfferMinutesOf(provider.policy);
  if (request.day !== undefined)
    await joinForTheDay(context, actor, {
      providerId: slot.providerId,
      date: request.day,
      ask: { entryId, userId: actor.userId, serviceName, index: null, offerMinutes },
    });
  else
    await onTimeSlot(context, actor, request.timeslotId, {
      type: 'JoinWaitlist',
      data: {
        entryId,
        userId: actor.userId,
        serviceName,
        index: request.index ?? null,
        offerMinutes,
      },
    });
  const joined = await waitlistEntryNamed(context.deps.pool, { entryId });
  if (!joined) throw new NotFoundError(MESSAGES.waitlistEntryNotFound);
  return joined.entry;
};

/**
 * Joins for any place of the service on a day (issue 31, docs/architecture.md §5 "A day entry"):
 * a copy of the entry in every full time slot of the provider offering it that day, all recorded
 * in one atomic append with each time slot's revision; a lost race decides them all again. A free
 * place that day is to be booked instead.
 */
const joinForTheDay = async (
  context: AppointmentsContext,
  actor: Actor,
  { providerId, date, ask }: { providerId: string; date: string; ask: JoinAsk },
): Promise<void> => {
  const { rows } = await context.deps.pool.query<{ id: string }>(
    `SELECT id FROM rm_schedule.time_slots
      WHERE provider_id = $1 AND date = $2 AND $3 = ANY(service_names) ORDER BY starts_at, id`,
    [providerId, date, ask.serviceName],
  );
  for (let attempt = 0; ; attempt++) {
    const metadata = commandMetadata(context.now(), actor);
    const slots = await Promise.all(
      rows.map(async ({ id }) => {
        const history = await context.deps.store.readStream(timeSlotStream(id));
        return {
          id,
          revision: history.at(-1)?.streamRevision ?? -1,
          state: (history as unknown as TimeSlotEvent[]).reduce(evolve, timeSlotDecider.initialState()),
        };
      }),
    );
    /** Each time slot's copy naming `timeSlotIds`, or its refusal. */
    const join = (timeSlotIds: string[]) =>
      slots.map(
        ({
          id,
          revision,
          state,
        }): { id: string; revision: number; events: TimeSlotEvent[]; error?: unknown } => {
          const command: TimeSlotCommand = {
            type: 'JoinWaitlist',
            data: { ...ask, day: { date, timeSlotIds } },
            metadata,
          };
          try {
            return { id, revision, events: decide(command, state) };
          } catch (error) {
            return { id, revision, events: [], error };
          }
        },
      );
    // Those that take a copy, then the copies naming each other.
    const decided = join(join(slots.map((s) => s.id)).flatMap((d) => (d.error ? [] : [d.id])));
    // A free place that day is booked, not waited for.
    const free = decided.find(
      (d) => d.error instanceof IllegalStateError && d.error.message === MESSAGES.waitlistPlaceFree,
    );
    if (free) throw free.error;
    const copies = decided.filter((d) => d.events.length > 0);
    if (copies.length === 0)
      throw decided.find((d) => d.error)?.error ?? new NotFoundError(MESSAGES.slotNotFound);
    const appends: StreamAppend[] = copies.map((d) => ({
      streamName: timeSlotStream(d.id),
      expectedRevision: d.revision === -1 ? 'no_stream' : d.revision,
      events: eventsBeyond(metadata, d.events),
    }));
    try {
      const results = await context.deps.store.appendToStreams(appends);
      const last = results
        .map((result) => result.position)
        .reduce((a, b) => (BigInt(a.globalPosition) >= BigInt(b.globalPosition) ? a : b));
      await context.reads.settled(last);
      return;
    } catch (error) {
      if (error instanceof AtomicAppendUnsupportedError)
        throw new ServiceUnavailableError(MESSAGES.waitlistDayNotSupported);
      if (!(error instanceof WrongExpectedRevisionError) || attempt >= 5)
        throw error instanceof WrongExpectedRevisionError
          ? new ConflictError(MESSAGES.slotJustBooked)
          : error;
    }
  }
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

/**
 * Leaves the waitlist: the caller's own entry only; a day entry from every time slot it waits in,
 * one after the other (each leave is recorded once, so leaving again finishes one cut short).
 */
export const leaveWaitlist = async (context: AppointmentsContext, actor: Actor, entryId: string) => {
  await context.reads.caughtUp(actor.userId);
  const found = await waitlistEntryNamed(context.deps.pool, { entryId });
  if (!found || found.userId !== actor.userId) throw new NotFoundError(MESSAGES.waitlistEntryNotFound);
  const slot = await loadState(context.deps.store, timeSlotStream(found.timeSlotId), timeSlotDecider);
  const day =
    slot.status === 'open' ? slot.waitlist?.waiters.find((w) => w.entryId === entryId)?.day : undefined;
  for (const timeSlotId of day ? day.timeSlotIds : [found.timeSlotId])
    await onTimeSlot(context, actor, timeSlotId, {
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
