import autocannon from 'autocannon';
import { addDays, format } from 'date-fns';
import { envNumber, figure, note } from './harness';
import { call, signIn, startLauncher } from './launcher';

/**
 * `npm run bench -- availability`: POST /api/schedulemanage/fetchslot (docs/product.md §7.5) for a provider
 * with a year of daily time slots, against the real single-node launcher in its own process
 * (fresh database, demo data), driven by autocannon at 50 connections over loopback with a
 * signed-in user's bearer token and the Accept-Encoding a browser sends (the answer for a year
 * of time slots is ~130 KB of JSON, ~10 KB gzipped). Target on this machine: ≥ 1,500 requests/s,
 * p99 ≤ 20 ms. Then again with the provider's rules on (issue 30: buffer, minimum notice, time off):
 * ≥ 0.9 × the plain rate, p99 ≤ 20 ms. The two run alternately, BENCH_AVAILABILITY_ROUNDS (2) rounds of each.
 *
 * Set BENCH_CONNECTIONS and BENCH_DURATION_S to change the run.
 */

const SUITE = 'availability';
const CONNECTIONS = envNumber('BENCH_CONNECTIONS', 50);
const DURATION_S = envNumber('BENCH_DURATION_S', 15);
// autocannon's own client is the first thing to run out of CPU here; worker threads share its load.
const WORKERS = envNumber('BENCH_WORKERS', 2);
const TARGET = { rps: 1500, p99Ms: 20 };
/** Rounds of the two runs, alternated (BENCH_AVAILABILITY_ROUNDS). */
const ROUNDS = envNumber('BENCH_AVAILABILITY_ROUNDS', 2);
const SERVICE = 'Year-round Consultation';

/** Warm-up, then the measured run of fetchslot; every answer must be a 2xx. */
const load = async (request: autocannon.Options, what: string): Promise<autocannon.Result> => {
  note(`${SUITE}: ${what}: warming up…`);
  await autocannon({ ...request, connections: CONNECTIONS, duration: 3, workers: WORKERS });
  note(`${SUITE}: ${what}: ${CONNECTIONS} connections for ${DURATION_S} s…`);
  const result = await autocannon({
    ...request,
    connections: CONNECTIONS,
    duration: DURATION_S,
    workers: WORKERS,
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${result.non2xx} non-2xx answers and ${result.errors} errors during the run`);
  }
  return result;
};

export const run = async (): Promise<void> => {
  const { base, stop } = await startLauncher('bench_availability');
  try {
    const admin = await signIn(base, 'admin@example.com');
    await call(base, admin, '/api/providerservice/addservice', { name: SERVICE, duration: 30, price: 20 });
    const today = new Date();
    const started = Date.now();
    const added = await call(base, admin, '/api/schedulemanage/addtimeslot', {
      date: format(addDays(today, 1), 'yyyy-MM-dd'),
      // After the demo's daily 09:00–12:00 (a provider's time slots never overlap).
      startTime: '12:00',
      endTime: '20:00',
      addAsSlot: true,
      availableSlots: 16,
      repeat: 'daily',
      repeatUntil: format(addDays(today, 366), 'yyyy-MM-dd'),
      serviceIds: [SERVICE],
    });
    const timeSlots = (added.timeslots as unknown[]).length;
    note(`${SUITE}: a year of daily slots, ${timeSlots} time slots, added in ${Date.now() - started} ms`);
    // The figure keeps its name, availability.windows, so that earlier runs' figures still compare.
    figure(SUITE, 'windows', timeSlots, '');

    const user = await signIn(base, 'user@example.com');
    const providers = (await call(base, user, '/api/providers/fetchprovider', { search: 'Sunrise' }))
      .providers as { id: string }[];
    const body = JSON.stringify({ providerId: providers[0]!.id, serviceId: SERVICE });
    const check = await call(base, user, '/api/schedulemanage/fetchslot', JSON.parse(body));
    if ((check.timeslots as unknown[]).length !== timeSlots)
      throw new Error('fetchslot did not list every time slot');

    const request = {
      url: `${base}/api/schedulemanage/fetchslot`,
      method: 'POST' as const,
      // What the booking screen's browser sends; fetchslot answers gzipped when asked.
      headers: {
        'content-type': 'application/json',
        'accept-encoding': 'gzip, deflate, br, zstd',
        authorization: `Bearer ${user}`,
      },
      body,
    };
    // Issue 30: the same list with the provider's rules on, which fetchslot applies to every
    // time slot: a buffer, a minimum notice, and time off (a fortnight's holiday, a day, hours).
    // The two are run alternately (plain, rules, plain, rules, …), so that a machine whose speed
    // drifts during the run counts against both alike; each figure is the rounds' mean.
    const { policy } = (await call(base, admin, '/api/providers/policy', undefined, 'GET')) as {
      policy: Record<string, unknown>;
    };
    const day = (days: number) => format(addDays(today, days), 'yyyy-MM-dd');
    const rulesOn = async (): Promise<string[]> => {
      await call(
        base,
        admin,
        '/api/providers/policy',
        { ...policy, bufferMinutes: 10, minimumNoticeMinutes: 24 * 60 },
        'PUT',
      );
      const ids: string[] = [];
      for (const [from, to, reason] of [
        [day(60), day(74), 'Holiday'],
        [day(100), day(100), 'Training'],
        [`${day(120)}T12:00`, `${day(120)}T15:00`, 'Team meeting'],
      ]) {
        const added = await call(base, admin, '/api/schedulemanage/addtimeoff', { from, to, reason });
        ids.push((added.timeOff as { _id: string })._id);
      }
      return ids;
    };
    const rulesOff = async (timeOff: string[]): Promise<void> => {
      await call(base, admin, '/api/providers/policy', policy, 'PUT');
      for (const id of timeOff) await call(base, admin, '/api/schedulemanage/deletetimeoff', { id });
    };
    const plain: autocannon.Result[] = [];
    const ruled: autocannon.Result[] = [];
    const answer = async () =>
      JSON.stringify(await call(base, user, '/api/schedulemanage/fetchslot', JSON.parse(body)));
    const plainAnswer = await answer();
    for (let round = 1; round <= ROUNDS; round++) {
      if ((await answer()) !== plainAnswer) throw new Error('the rules were not taken off the list');
      plain.push(await load(request, `plain, round ${round} of ${ROUNDS}`));
      const timeOff = await rulesOn();
      if ((await answer()) === plainAnswer) throw new Error('the rules did not change the list');
      ruled.push(
        await load(request, `with a buffer, a minimum notice and time off, round ${round} of ${ROUNDS}`),
      );
      await rulesOff(timeOff);
    }
    const mean = (results: autocannon.Result[], of: (result: autocannon.Result) => number) =>
      results.reduce((sum, result) => sum + of(result), 0) / results.length;
    const rps = (results: autocannon.Result[]) => mean(results, (result) => result.requests.average);
    const p99 = (results: autocannon.Result[]) => mean(results, (result) => result.latency.p99);
    figure(SUITE, 'fetchslot.rps', Math.round(rps(plain)), '');
    figure(SUITE, 'fetchslot.p99_ms', p99(plain), '');
    figure(
      SUITE,
      'fetchslot.p50_ms',
      mean(plain, (result) => result.latency.p50),
      '',
    );
    figure(
      SUITE,
      'fetchslot.response_kb',
      Math.round(mean(plain, (result) => result.throughput.average / result.requests.average) / 1024),
      '',
    );
    figure(SUITE, 'fetchslot.rps_vs_target', rps(plain) / TARGET.rps, 'x');
    figure(SUITE, 'fetchslot.p99_vs_target', p99(plain) / TARGET.p99Ms, 'x');
    note(`${SUITE}: target ≥ ${TARGET.rps} requests/s with p99 ≤ ${TARGET.p99Ms} ms`);
    figure(SUITE, 'fetchslot_rules.rps', Math.round(rps(ruled)), '');
    figure(SUITE, 'fetchslot_rules.p99_ms', p99(ruled), '');
    figure(SUITE, 'fetchslot_rules.rps_vs_plain', rps(ruled) / rps(plain), 'x');
    note(
      `${SUITE}: each round's requests/s, plain / rules on: ${plain
        .map(
          (result, i) => `${Math.round(result.requests.average)} / ${Math.round(ruled[i]!.requests.average)}`,
        )
        .join(', ')}`,
    );
    note(`${SUITE}: target with rules on ≥ 0.9 × the plain rate, p99 ≤ ${TARGET.p99Ms} ms`);
  } finally {
    await stop();
  }
};
