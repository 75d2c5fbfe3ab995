import type { WaitlistEntry } from '@appointment/contracts/waitlist';
import { envNumber, figure, note, quantileOfSorted } from './harness';
import { BENCH_SERVICE, benchClinic, call, signIn, startLauncher } from './launcher';

/**
 * `npm run bench -- waitlist` (issue 31): on the demo clinic, `BENCH_PLACES` (200) places are
 * booked by the demo user and `BENCH_WAITERS_PER_PLACE` (5) people wait for each (1,000 waiters
 * on one provider), joining place by place in a known order. Then every booking is cancelled at
 * once. Figures:
 * - `offer_latency_p95_ms`: from the freeing append (the offer's time, its expiry less the offer
 *   window) to the first waiter's waitlist showing the offer (polled every 25 ms, so up to 25 ms
 *   more than it took);
 * - `out_of_order`: places offered to anyone but their first waiter;
 * - `double_held`: places held by more than one booking or offer.
 */

const SUITE = 'waitlist';
const PLACES = envNumber('BENCH_PLACES', 200);
const PER_PLACE = envNumber('BENCH_WAITERS_PER_PLACE', 5);
const OFFER_MINUTES = 15;
const PARTS = 40;

const get = async <T>(base: string, token: string, route: string): Promise<T> => {
  const response = await fetch(`${base}${route}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`${route} answered ${response.status}`);
  return (await response.json()) as T;
};
const post = (base: string, token: string, route: string, body: unknown = {}) =>
  fetch(`${base}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });

export const run = async (): Promise<void> => {
  const { base, stop } = await startLauncher('bench_waitlist');
  try {
    const days = Math.ceil(PLACES / PARTS);
    const clinic = await benchClinic(base, { firstDay: 2, lastDay: 1 + days, parts: PARTS });
    const places = clinic.timeSlots
      .flatMap((slot) => Array.from({ length: PARTS }, (_, i) => ({ slot, index: i + 1 })))
      .slice(0, PLACES);
    note(`${SUITE}: booking ${places.length} places…`);
    const bookings: string[] = [];
    for (const { slot, index } of places) {
      const booked = await call(base, clinic.user, '/api/appointments/bookappointment', {
        servicename: BENCH_SERVICE,
        providerId: clinic.providerId,
        timeslotId: slot._id,
        date: slot.date,
        index: String(index),
      });
      bookings.push((booked.appointment as { _id: string })._id);
    }
    note(
      `${SUITE}: ${PER_PLACE} people join the waitlist of every place (${places.length * PER_PLACE} waiters)…`,
    );
    const waiters: string[] = [];
    for (let n = 0; n < PER_PLACE; n++) {
      const email = `bench-waiter-${n}-${Date.now().toString(36)}@example.com`;
      await call(base, undefined, '/api/auth/register/user', {
        name: `Bench Waiter ${n}`,
        email,
        phone: `99977${String(n).padStart(5, '0')}`,
        password: 'password123',
        confirmPassword: 'password123',
      });
      waiters.push(await signIn(base, email));
    }
    // Waiter 0 joins every place first, then waiter 1, …: each place's order of joining is known.
    const firstEntry = new Map<string, string>();
    for (const [n, waiter] of waiters.entries()) {
      const joined = await Promise.all(
        places.map(async ({ slot, index }) => {
          const response = await post(base, waiter, '/api/waitlist', { timeslotId: slot._id, index });
          if (response.status !== 201) throw new Error(`joining answered ${response.status}`);
          return ((await response.json()) as { entry: WaitlistEntry }).entry;
        }),
      );
      if (n === 0)
        for (const entry of joined) firstEntry.set(`${entry.timeslotId}/${entry.index}`, entry._id);
    }

    note(`${SUITE}: cancelling ${bookings.length} bookings at once…`);
    const seen = new Map<string, number>();
    const latencies: number[] = [];
    let polling = true;
    const poll = (async () => {
      while (polling) {
        const { entries } = await get<{ entries: WaitlistEntry[] }>(base, waiters[0]!, '/api/waitlist');
        const now = Date.now();
        for (const entry of entries) {
          if (!entry.offer || seen.has(entry._id)) continue;
          seen.set(entry._id, now);
          latencies.push(now - (Date.parse(entry.offer.expiresAt) - OFFER_MINUTES * 60_000));
        }
        if (seen.size >= bookings.length) return;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    })();
    const cancels = await Promise.all(
      bookings.map((id) => post(base, clinic.user, `/api/appointments/${id}/cancel`)),
    );
    const failed = cancels.filter((response) => response.status !== 200).length;
    if (failed > 0) throw new Error(`${failed} cancellations failed`);
    const deadline = Date.now() + 60_000;
    while (seen.size < bookings.length && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    polling = false;
    await poll;

    // Each place, as its provider's staff sees its waitlist: offered to whom, and how often.
    let outOfOrder = 0;
    let doubleHeld = 0;
    for (const slot of new Set(places.map((p) => p.slot))) {
      const { entries } = await get<{ entries: WaitlistEntry[] }>(
        base,
        clinic.admin,
        `/api/waitlist?timeslotId=${encodeURIComponent(slot._id)}`,
      );
      const offered = new Map<number | null, WaitlistEntry[]>();
      for (const entry of entries.filter((e) => e.status === 'offered'))
        offered.set(entry.index, [...(offered.get(entry.index) ?? []), entry]);
      for (const [index, held] of offered) {
        if (held.length > 1) doubleHeld += 1;
        if (held.some((entry) => entry._id !== firstEntry.get(`${slot._id}/${index}`))) outOfOrder += 1;
      }
    }
    const sorted = Float64Array.from(latencies).sort();
    figure(SUITE, 'waiters', places.length * PER_PLACE, '');
    figure(SUITE, 'offers_seen', seen.size, '');
    figure(SUITE, 'offer_latency_p50_ms', quantileOfSorted(sorted, 0.5), '');
    figure(SUITE, 'offer_latency_p95_ms', quantileOfSorted(sorted, 0.95), '');
    figure(SUITE, 'out_of_order', outOfOrder, '');
    figure(SUITE, 'double_held', doubleHeld, '');
  } finally {
    await stop();
  }
};
