import type { Appointment, RescheduleRequest } from '@appointment/contracts/appointments';
import { MESSAGES } from '@appointment/contracts/messages';
import { dayKeyIn, timeOfDayIn } from '@appointment/contracts/schedule';
import type { Actor } from '../../accounts/accounts-context';
import { commandMetadata, type Command } from '../../domain/command-handler';
import {
  ConflictError,
  DomainError,
  IllegalStateError,
  NotFoundError,
  ValidationError,
} from '../../domain/errors';
import { appointmentNamed, type AppointmentsContext } from '../appointments-context';
import { timeSlotFor } from '../book/time-slot-for';
import { movingOf, placeOf, type PlaceRules, type ServiceDuration } from '../book/time-slot.decider';
import { holding, moveRulesOf } from '../reschedule/reschedule';
import { placeAt, placeStart, SlotsInTurn, type Folded } from './series.decider';
import { followingOf } from './following';
import { appendAtOnce, lastOf, slotsNow } from './slots-at-once';

/** A lost race of the whole move is decided again (all streams read anew) this many times. */
const MOVE_RETRIES = 20;

/** An occurrence's move: where it is, and the place the same shift takes it to (none that day). */
export interface Move {
  appointment: Appointment;
  /** Its new day and time of day, on its time slot's clock. */
  date: string;
  time: string;
  to?: { timeSlotId: string; index: number | null };
}

/** An instant as its wall clock in `zone` reads, as milliseconds (so a shift keeps the time of day). */
const wallClock = (instant: string, zone: string) => {
  const at = new Date(instant);
  return Date.parse(`${dayKeyIn(at, zone)}T${timeOfDayIn(at, zone)}:00Z`);
};

/**
 * The refusal of the whole, naming every occurrence that cannot move and why ("occurrence 4",
 * "2026-12-24 → 2026-12-31: This slot was just booked"): 409 when each was taken or has no place
 * then, else as the first other refusal (a policy's 422).
 */
const refusal = (refused: { move: Move; error: DomainError }[]): DomainError => {
  const details = refused.map(({ move, error }) => ({
    field: `occurrence ${move.appointment.series?.occurrence ?? ''}`.trim(),
    message: `${move.appointment.date} → ${move.date}: ${error.message}`,
  }));
  const other = refused.find(({ error }) => !(error instanceof ConflictError))?.error;
  if (!other) return new ConflictError(MESSAGES.seriesNotMovable, details);
  if (other instanceof ValidationError) return new ValidationError(MESSAGES.seriesNotMovable, details);
  return new IllegalStateError(MESSAGES.seriesNotMovable, details);
};

/**
 * Every move decided by the time slot decider as `rescheduleAppointment`'s steps are, each on the
 * state the moves before it left: within a time slot `MoveWithin`; between two `RequestReschedule`
 * on the old one, `MoveIn` on the new one and `CompleteMove` on the old one. All of it is then ONE
 * atomic append: no move is ever half made, none left locked for the sweep. Moved later, the last
 * occurrence moves first (so each may take the place the one after it leaves); moved earlier, the
 * first one does.
 */
export const decideMoves = (
  slots: ReadonlyMap<string, Folded>,
  moves: Move[],
  by: { role: 'user'; userId: string },
  rules: PlaceRules & ServiceDuration,
  metadata: Command['metadata'],
) => {
  const turn = new SlotsInTurn(slots);
  const refused: { move: Move; error: DomainError }[] = [];
  for (const move of moves) {
    const { _id: appointmentId, timeslotId: from } = move.appointment;
    try {
      if (!move.to) throw new ConflictError(MESSAGES.seriesNoPlace);
      const to = move.to;
      if (to.timeSlotId === from) {
        turn.decide(from, { type: 'MoveWithin', data: { appointmentId, by, to, ...rules }, metadata });
        continue;
      }
      turn.decide(from, { type: 'RequestReschedule', data: { appointmentId, by, to }, metadata });
      const lockedIn = turn.state(from)!;
      const locked = holding(lockedIn, appointmentId);
      if (lockedIn.status !== 'open' || !locked?.moving)
        throw new ConflictError(MESSAGES.rescheduleInProgress);
      const { reschedules } = locked.moving;
      turn.decide(to.timeSlotId, {
        type: 'MoveIn',
        data: {
          ...movingOf(locked, by.role),
          from: placeOf(lockedIn, locked),
          reschedules,
          intervalNumber: to.index,
          ...rules,
        },
        metadata,
      });
      const arrivedIn = turn.state(to.timeSlotId)!;
      const arrived = holding(arrivedIn, appointmentId);
      if (arrivedIn.status !== 'open' || arrived?.reschedules !== reschedules)
        throw new ConflictError(MESSAGES.slotJustBooked);
      turn.decide(from, {
        type: 'CompleteMove',
        data: { appointmentId, reschedules, to: placeOf(arrivedIn, arrived) },
        metadata,
      });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      refused.push({ move, error });
    }
  }
  if (refused.length > 0)
    throw refusal(
      refused.sort((a, b) =>
        a.move.appointment.startDateTime.localeCompare(b.move.appointment.startDateTime),
      ),
    );
  return turn.appends();
};

/**
 * Issue 31 POST /api/appointments/:id/reschedule-following: the user moves an occurrence of their
 * series to another place, and every later one that still holds a place by the same shift (days
 * and time of day) to the place of the same service then. All of them move or none: each by the
 * reschedule lifecycle (issue 29) under the policy it was booked with (its deadline, its number
 * of moves, its notice), with its payment; one that cannot move refuses the whole, named.
 */
export const rescheduleFollowing = async (
  context: AppointmentsContext,
  actor: Actor,
  id: string,
  request: RescheduleRequest,
): Promise<Appointment[]> => {
  const found = await followingOf(context, actor, id);
  const { appointment } = found;
  const following = await Promise.all(found.following.map((one) => appointmentNamed(context, one)));
  const first = { timeSlotId: request.timeslotId, index: request.index ?? null };
  const target = (await slotsNow(context, [first.timeSlotId], { read: true })).get(first.timeSlotId)!.state;
  if (target.status !== 'open' || target.deleted) throw new NotFoundError(MESSAGES.slotNotFound);
  const start = placeStart(target, first.index);
  if (!start) throw new ValidationError(MESSAGES.intervalRequired);
  const shift =
    wallClock(start, target.timezone) - wallClock(appointment.startDateTime, appointment.timezone);
  // Already there: the same request again, after it moved them (a retry whose answer was lost).
  if (shift === 0 && first.timeSlotId === appointment.timeslotId) return following;

  // Each later occurrence's new day and time, and the place of its service then (rm_schedule).
  const moves = await Promise.all(
    following.map(async (occurrence): Promise<Move> => {
      const wall = new Date(wallClock(occurrence.startDateTime, occurrence.timezone) + shift).toISOString();
      const [date, time] = [wall.slice(0, 10), wall.slice(11, 16)];
      if (occurrence._id === appointment._id) return { appointment: occurrence, date, time, to: first };
      const timeSlotId = await timeSlotFor(context.deps.pool, {
        providerId: occurrence.providerId,
        serviceName: occurrence.serviceName,
        date,
        startTime: time,
      }).catch((error: unknown) => {
        if (error instanceof NotFoundError) return undefined;
        throw error;
      });
      return {
        appointment: occurrence,
        date,
        time,
        ...(timeSlotId ? { to: { timeSlotId, index: null } } : {}),
      };
    }),
  );
  if (shift > 0) moves.reverse();
  const rules = await moveRulesOf(context, appointment);
  const by = { role: 'user' as const, userId: actor.userId };

  for (let attempt = 0; ; attempt++) {
    // As a series is booked: first on the time slots as this process kept them, then read anew.
    const read = attempt > 0;
    const slots = await slotsNow(
      context,
      moves.flatMap((move) => [move.appointment.timeslotId, ...(move.to ? [move.to.timeSlotId] : [])]),
      { read },
    );
    // The interval of each new place that starts at its time (the first one's as asked).
    const placed = moves.map((move): Move => {
      if (!move.to || move.appointment._id === appointment._id) return move;
      const place = placeAt(slots.get(move.to.timeSlotId)!.state, move.time);
      const { to: _none, ...rest } = move;
      return place ? { ...rest, to: { timeSlotId: move.to.timeSlotId, index: place.intervalNumber } } : rest;
    });
    const metadata = commandMetadata(context.now(), actor);
    let decided;
    try {
      decided = decideMoves(slots, placed, by, rules, metadata);
    } catch (error) {
      if (!read && error instanceof DomainError) continue;
      throw error;
    }
    const results = await appendAtOnce(context, metadata, decided);
    if (!results) {
      if (attempt >= MOVE_RETRIES) throw new ConflictError(MESSAGES.slotJustBooked);
      continue;
    }
    const last = lastOf(results);
    context.reads.wrote(actor.userId, last);
    await context.reads.settled(last);
    return Promise.all(following.map((occurrence) => appointmentNamed(context, occurrence._id)));
  }
};
