import type { AppointmentRescheduledAnswer, RescheduleRequest } from '@appointment/contracts/appointments';
import type { RecordedEvent } from '@appointment/contracts/events';
import type { Place } from '@appointment/contracts/events/time-slot';
import { MESSAGES } from '@appointment/contracts/messages';
import { readEvent } from '@appointment/projections/parse-event';
import type { Actor } from '../../accounts/accounts-context';
import { ConflictError, IllegalStateError, NotFoundError } from '../../domain/errors';
import { QUEUE_NAMES } from '../../jobs/job-queues';
import { appointmentNamed, onTimeSlot, type AppointmentsContext } from '../appointments-context';
import {
  timeSlotDecider,
  timeSlotStream,
  carriedBy,
  type MovingBooking,
  type RescheduleAsk,
  type TimeSlotState,
} from '../book/time-slot.decider';

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
 * dies between the steps leaves the move to its settling job (`settleMove`, due a little later):
 * moved in → completed, not moved in → abandoned. Should the job abandon a move whose step 2 then
 * still succeeds, step 3 is refused and the new place is given back (`MoveInUndone`).
 */

/** The settling job, due this long after a move between time slots starts. */
export const SETTLE_MOVE_AFTER_MS = 15_000;

export interface SettleMoveJob {
  appointmentId: string;
  fromTimeSlotId: string;
  toTimeSlotId: string;
  reschedules: number;
}

const stateOf = (events: RecordedEvent[]): TimeSlotState =>
  events.reduce(
    (state, event) => timeSlotDecider.evolve(state, event as never),
    timeSlotDecider.initialState(),
  );

const holding = (state: TimeSlotState, appointmentId: string) =>
  state.status === 'open'
    ? state.appointments.find(
        (a) => a.appointmentId === appointmentId && a.movedOut === undefined && a.status !== 'cancelled',
      )
    : undefined;

/** The booking as its time slot's stream records it now: everything a move carries along. */
const movingBookingOf = (
  events: RecordedEvent[],
  appointmentId: string,
  by: RescheduleAsk['by'],
): { moving: Omit<MovingBooking, 'from' | 'reschedules'>; from: Place } => {
  const state = stateOf(events);
  const appointment = holding(state, appointmentId);
  if (state.status !== 'open' || !appointment) throw new NotFoundError(MESSAGES.appointmentNotFound);
  let booked: MovingBooking | undefined;
  for (const event of events) {
    const data =
      readEvent('IntervalBooked', event, 'reschedule') ??
      readEvent('AppointmentMovedIn', event, 'reschedule');
    if (data?.appointmentId === appointmentId) booked = data as unknown as MovingBooking;
  }
  if (!booked) throw new NotFoundError(MESSAGES.appointmentNotFound);
  const { appointmentId: id, providerId, userId, email, username, providerName, serviceName } = booked;
  const { paymentNeeded, automaticBooking, amount, currency, note, imageUrl, policy } = booked;
  return {
    from: {
      timeSlotId: state.timeSlotId,
      index: appointment.intervalNumber,
      startDateTime: appointment.startDateTime,
      endDateTime: appointment.endDateTime,
    },
    moving: {
      appointmentId: id,
      providerId,
      userId,
      email,
      username,
      providerName,
      serviceName,
      paymentNeeded,
      automaticBooking,
      amount,
      ...(currency === undefined ? {} : { currency }),
      ...(note === undefined ? {} : { note }),
      ...(imageUrl === undefined ? {} : { imageUrl }),
      ...(policy === undefined ? {} : { policy }),
      by: by.role,
      ...carriedBy(appointment),
    },
  };
};

/** Where the booking now is in a time slot it moved into, by that time slot's state. */
const placeIn = (state: TimeSlotState, appointmentId: string) => {
  const here = holding(state, appointmentId);
  return state.status === 'open' && here
    ? {
        reschedules: here.reschedules,
        place: {
          timeSlotId: state.timeSlotId,
          index: here.intervalNumber,
          startDateTime: here.startDateTime,
          endDateTime: here.endDateTime,
        },
      }
    : undefined;
};

/** A time slot's state as its stream tells it now. */
const readState = async (context: AppointmentsContext, timeSlotId: string) =>
  stateOf(await context.deps.store.readStream(timeSlotStream(timeSlotId)));

/** Step 3, or the compensation when step 3 is refused (the move was abandoned meanwhile). */
const completeOrUndo = async (
  context: AppointmentsContext,
  actor: Actor | undefined,
  move: SettleMoveJob & { from: Place; to: Place },
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

export const rescheduleAppointment = async (
  context: AppointmentsContext,
  actor: Actor,
  id: string,
  request: RescheduleRequest,
  /** The moves it must have had so far (an e-mail's link: one move per link). */
  expectedReschedules?: number,
): Promise<Omit<AppointmentRescheduledAnswer, 'message'>> => {
  const { deps } = context;
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
  const { moving, from } = movingBookingOf(
    await deps.store.readStream(timeSlotStream(fromTimeSlotId)),
    id,
    by,
  );
  const answer = async () => ({
    appointment: await appointmentNamed(context, id),
    from: {
      timeslotId: from.timeSlotId,
      index: from.index,
      startDateTime: from.startDateTime,
      endDateTime: from.endDateTime,
    },
  });

  if (to.timeSlotId === fromTimeSlotId) {
    await onTimeSlot(context, actor, fromTimeSlotId, {
      type: 'MoveWithin',
      data: { appointmentId: id, by, to, ...expected, moving: { ...moving, from, reschedules: 0 } },
    });
    return answer();
  }

  // 1: the old place held and locked for the move. What it carries (its status, its payment) is
  // read from the locked state: nothing changes it from here on.
  const locked = holding(
    await onTimeSlot(context, actor, fromTimeSlotId, {
      type: 'RequestReschedule',
      data: { appointmentId: id, by, to, ...expected },
    }),
    id,
  );
  if (!locked?.moving) throw new ConflictError(MESSAGES.rescheduleInProgress);
  const { reschedules } = locked.moving;
  const move: SettleMoveJob = { appointmentId: id, fromTimeSlotId, toTimeSlotId: to.timeSlotId, reschedules };
  await deps.jobs?.enqueue(QUEUE_NAMES.reschedules, 'settle-move', move, {
    jobId: `move-${id}-${reschedules}`,
    delayMs: SETTLE_MOVE_AFTER_MS,
    attempts: 5,
    backoffMs: 1000,
  });
  // 2: the new place, or the old one kept.
  let arrivedIn: TimeSlotState;
  try {
    arrivedIn = await onTimeSlot(context, actor, to.timeSlotId, {
      type: 'MoveIn',
      data: { ...moving, ...carriedBy(locked), from, reschedules, intervalNumber: to.index },
    });
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
  await completeOrUndo(context, actor, { ...move, from, to: arrived.place });
  return answer();
};

/**
 * The settling job of a move between time slots (the process manager's timeout): a move still
 * under way is completed when the booking holds its new place, and abandoned when it does not.
 */
export const settleMove = async (context: AppointmentsContext, job: SettleMoveJob): Promise<void> => {
  const there = holding(await readState(context, job.fromTimeSlotId), job.appointmentId);
  if (there?.moving?.reschedules !== job.reschedules) return;
  const arrived = placeIn(await readState(context, job.toTimeSlotId), job.appointmentId);
  if (arrived?.reschedules === job.reschedules) {
    const from = {
      timeSlotId: job.fromTimeSlotId,
      index: there.intervalNumber,
      startDateTime: there.startDateTime,
      endDateTime: there.endDateTime,
    };
    await completeOrUndo(context, undefined, { ...job, from, to: arrived.place });
    return;
  }
  await onTimeSlot(context, undefined, job.fromTimeSlotId, {
    type: 'AbandonMove',
    data: { appointmentId: job.appointmentId, reschedules: job.reschedules },
  });
};
