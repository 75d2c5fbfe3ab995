import { APPOINTMENT_PATHS } from '@appointment/contracts/appointments';
import type { TimeSlotEvent } from '@appointment/contracts/events/time-slot';
import { DEFAULT_BOOKING_POLICY, POLICY_PATHS } from '@appointment/contracts/policy';
import {
  timeSlotDecider,
  timeSlotStream,
  type TimeSlotState,
} from '@appointment/services/appointments/book/time-slot.decider';
import {
  bookingBodyFor,
  bookOnce,
  cpuFigures,
  cpuMeter,
  envNumber,
  figure,
  flatOut,
  note,
  paced,
  postOnce,
  quantileOfSorted,
  Samples,
} from './harness';
import { BENCH_SERVICE, withBenchClinic } from './launcher';

/**
 * `npm run bench -- lifecycle` (issue 29): what happens to bookings after they are made, against
 * the launcher in its own process. The demo clinic gets daily time slots from four days ahead (past
 * the policy's 24-hour reschedule deadline), twice as many intervals as bookings, and its booking
 * policy allows MAX_MOVES moves per booking (the default 2 would turn most of a run into 422s).
 * BOOKINGS bookings are made at 500/s (setup, not measured), then flat out at BENCH_CONNECTIONS:
 * - ~70% reschedules (`POST /api/appointments/:id/reschedule`) of a random booking to a random
 *   interval of any of the time slots that the answers so far left free (racing moves to it lose
 *   with a 409), and one in ten to any interval at all, free or not;
 * - ~30% cancellations (`POST /api/appointments/:id/cancel`) of a random booking not yet cancelled.
 * A booking has one request in flight at a time, as one person's browser does. The measured run
 * follows a warmup of reschedules alone (BENCH_WARMUP_S, 3 s), so it keeps its bookings to cancel.
 * Once the load and any move still under way have settled, every time slot stream of the run is
 * read from the event store and folded with the time slot's own `evolve`:
 * - `double_held`: intervals held by more than one active booking;
 * - `lost_places`: bookings neither cancelled nor held exactly once (held nowhere, or twice);
 * - `refunds_duplicated`: `PaymentRefunded` events sharing a refund key (the service is free:
 *   nothing is paid, so nothing is refunded, but the log is checked all the same).
 * Targets on this machine: ≥ 500 reschedules/s with p99 ≤ 100 ms; the three integrity figures 0.
 */

const SUITE = 'lifecycle';
const CONNECTIONS = envNumber('BENCH_CONNECTIONS', 50);
const DURATION_S = envNumber('BENCH_DURATION_S', 10);
const WARMUP_S = envNumber('BENCH_WARMUP_S', 3);
const BOOKINGS = envNumber('BENCH_LIFECYCLE_BOOKINGS', 2000);
/** The reschedule target. */
const TARGET_RPS = 500;
const TARGET_P99_MS = 100;
/** Bookings are made at this rate before the run. */
const BOOKING_RPS = 500;
/** Intervals per time slot; the time slots hold twice as many intervals as bookings. */
const PARTS = 100;
const DAYS = Math.max(1, Math.ceil((2 * BOOKINGS) / PARTS));
/** Days ahead of the first time slot: past the 24-hour reschedule deadline of the default policy. */
const FIRST_DAY = 4;
/** The most the booking policy allows (contracts/src/policy.ts). */
const MAX_MOVES = 20;
const CANCEL_SHARE = 0.3;
/** Of the reschedules, those that go for any interval, free or not. */
const ANY_PLACE_SHARE = 0.1;

/** One bench booking, as the answers so far have it. */
interface Booking {
  id: string;
  /** Its place: `slot * PARTS + index - 1` (`slot` in `timeSlots`, `index` from 1). */
  place: number;
  cancelled: boolean;
  /** A request about it is in flight. */
  busy: boolean;
  moves: number;
}

/** How an operation's requests were answered, and how long they took. */
interface Tally {
  statuses: Map<number, number>;
  latencies: Samples;
}

const tally = (): Tally => ({ statuses: new Map(), latencies: new Samples() });

const count = (of: Tally, status: number, ms: number) => {
  of.statuses.set(status, (of.statuses.get(status) ?? 0) + 1);
  of.latencies.push(ms);
};

const answered = (of: Tally) => [...of.statuses.values()].reduce((sum, n) => sum + n, 0);

type Held = { timeSlotId: string; index: number | null };

export const run = (): Promise<void> =>
  withBenchClinic(
    `bench_${SUITE}`,
    { firstDay: FIRST_DAY, lastDay: FIRST_DAY + DAYS - 1, parts: PARTS },
    async ({ base, pid, db, admin, user, providerId, timeSlots }) => {
      note(`${SUITE}: ${timeSlots.length} time slots of ${PARTS} intervals`);
      const policy = await fetch(`${base}${POLICY_PATHS.bookingPolicy}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
        body: JSON.stringify({ ...DEFAULT_BOOKING_POLICY, maxReschedules: MAX_MOVES }),
      });
      if (!policy.ok) throw new Error(`${POLICY_PATHS.bookingPolicy} answered ${policy.status}`);

      // Setup: the bookings, spread over the time slots' first intervals (bookingBodyFor).
      note(`${SUITE}: ${BOOKINGS} bookings at ${BOOKING_RPS}/s (setup)…`);
      const bodyFor = bookingBodyFor(BENCH_SERVICE, providerId, timeSlots);
      const setup = await paced(BOOKING_RPS, BOOKINGS / BOOKING_RPS, (n) => bookOnce(base, user, bodyFor(n)));
      const setupCodes = [...setup.statuses].filter(([status]) => status !== 201);
      if (setupCodes.length > 0)
        note(`${SUITE}: setup answers other than 201: ${JSON.stringify(Object.fromEntries(setupCodes))}`);
      figure(SUITE, 'setup.booked', setup.statuses.get(201) ?? 0, '');
      figure(SUITE, 'setup.p99_ms', quantileOfSorted(setup.latencies, 0.99), '');

      const slotOf = new Map(timeSlots.map((slot, i) => [slot._id, i]));
      const booked = await db.query<{ id: string; slot: string; index: number; moves: number | null }>(
        `SELECT data->>'appointmentId' AS id, data->>'timeSlotId' AS slot, (data->>'index')::int AS index,
              (data->'policy'->>'maxReschedules')::int AS moves
         FROM es.events WHERE event_type = 'IntervalBooked' ORDER BY global_position`,
      );
      const bookings: Booking[] = booked.rows
        .filter((row) => slotOf.has(row.slot))
        .map((row) => ({
          id: row.id,
          place: slotOf.get(row.slot)! * PARTS + row.index - 1,
          cancelled: false,
          busy: false,
          moves: 0,
        }));
      const policies = new Set(booked.rows.map((row) => row.moves));
      if (policies.size !== 1 || !policies.has(MAX_MOVES))
        note(`${SUITE}: bookings recorded maxReschedules ${[...policies].join(', ')}, not only ${MAX_MOVES}`);

      // What the answers so far say: who holds each place (-1: nobody), and who is not cancelled.
      const places = timeSlots.length * PARTS;
      const holder = new Int32Array(places).fill(-1);
      bookings.forEach((booking, n) => (holder[booking.place] = n));
      const active = bookings.map((_, n) => n);
      const activeAt = Int32Array.from(active);

      const random = (below: number) => Math.floor(Math.random() * below);
      /** A random booking not cancelled, with no request in flight, that `fits`; undefined if none is found soon. */
      const pick = (fits: (booking: Booking) => boolean): number | undefined => {
        for (let tries = 0; tries < 50 && active.length > 0; tries++) {
          const n = active[random(active.length)]!;
          if (!bookings[n]!.busy && fits(bookings[n]!)) return n;
        }
        return undefined;
      };
      const deactivate = (n: number) => {
        const at = activeAt[n]!;
        const last = active.pop()!;
        if (last !== n) {
          active[at] = last;
          activeAt[last] = at;
        }
      };
      /** A random place other than `own`: free as far as the answers say, or any one (ANY_PLACE_SHARE). */
      const targetFor = (own: number): number => {
        const any = Math.random() < ANY_PLACE_SHARE;
        for (let tries = 0; ; tries++) {
          const place = random(places);
          if (place !== own && (any || holder[place] === -1 || tries >= 100)) return place;
        }
      };

      const warmup = tally();
      const reschedules = tally();
      const cancels = tally();
      /** Answered 200 for a place the answers said someone else held. */
      let movedOntoHeld = 0;
      const reschedule = async (n: number, into: Tally) => {
        const booking = bookings[n]!;
        const to = targetFor(booking.place);
        const slot = timeSlots[Math.floor(to / PARTS)]!;
        booking.busy = true;
        const started = performance.now();
        const status = await postOnce(
          base,
          APPOINTMENT_PATHS.reschedule.replace(':id', booking.id),
          user,
          JSON.stringify({ timeslotId: slot._id, index: (to % PARTS) + 1 }),
        );
        count(into, status, performance.now() - started);
        if (status === 200) {
          if (holder[booking.place] === n) holder[booking.place] = -1;
          if (holder[to] !== -1) movedOntoHeld++;
          holder[to] = n;
          booking.place = to;
          booking.moves++;
        }
        booking.busy = false;
      };
      const cancel = async (n: number) => {
        const booking = bookings[n]!;
        booking.busy = true;
        const started = performance.now();
        const status = await postOnce(base, APPOINTMENT_PATHS.cancel.replace(':id', booking.id), user, '{}');
        count(cancels, status, performance.now() - started);
        if (status === 200) {
          booking.cancelled = true;
          deactivate(n);
          if (holder[booking.place] === n) holder[booking.place] = -1;
        }
        booking.busy = false;
      };
      const movable = (booking: Booking) => booking.moves < MAX_MOVES;
      /** Below this many bookings left to act on, the run stops early: picks would mostly find busy ones. */
      const floor = Math.min(BOOKINGS / 4, CONNECTIONS * 4);
      let early = false;
      const next = (mix: boolean) => async (): Promise<boolean> => {
        if (active.length < floor) {
          early = true;
          return false;
        }
        if (mix && Math.random() < CANCEL_SHARE) {
          const n = pick(() => true);
          if (n !== undefined) await cancel(n);
          else await new Promise((resolve) => setImmediate(resolve));
          return true;
        }
        const n = pick(movable);
        if (n !== undefined) await reschedule(n, mix ? reschedules : warmup);
        else await new Promise((resolve) => setImmediate(resolve));
        return true;
      };

      note(
        `${SUITE}: ${CONNECTIONS} connections, ${WARMUP_S} s of reschedules (warmup), then ${DURATION_S} s of ` +
          `${Math.round((1 - CANCEL_SHARE) * 100)}% reschedules and ${Math.round(CANCEL_SHARE * 100)}% cancellations…`,
      );
      if (WARMUP_S > 0) await flatOut(CONNECTIONS, WARMUP_S, next(false));
      const meter = cpuMeter(pid);
      const elapsedMs = await flatOut(CONNECTIONS, DURATION_S, next(true));
      const cpu = meter();
      if (early)
        note(
          `${SUITE}: stopped after ${(elapsedMs / 1000).toFixed(1)} s: fewer than ${floor} bookings left to cancel (BENCH_LIFECYCLE_BOOKINGS)`,
        );

      const seconds = elapsedMs / 1000;
      const rescheduled = reschedules.statuses.get(200) ?? 0;
      const cancelled = cancels.statuses.get(200) ?? 0;
      for (const [name, of] of [
        ['reschedule', reschedules],
        ['cancel', cancels],
      ] as const) {
        const other = [...of.statuses].filter(([status]) => status !== 200 && status !== 409);
        if (other.length > 0)
          note(
            `${SUITE}: ${name} answers other than 200 and 409: ${JSON.stringify(Object.fromEntries(other))}`,
          );
      }
      if (movedOntoHeld > 0)
        note(
          `${SUITE}: ${movedOntoHeld} reschedules answered 200 for a place an earlier answer said was held`,
        );
      const rescheduleLatencies = reschedules.latencies.sorted();
      const cancelLatencies = cancels.latencies.sorted();
      figure(SUITE, 'cancel_rps', Math.round(answered(cancels) / seconds), '');
      figure(SUITE, 'reschedule_rps', Math.round(answered(reschedules) / seconds), '');
      figure(SUITE, 'cancel_p50_ms', quantileOfSorted(cancelLatencies, 0.5), '');
      figure(SUITE, 'cancel_p99_ms', quantileOfSorted(cancelLatencies, 0.99), '');
      figure(SUITE, 'reschedule_p50_ms', quantileOfSorted(rescheduleLatencies, 0.5), '');
      figure(SUITE, 'reschedule_p99_ms', quantileOfSorted(rescheduleLatencies, 0.99), '');
      figure(SUITE, 'rescheduled', rescheduled, '');
      figure(SUITE, 'cancelled', cancelled, '');
      figure(SUITE, 'reschedule_refused_409', reschedules.statuses.get(409) ?? 0, '');
      cpuFigures(SUITE, '', 'operation', cpu, answered(reschedules) + answered(cancels));

      // Integrity, from the log: every time slot stream of the run, folded as the time slot folds it.
      const streams = timeSlots.map((slot) => timeSlotStream(slot._id));
      const fold = async (): Promise<Map<string, TimeSlotState>> => {
        const { rows } = await db.query<{ stream_name: string; event_type: string; data: unknown }>(
          `SELECT stream_name, event_type, data FROM es.events WHERE stream_name = ANY($1::text[])
          ORDER BY stream_name, stream_revision`,
          [streams],
        );
        const states = new Map<string, TimeSlotState>();
        for (const row of rows) {
          const state = states.get(row.stream_name) ?? timeSlotDecider.initialState();
          states.set(
            row.stream_name,
            timeSlotDecider.evolve(state, { type: row.event_type, data: row.data } as TimeSlotEvent),
          );
        }
        return states;
      };
      const movesUnderWay = (states: Map<string, TimeSlotState>) =>
        [...states.values()].flatMap((state) =>
          state.status === 'open'
            ? state.appointments
                .filter((a) => a.moving !== undefined && a.movedOut === undefined)
                .map((a) => `${a.appointmentId} in ${state.timeSlotId}`)
            : [],
        );
      // Every answer is in; a move a failed request left under way is settled by its job (15 s).
      let states = await fold();
      for (const deadline = Date.now() + 60_000; movesUnderWay(states).length > 0 && Date.now() < deadline;) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        states = await fold();
      }
      const stuck = movesUnderWay(states);
      if (stuck.length > 0)
        note(`${SUITE}: ${stuck.length} moves still under way after 60 s: ${stuck.slice(0, 10).join('; ')}`);

      const doubles: string[] = [];
      /** Per booking: the places that hold it, and the ones where it was cancelled (and not moved away). */
      const heldAt = new Map<string, Held[]>();
      const cancelledAt = new Map<string, Held[]>();
      for (const state of states.values()) {
        if (state.status !== 'open') continue;
        const byInterval = new Map<number | null, string[]>();
        for (const a of state.appointments) {
          if (a.movedOut !== undefined) continue;
          const at = { timeSlotId: state.timeSlotId, index: a.intervalNumber };
          const into = a.status === 'cancelled' ? cancelledAt : heldAt;
          into.set(a.appointmentId, [...(into.get(a.appointmentId) ?? []), at]);
          if (a.status !== 'cancelled')
            byInterval.set(a.intervalNumber, [...(byInterval.get(a.intervalNumber) ?? []), a.appointmentId]);
        }
        for (const [index, ids] of byInterval)
          if (ids.length > 1) doubles.push(`${state.timeSlotId} #${index}: ${ids.join(', ')}`);
      }
      const lost: string[] = [];
      const where = (list: Held[] | undefined) =>
        (list ?? []).map((at) => `${at.timeSlotId} #${at.index}`).join(' and ') || 'nowhere';
      /** Bookings whose place or cancellation the log records otherwise than their answers said. */
      let unlike = 0;
      for (const [n, booking] of bookings.entries()) {
        const held = heldAt.get(booking.id) ?? [];
        const gone = cancelledAt.get(booking.id) ?? [];
        if (
          held.length > 1 ||
          (held.length === 0 && gone.length === 0) ||
          (held.length > 0 && gone.length > 0)
        )
          lost.push(`${booking.id}: held at ${where(held)}, cancelled at ${where(gone)}`);
        const expected = timeSlots[Math.floor(booking.place / PARTS)]!._id;
        const asAnswered = booking.cancelled
          ? gone.length === 1 && held.length === 0
          : held.length === 1 &&
            held[0]!.timeSlotId === expected &&
            held[0]!.index === (booking.place % PARTS) + 1;
        if (!asAnswered && unlike++ < 10)
          note(
            `${SUITE}: booking ${n} (${booking.id}) answered as ${booking.cancelled ? 'cancelled' : `at ${expected} #${(booking.place % PARTS) + 1}`}, ` +
              `the log: held at ${where(held)}, cancelled at ${where(gone)}`,
          );
      }
      if (unlike > 0) note(`${SUITE}: ${unlike} bookings the log records otherwise than their answers said`);
      for (const line of doubles.slice(0, 20)) note(`${SUITE}: held twice: ${line}`);
      for (const line of lost.slice(0, 20)) note(`${SUITE}: lost place: ${line}`);

      const refunds = await db.query<{ n: number }>(
        `SELECT coalesce(sum(n), 0)::int AS n FROM (
         SELECT count(*) AS n FROM es.events WHERE event_type = 'PaymentRefunded'
          GROUP BY data->>'refundKey' HAVING count(*) > 1) d`,
      );
      figure(SUITE, 'double_held', doubles.length, '');
      figure(SUITE, 'lost_places', lost.length, '');
      figure(SUITE, 'refunds_duplicated', refunds.rows[0]!.n, '');
      figure(SUITE, 'reschedule_rps_vs_target', answered(reschedules) / seconds / TARGET_RPS, 'x');
      note(
        `${SUITE}: target ≥ ${TARGET_RPS} reschedules/s, p99 ≤ ${TARGET_P99_MS} ms; zero double-held intervals, ` +
          'lost places and duplicated refunds',
      );
    },
  );
