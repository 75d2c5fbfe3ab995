import autocannon from 'autocannon';
import { io } from 'socket.io-client';
import { v5 as uuidv5 } from 'uuid';
import { NOTIFICATION_NAMESPACE } from '@appointment/projections/notifications.projection';
import { PROJECTIONS } from '@appointment/projections/registry';
import { rebuildProjections } from '@appointment/projections/rebuild';
import { createPool, PostgresEventStore } from '@appointment/services/eventstore/postgres-event-store';
import { PrivateEventStore } from '@appointment/services/privacy/private-event-store';
import {
  cpuFigures,
  cpuMeter,
  envNumber,
  figure,
  note,
  paced,
  quantileOfSorted,
  bookingBodyFor,
  bookOnce,
  collectSteps,
  stepFigures,
} from './harness';
import { BENCH_SERVICE as SERVICE, withYearOfSlots } from './launcher';

/**
 * `npm run bench -- booking`: POST /api/appointments/bookappointment with autocannon at 50
 * connections against the launcher in its own process. Requests go round-robin over a year of
 * daily time slots (12 hours in 144 parts each), and one in ten repeats an interval booked a moment
 * before, so the race path runs too. Afterwards:
 * - double bookings are counted from the read model (two active appointments on one interval);
 * - notify latency is, for every booking, the time from its event's commit (es.events.created_at)
 *   to the moment the provider admin's socket received its live notification.
 * Before that run, a phase books at the target's rate (500/s) as a steady stream (`paced`) and
 * prints its latency and notify latency as `booking.at_target.*`: what a user meets when the
 * server is not flat out, then one at 1,000/s (`booking.at_1000.*`).
 * Targets on this machine: ≥ 500 bookings/s, p99 ≤ 100 ms, zero double bookings.
 * Last, `ops rebuild all` runs over the log the run made (`booking.rebuild_all_s`).
 *
 * The measured run follows a warmup at the same load (BENCH_WARMUP_S, 3 s). Set
 * BENCH_CONNECTIONS and BENCH_DURATION_S to change the run.
 */

const SUITE = 'booking';
const CONNECTIONS = envNumber('BENCH_CONNECTIONS', 50);
const DURATION_S = envNumber('BENCH_DURATION_S', 10);
const WARMUP_S = envNumber('BENCH_WARMUP_S', 3);
/** The booking target; the second phase books at this rate. */
const TARGET_RPS = 500;
/** A steady phase at twice the target: `booking.at_1000.*`. */
const HIGH_RPS = 1000;
/** 5-minute parts: 366 time slots hold about 52,000 bookings, more than a run makes. */
const PARTS = 144;

/** `ops rebuild all`: every read model from the log, reading it once; its event count and seconds. */
const rebuildAll = async (databaseUrl: string): Promise<{ events: number; seconds: number }> => {
  // As the ops CLI connects: personal data in events is opened for the projections (D40).
  const inner = await PostgresEventStore.connect({ connectionString: databaseUrl, poolSize: 4 });
  const store = await PrivateEventStore.over(inner, inner.pool);
  const pool = createPool(databaseUrl, 16);
  try {
    const started = performance.now();
    const reports = await rebuildProjections(pool, store, PROJECTIONS);
    const seconds = (performance.now() - started) / 1000;
    return { events: Math.max(...reports.map((report) => report.applied)), seconds };
  } finally {
    await store.close();
    await pool.end();
  }
};

export const run = (): Promise<void> =>
  withYearOfSlots(
    'bench_booking',
    PARTS,
    async ({ base, databaseUrl, pid, db, admin, user, providerId, timeSlots }) => {
      note(`${SUITE}: ${timeSlots.length} time slots of ${PARTS} intervals`);

      const adminId = (
        (await (
          await fetch(`${base}/api/auth/me`, { headers: { authorization: `Bearer ${admin}` } })
        ).json()) as {
          user: { id: string };
        }
      ).user.id;

      // The provider's admin listens live, as the dashboard does.
      const received = new Map<string, number>();
      const socket = io(base, { transports: ['websocket'], auth: { token: admin }, reconnection: false });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      socket.on('appointmentCreatedadmin', (payload: { _id: string }) =>
        received.set(payload._id, Date.now()),
      );

      /** Until the admin's socket has every booking's notification (30 s at most): a phase's backlog
       * is not the next phase's latency. */
      const allNotified = async () => {
        for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
          const { rows } = await db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM es.events WHERE event_type = 'IntervalBooked'`,
          );
          if (received.size >= rows[0]!.n) return;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      };

      let sent = 0;
      const bodyFor = bookingBodyFor(SERVICE, providerId, timeSlots);
      // First a steady stream at the target's rate, on a server with no backlog: the latencies a
      // user meets when it is not flat out. A flat-out run leaves work behind (mail, vacuum) that
      // would weigh on a phase after it.
      const bookPaced = () => bookOnce(base, user, bodyFor(sent++));
      note(
        `${SUITE}: ${TARGET_RPS} bookings/s, steady, for ${WARMUP_S} s of warmup, then ${DURATION_S} s measured…`,
      );
      await paced(TARGET_RPS, WARMUP_S, bookPaced);
      await allNotified();
      const steadyFrom = Date.now();
      const steadyMeter = cpuMeter(pid);
      const steadySteps = collectSteps();
      const steady = await paced(TARGET_RPS, DURATION_S, bookPaced);
      const steadyStepTimes = steadySteps.stop();
      await allNotified();
      const steadyCpu = steadyMeter();
      note(`${SUITE}: ${HIGH_RPS} bookings/s, steady, for ${DURATION_S} s…`);
      const highFrom = Date.now();
      // What the phase costs the machine, but for this process (the load and the socket): the
      // server's CPU and the rest (PostgreSQL, mostly), with every notification delivered.
      const highMeter = cpuMeter(pid);
      const highSteps = collectSteps();
      const high = await paced(HIGH_RPS, DURATION_S, bookPaced);
      const highStepTimes = highSteps.stop();
      await allNotified();
      const highCpu = highMeter();
      const saturatedFrom = Date.now();

      // Flat out, warmup included: every booking the phase made, counted by its notification.
      const flatMeter = cpuMeter(pid);
      const notifiedBefore = received.size;
      note(
        `${SUITE}: ${CONNECTIONS} connections for ${WARMUP_S} s of warmup, then ${DURATION_S} s measured…`,
      );
      const result = await autocannon({
        url: `${base}/api/appointments/bookappointment`,
        connections: CONNECTIONS,
        duration: DURATION_S,
        // The same load first, unmeasured: the JIT and the server's caches of time slots warm up.
        warmup: { connections: CONNECTIONS, duration: WARMUP_S },
        requests: [
          {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${user}` },
            setupRequest: (request) => {
              const n = sent++;
              // One in ten goes for the interval the request before it took, maybe still in flight:
              // a race to lose.
              return { ...request, body: bodyFor(n % 10 === 9 ? n - 1 : n) };
            },
          },
        ],
        // autocannon 9 takes a warmup; its types do not know it yet.
      } as autocannon.Options);
      await allNotified();
      const flatCpu = flatMeter();
      const flatBooked = received.size - notifiedBefore;
      socket.close();

      const statuses = result.statusCodeStats as Record<string, { count: number }>;
      const booked = statuses['201']?.count ?? 0;
      const refused = statuses['409']?.count ?? 0;
      const other = result.non2xx - refused;
      figure(SUITE, 'rps', Math.round(result.requests.average), '');
      figure(SUITE, 'p99_ms', result.latency.p99, '');
      figure(SUITE, 'p50_ms', result.latency.p50, '');
      figure(SUITE, 'booked', booked, '');
      figure(SUITE, 'refused_409', refused, '');
      if (other > 0 || result.errors > 0) {
        const codes = Object.keys(statuses).filter((code) => code !== '201' && code !== '409');
        note(`${SUITE}: ${other} other non-2xx answers (${codes.join(', ')}), ${result.errors} errors`);
      }

      /** Notify latency of the bookings whose events were committed at or after `since` (ms). */
      const notifyLatencies = async (since: number, until = Infinity): Promise<Float64Array> => {
        const events = await db.query<{ event_id: string; at: number }>(
          `SELECT event_id, extract(epoch FROM created_at) * 1000 AS at FROM es.events WHERE event_type = 'IntervalBooked'`,
        );
        const inPhase = events.rows.filter((row) => Number(row.at) >= since && Number(row.at) < until);
        const latencies = inPhase
          .map((row) => {
            const got = received.get(uuidv5(`${row.event_id}\u0001${adminId}`, NOTIFICATION_NAMESPACE));
            return got === undefined ? undefined : got - Number(row.at);
          })
          .filter((value): value is number => value !== undefined)
          .sort((a, b) => a - b);
        if (latencies.length < inPhase.length) {
          note(
            `${SUITE}: ${inPhase.length - latencies.length} of ${inPhase.length} notifications not received`,
          );
        }
        return Float64Array.from(latencies);
      };
      const saturated = await notifyLatencies(saturatedFrom);
      figure(SUITE, 'notify_p50_ms', quantileOfSorted(saturated, 0.5), '');
      figure(SUITE, 'notify_p99_ms', quantileOfSorted(saturated, 0.99), '');
      figure(SUITE, 'rps_vs_target', result.requests.average / TARGET_RPS, 'x');
      cpuFigures(SUITE, '', 'booking', flatCpu, flatBooked);

      // The steady phase: above, flat out, the projector and the bookings share the CPU and the
      // projector lags.
      const steadyCodes = [...steady.statuses].filter(([status]) => status !== 201);
      if (steadyCodes.length > 0) {
        note(
          `${SUITE}: at the target's rate, answers other than 201: ${JSON.stringify(Object.fromEntries(steadyCodes))}`,
        );
      }
      figure(SUITE, 'at_target.booked', steady.statuses.get(201) ?? 0, '');
      figure(SUITE, 'at_target.p50_ms', quantileOfSorted(steady.latencies, 0.5), '');
      figure(SUITE, 'at_target.p99_ms', quantileOfSorted(steady.latencies, 0.99), '');
      const atTarget = await notifyLatencies(steadyFrom, highFrom);
      figure(SUITE, 'at_target.notify_p50_ms', quantileOfSorted(atTarget, 0.5), '');
      figure(SUITE, 'at_target.notify_p99_ms', quantileOfSorted(atTarget, 0.99), '');
      cpuFigures(SUITE, 'at_target.', 'booking', steadyCpu, steady.statuses.get(201) ?? 0);
      stepFigures(SUITE, 'at_target.', steadyStepTimes);

      const highCodes = [...high.statuses].filter(([status]) => status !== 201);
      if (highCodes.length > 0) {
        note(
          `${SUITE}: at ${HIGH_RPS}/s, answers other than 201: ${JSON.stringify(Object.fromEntries(highCodes))}`,
        );
      }
      figure(SUITE, 'at_1000.booked', high.statuses.get(201) ?? 0, '');
      figure(SUITE, 'at_1000.p99_ms', quantileOfSorted(high.latencies, 0.99), '');
      const atHigh = await notifyLatencies(highFrom, saturatedFrom);
      figure(SUITE, 'at_1000.notify_p50_ms', quantileOfSorted(atHigh, 0.5), '');
      figure(SUITE, 'at_1000.notify_p99_ms', quantileOfSorted(atHigh, 0.99), '');
      cpuFigures(SUITE, 'at_1000.', 'booking', highCpu, high.statuses.get(201) ?? 0);
      stepFigures(SUITE, 'at_1000.', highStepTimes);

      const doubles = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM (
         SELECT timeslot_id, interval_number FROM rm_appointments.appointments WHERE status <> 'cancelled'
          GROUP BY timeslot_id, interval_number HAVING count(*) > 1) d`,
      );
      figure(SUITE, 'double_bookings', doubles.rows[0]!.n, '');
      note(`${SUITE}: target ≥ ${TARGET_RPS} bookings/s, p99 ≤ 100 ms, zero double bookings`);

      // `ops rebuild all` over the log this run made, while the product idles.
      const rebuilt = await rebuildAll(databaseUrl);
      figure(SUITE, 'rebuild_all.events', rebuilt.events, '');
      figure(SUITE, 'rebuild_all_s', rebuilt.seconds, 's');
      figure(SUITE, 'rebuild_all.events_per_s', Math.round(rebuilt.events / rebuilt.seconds), '');
      // Bookings, not events, compare across commits: since D48 a booking records one event, not three.
      const bookingsInLog = Number(
        (
          await db.query<{ n: string }>(
            `SELECT count(*) AS n FROM es.events WHERE event_type = 'IntervalBooked'`,
          )
        ).rows[0]!.n,
      );
      figure(SUITE, 'rebuild_all.bookings_per_s', Math.round(bookingsInLog / rebuilt.seconds), '');
      note(`${SUITE}: target: rebuild all at ≥ 30,000 events/s (130,000 events in under 5 s)`);
    },
  );
