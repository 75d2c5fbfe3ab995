import type {
  Appointment,
  AppointmentRescheduledAnswer,
  RescheduleRequest,
} from '@appointment/contracts/appointments';
import type { Place } from '@appointment/contracts/events/time-slot';
import { MESSAGES } from '@appointment/contracts/messages';
import type { Actor } from '../../accounts/accounts-context';
import { currentState } from '../../domain/command-handler';
import { ConflictError, IllegalStateError, NotFoundError } from '../../domain/errors';
import { movesUnderWaySince, type MoveUnderWay } from '@appointment/projections/appointments.queries';
import type { Logger } from '../../logger';
import { appointmentNamed, onTimeSlot, type AppointmentsContext } from '../appointments-context';
import { placeRulesOf } from '../book/place-rules';
import {
  movingOf,
  placeOf,
  timeSlotDecider,
  timeSlotStream,
  type PlaceRules,
  type RescheduleAsk,
  type ServiceDuration,
  type TimeSlotState,
} from '../book/time-slot.decider';
import { withFields } from '@appointment/contracts/objects';

/**
 * Rescheduling (issue 29): the booking moves to another interval or place of its provider and
 * service, with its payment, its policy and its count of moves. Within one time slot it is one
 * append. Between two it is the two-stream pattern of docs/architecture.md §5:
 *
 * 1. `RescheduleRequested` on the old time slot: the booking keeps its place, locked against every
 *    other change (a cancellation, a status change, a payment waits), so what moves is what is.
 * 2. `AppointmentMovedIn` on the new time slot, as a booking is taken (expected revision: no place
 *    held twice). Lost to a racer: `RescheduleAbandoned` on the old one, and 409; the old place kept.
 * 3. `AppointmentMovedOut` on the old time slot: its place is freed, once.
 *
 * At no moment does the person hold neither place, and once it answers never both. A process that
 * dies between the steps leaves the move to the sweep (`settleStrandedMoves`, every few seconds):
 * moved in → completed, not moved in → abandoned. Should the job abandon a move whose step 2 then
 * still succeeds, step 3 is refused and the new place is given back (`MoveInUndone`).
 */

/** A move between time slots still under way this long after it started is settled by the sweep. */
export const SETTLE_MOVE_AFTER_MS = 15_000;

export const holding = (state: TimeSlotState, appointmentId: string) =>
  state.status === 'open'
    ? state.appointments.find(
        (a) => a.appointmentId === appointmentId && a.movedOut === undefined && a.status !== 'cancelled',
      )
    : undefined;

/** Where the booking now is in a time slot it moved into, and where it came from, by that time slot's state. */
const placeIn = (state: TimeSlotState, appointmentId: string) => {
  const here = holding(state, appointmentId);
  return state.status === 'open' && here
    ? { reschedules: here.reschedules, place: placeOf(state, here), from: here.from }
    : undefined;
};

/** A time slot's state as its stream tells it now (through the time slots' cache: only what is new is read). */
const readState = (context: AppointmentsContext, timeSlotId: string) =>
  currentState(context.deps.store, timeSlotStream(timeSlotId), timeSlotDecider, context.onTimeSlot.cache!);

/** Step 3, or the compensation when step 3 is refused (the move was abandoned meanwhile). */
const completeOrUndo = async (
  context: AppointmentsContext,
  actor: Actor | undefined,
  move: MoveUnderWay & { from: Place; to: Place },
) => {
  try {
    await onTimeSlot(context, actor, move.fromTimeSlotId, {
      type: 'CompleteMove',
      data: { appointmentId: move.appointmentId, reschedules: move.reschedules, to: move.to },
    });
  } catch (error) {
    if (!(error instanceof IllegalStateError)) throw error;
    await onTimeSlot(context, actor, move.toTimeSlotId, {
      type: 'UndoMoveIn',
      data: { appointmentId: move.appointmentId, reschedules: move.reschedules, from: move.from },
    });
    throw new ConflictError(MESSAGES.slotJustBooked);
  }
};

/** What a new place must obey: the provider's time off, and as long as the service now is (issue 30). */
export const moveRulesOf = async (
  context: AppointmentsContext,
  appointment: Pick<Appointment, 'providerId' | 'serviceName'>,
): Promise<PlaceRules & ServiceDuration> => {
  const [provider, placeRules] = await Promise.all([
    context.providers.of(appointment.providerId),
    placeRulesOf(context, appointment.providerId),
  ]);
  const service =
    provider.status === 'none'
      ? undefined
      : provider.services.find((s) => s.name === appointment.serviceName);
  return withFields(placeRules, service ? { serviceDuration: service.duration } : {});
};

export const rescheduleAppointment = async (
  context: AppointmentsContext,
  actor: Actor,
  id: string,
  request: RescheduleRequest,
  /** The moves it must have had so far (an e-mail's link: one move per link). */
  expectedReschedules?: number,
): Promise<Omit<AppointmentRescheduledAnswer, 'message'>> => {
  await context.reads.caughtUp(actor.userId);
  const current = await appointmentNamed(context, id);
  // The booker moves their own booking, an admin any of their provider's; others know of none.
  if (actor.role === 'user' ? current.userId !== actor.userId : current.providerId !== actor.providerId)
    throw new NotFoundError(MESSAGES.appointmentNotFound);
  const by: RescheduleAsk['by'] =
    actor.role === 'user' ? { role: 'user', userId: actor.userId } : { role: 'provider' };
  const to = { timeSlotId: request.timeslotId, index: request.index ?? null };
  const expected = expectedReschedules === undefined ? {} : { expectedReschedules };
  const fromTimeSlotId = current.timeslotId;
  const rules = await moveRulesOf(context, current);
  const answer = async (from: Place) => ({
    appointment: await appointmentNamed(context, id),
    from: {
      timeslotId: from.timeSlotId,
      index: from.index,
      startDateTime: from.startDateTime,
      endDateTime: from.endDateTime,
    },
  });

  if (to.timeSlotId === fromTimeSlotId) {
    const moved = placeIn(
      await onTimeSlot(context, actor, fromTimeSlotId, {
        type: 'MoveWithin',
        data: { appointmentId: id, by, to, ...expected, ...rules },
      }),
      id,
    );
    if (!moved?.from) throw new ConflictError(MESSAGES.rescheduleInProgress);
    return answer(moved.from);
  }

  // 1: the old place held and locked for the move. What it carries (its booking, status and
  // payment) is read from the locked state: nothing changes it from here on. Nobody reads what
  // steps 1 and 2 left until the move answers: only step 3's answer waits for the read models.
  const lockedIn = await onTimeSlot(
    context,
    actor,
    fromTimeSlotId,
    { type: 'RequestReschedule', data: { appointmentId: id, by, to, ...expected } },
    { settle: false },
  );
  const locked = holding(lockedIn, id);
  if (lockedIn.status !== 'open' || !locked?.moving) throw new ConflictError(MESSAGES.rescheduleInProgress);
  const { reschedules } = locked.moving;
  const from = placeOf(lockedIn, locked);
  const move: MoveUnderWay = { appointmentId: id, fromTimeSlotId, toTimeSlotId: to.timeSlotId, reschedules };
  // 2: the new place, or the old one kept.
  let arrivedIn: TimeSlotState;
  try {
    arrivedIn = await onTimeSlot(
      context,
      actor,
      to.timeSlotId,
      {
        type: 'MoveIn',
        data: withFields(movingOf(locked, by.role), {
          from,
          reschedules,
          intervalNumber: to.index,
          ...rules,
        }),
      },
      { settle: false },
    );
  } catch (error) {
    await onTimeSlot(context, actor, fromTimeSlotId, {
      type: 'AbandonMove',
      data: { appointmentId: id, reschedules },
    });
    throw error;
  }
  // 3: the old place freed.
  const arrived = placeIn(arrivedIn, id);
  if (arrived?.reschedules !== reschedules) throw new ConflictError(MESSAGES.slotJustBooked);
  await completeOrUndo(context, actor, withFields(move, { from, to: arrived.place }));
  return answer(from);
};

/**
 * Settles one move between time slots (the process manager's timeout): a move still
 * under way is completed when the booking holds its new place, and abandoned when it does not.
 */
export const settleMove = async (context: AppointmentsContext, job: MoveUnderWay): Promise<void> => {
  const fromState = await readState(context, job.fromTimeSlotId);
  const there = holding(fromState, job.appointmentId);
  if (fromState.status !== 'open' || there?.moving?.reschedules !== job.reschedules) return;
  const arrived = placeIn(await readState(context, job.toTimeSlotId), job.appointmentId);
  if (arrived?.reschedules === job.reschedules) {
    await completeOrUndo(
      context,
      undefined,
      withFields(job, { from: placeOf(fromState, there), to: arrived.place }),
    );
    return;
  }
  await onTimeSlot(context, undefined, job.fromTimeSlotId, {
    type: 'AbandonMove',
    data: { appointmentId: job.appointmentId, reschedules: job.reschedules },
  });
};

/**
 * Settles every move under way for longer than SETTLE_MOVE_AFTER_MS (rm_appointments.moves): the
 * process manager's timeout, swept rather than set per move, so a move costs no job. Its request
 * settles a move within milliseconds; only one whose process stopped between the steps is left
 * here. Each is settled by `settleMove`, which decides on the streams themselves: two sweepers
 * settling one move (two worker processes) record its outcome once. Answers how many it found.
 */
export const settleStrandedMoves = async (
  context: AppointmentsContext,
  logger: Pick<Logger, 'warn'>,
  limit = 100,
): Promise<number> => {
  const before = new Date(context.now().getTime() - SETTLE_MOVE_AFTER_MS);
  const moves = await movesUnderWaySince(context.deps.pool, before, limit);
  for (const move of moves) {
    try {
      await settleMove(context, move);
    } catch (error) {
      // Given back after it arrived (a 409 for the request that started it): settled all the same.
      if (error instanceof ConflictError) continue;
      logger.warn({ err: error, move }, 'a move could not be settled; the next sweep tries again');
    }
  }
  return moves.length;
};
