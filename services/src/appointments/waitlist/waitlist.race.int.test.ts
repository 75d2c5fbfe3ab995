import { addDays, format } from 'date-fns';
import { dayKeyIn, type TimeSlot } from '@appointment/contracts/schedule';
import type { WaitlistEntry } from '@appointment/contracts/waitlist';
import { testClock } from '@appointment/infra/testing/clock';
import { loadState } from '../../domain/command-handler';
import { startTestPlatform, type Caller, type TestPlatform } from '../../testing/test-platform';
import { timeSlotDecider, timeSlotStream } from '../book/time-slot.decider';

/**
 * The waitlist under races (issue 31, lean): 100 waiters on a block of 20 places and its 20
 * bookings cancelled at once, while a rival books the same block at the same moments. Every
 * freed place goes to the next waiter in order of joining, none is held twice, and the rival's
 * normal bookings all lose to the offers.
 */
describe('the waitlist under races', () => {
  let test: TestPlatform;
  let admin: Caller;
  let holder: Caller;
  let rival: Caller;
  let waiters: Caller[];
  let providerId: string;
  const SERVICE = 'Follow-up Visit';
  const PLACES = 20;
  const WAITERS = 100;

  beforeAll(async () => {
    test = await startTestPlatform({
      demoData: true,
      name: 'waitlist-race',
      env: { BOOKING_LIMIT: '0', REGISTRATION_LIMIT: '1000' },
    });
    admin = await test.signedIn('admin@example.com');
    const register = (n: number) =>
      test.registeredUser({
        name: `Racer ${n}`,
        email: `racer-${n}@example.com`,
        phone: `99966${String(n).padStart(5, '0')}`,
      });
    [holder, rival] = await Promise.all([register(0), register(1)]);
    waiters = [];
    // Five at a time: password hashing answers 503 "busy" past its queue (services/src/auth/password-work.ts).
    for (let n = 0; n < WAITERS; n += 5)
      waiters.push(...(await Promise.all(Array.from({ length: 5 }, (_, i) => register(100 + n + i)))));
    providerId = (await holder.op('fetchProviders', { body: { search: 'Sunrise' } })).body.providers[0]!.id;
  }, 600_000);
  afterAll(async () => {
    await test.stop();
  });

  it('offers the freed places in order of joining, holds none twice, and the racing bookings lose', async () => {
    const date = format(
      addDays(new Date(`${dayKeyIn(testClock(), 'Asia/Kolkata')}T12:00:00`), 170),
      'yyyy-MM-dd',
    );
    const added = await admin.op('addTimeSlot', {
      body: {
        date,
        startTime: '18:00',
        endTime: '19:00',
        addAsSlot: false,
        availableSlots: PLACES,
        serviceIds: [SERVICE],
      },
    });
    const slot: TimeSlot = added.body.timeslots[0]!;
    const book = (caller: Caller) =>
      caller.op('book', {
        body: { servicename: SERVICE, providerId, timeslotId: slot._id, date: slot.date },
      });
    const held: string[] = [];
    for (let i = 0; i < PLACES; i++) {
      const booked = await book(holder);
      expect(booked.status).toBe(201);
      held.push(booked.body.appointment._id);
    }
    // The waiters join all at once: the order of joining is the order the time slot recorded.
    const joins = await Promise.all(
      waiters.map((w) => w.op('joinWaitlist', { body: { timeslotId: slot._id } })),
    );
    expect(joins.every((j) => j.status === 201)).toBe(true);
    const order = (await admin.op('listWaitlist', { query: { timeslotId: slot._id } })).body.entries.map(
      (e) => e._id,
    );
    expect(order).toHaveLength(WAITERS);

    // Every booking cancelled at once, a rival booking the block at each of the same moments.
    const [cancels, rivals] = await Promise.all([
      Promise.all(held.map((id) => holder.op('cancelAppointment', { params: { id } }))),
      Promise.all(held.map(() => book(rival))),
    ]);
    expect(cancels.every((c) => c.status === 200)).toBe(true);
    expect(rivals.map((r) => r.status)).toEqual(held.map(() => 409));

    const state = await loadState(test.platform.store, timeSlotStream(slot._id), timeSlotDecider);
    if (state.status === 'none') throw new Error('no time slot');
    const offeredIds = (state.waitlist?.waiters ?? [])
      .filter((w) => w.status === 'offered')
      .map((w) => w.entryId);
    // Exactly the first twenty, in order of joining; with the bookings, never more than the places.
    expect(offeredIds).toEqual(order.slice(0, PLACES));
    const holding = state.appointments.filter((a) => a.status !== 'cancelled').length;
    expect(holding + offeredIds.length).toBe(PLACES);

    // Claims of every offer at once, each twice, and the rival again: each offer books once.
    const entries = await Promise.all(
      waiters.map(async (w) => {
        for (let i = 0; i < 200; i++) {
          const mine: WaitlistEntry | undefined = (await w.op('listWaitlist', { query: {} })).body.entries[0];
          if (mine && mine.status !== 'waiting') return { caller: w, entry: mine };
          if (mine && !offeredIds.includes(mine._id)) return { caller: w, entry: mine };
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        throw new Error('no entry');
      }),
    );
    const offered = entries.filter((e) => e.entry.offer);
    expect(offered.map((e) => e.entry._id).sort()).toEqual([...offeredIds].sort());
    const [claims, lateRivals] = await Promise.all([
      Promise.all(
        offered.flatMap(({ caller, entry }) => [
          caller.op('claimOffer', { params: { id: entry.offer!.id } }),
          caller.op('claimOffer', { params: { id: entry.offer!.id } }),
        ]),
      ),
      Promise.all(offered.map(() => book(rival))),
    ]);
    expect(claims.every((c) => c.status === 201)).toBe(true);
    expect(lateRivals.every((r) => r.status === 409)).toBe(true);
    const after = await loadState(test.platform.store, timeSlotStream(slot._id), timeSlotDecider);
    if (after.status === 'none') throw new Error('no time slot');
    const booked = after.appointments.filter((a) => a.status !== 'cancelled');
    expect(booked).toHaveLength(PLACES);
    expect(new Set(booked.map((a) => a.userId)).size).toBe(PLACES);
    expect((after.waitlist?.waiters ?? []).filter((w) => w.status === 'offered')).toHaveLength(0);
  }, 600_000);
});
