import { APPOINTMENT_PATHS, SERIES_MAX_OCCURRENCES } from '@appointment/contracts/appointments';
import {
  cpuFigures,
  cpuMeter,
  envNumber,
  figure,
  flatOut,
  note,
  postOnce,
  quantileOfSorted,
  Samples,
} from './harness';
import { BENCH_SERVICE, withBenchClinic } from './launcher';

/**
 * `npm run bench -- series` (issue 31): recurring bookings racing each other, against the launcher
 * in its own process. The demo clinic gets daily time slots for WEEKS weeks from tomorrow, PARTS
 * intervals each, and its bench service allows series. Flat out at BENCH_CONNECTIONS, each request
 * books a weekly series (`POST /api/appointments/series`) of 2 to 12 occurrences from a random day
 * and interval: overlapping series race for the same places; one in five takes the free ones only.
 * Then the log is read:
 * - `partial`: series whose bookings in the log are fewer or more than the count they record
 *   (held in part): 0;
 * - `double_held`: places held by more than one booking: 0.
 * `rps` counts every answered request (201 and 409) per second.
 */

const SUITE = 'series';
const CONNECTIONS = envNumber('BENCH_CONNECTIONS', 20);
const DURATION_S = envNumber('BENCH_DURATION_S', 10);
const WEEKS = envNumber('BENCH_SERIES_WEEKS', 16);
const PARTS = envNumber('BENCH_SERIES_PARTS', 24);
const FREE_ONLY_SHARE = 0.2;

export const run = (): Promise<void> =>
  withBenchClinic(
    `bench_${SUITE}`,
    { firstDay: 1, lastDay: WEEKS * 7, parts: PARTS, allowRecurring: true },
    async ({ base, pid, db, user, providerId, timeSlots }) => {
      note(`${SUITE}: ${timeSlots.length} time slots of ${PARTS} intervals`);
      const random = (below: number) => Math.floor(Math.random() * below);
      const statuses = new Map<number, number>();
      const latencies = new Samples();
      /** How many series were asked for. */
      let asked = 0;
      const send = async (): Promise<boolean> => {
        const count = 2 + random(SERIES_MAX_OCCURRENCES - 1);
        const first = timeSlots[random(Math.max(1, timeSlots.length - 7 * (count - 1)))]!;
        const body = JSON.stringify({
          servicename: BENCH_SERVICE,
          providerId,
          timeslotId: first._id,
          date: first.date,
          index: 1 + random(PARTS),
          every: 1,
          unit: 'weeks',
          count,
          ...(Math.random() < FREE_ONLY_SHARE ? { freeOnly: true } : {}),
        });
        asked++;
        const started = performance.now();
        const status = await postOnce(base, APPOINTMENT_PATHS.series, user, body);
        latencies.push(performance.now() - started);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        return true;
      };
      note(`${SUITE}: ${CONNECTIONS} connections flat out for ${DURATION_S} s…`);
      const meter = cpuMeter(pid);
      const elapsedMs = await flatOut(CONNECTIONS, DURATION_S, send);
      const cpu = meter();
      const other = [...statuses].filter(([status]) => status !== 201 && status !== 409);
      if (other.length > 0)
        note(`${SUITE}: answers other than 201 and 409: ${JSON.stringify(Object.fromEntries(other))}`);
      const answered = [...statuses.values()].reduce((sum, n) => sum + n, 0);
      const sorted = latencies.sorted();
      figure(SUITE, 'rps', Math.round(answered / (elapsedMs / 1000)), '');
      figure(SUITE, 'booked', statuses.get(201) ?? 0, '');
      figure(SUITE, 'refused_409', statuses.get(409) ?? 0, '');
      figure(SUITE, 'p50_ms', quantileOfSorted(sorted, 0.5), '');
      figure(SUITE, 'p99_ms', quantileOfSorted(sorted, 0.99), '');
      cpuFigures(SUITE, '', 'series', cpu, answered);

      // Integrity, from the log: every series whole, every place held once.
      const { rows: series } = await db.query<{ held: number; least: number; most: number }>(
        `SELECT count(*)::int AS held, min((data->'series'->>'count')::int) AS least,
              max((data->'series'->>'count')::int) AS most
         FROM es.events WHERE event_type = 'IntervalBooked' AND data ? 'series'
        GROUP BY data->'series'->>'seriesId'`,
      );
      const partial = series.filter((row) => row.held !== row.least || row.least !== row.most).length;
      const { rows: doubles } = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM (
         SELECT 1 FROM es.events WHERE event_type = 'IntervalBooked' AND data->>'providerId' = $1
          GROUP BY data->>'timeSlotId', data->>'index' HAVING count(*) > 1) AS held`,
        [providerId],
      );
      if (series.length !== (statuses.get(201) ?? 0))
        note(
          `${SUITE}: ${series.length} series in the log, ${statuses.get(201) ?? 0} answered 201 (of ${asked})`,
        );
      figure(SUITE, 'partial', partial, '');
      figure(SUITE, 'double_held', doubles[0]?.n ?? 0, '');
    },
  );
