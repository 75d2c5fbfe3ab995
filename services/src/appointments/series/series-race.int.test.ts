import { dayKeyFromToday } from '@appointment/infra/testing/clock';
import { sunriseIdOf, startTestPlatform, type Caller, type TestPlatform } from '../../testing/test-platform';

const ZONE = 'Asia/Kolkata';
const USERS = 100;
const WEEKS = 8;
const FIRST = 50;

/**
 * Issue 31: many users book overlapping weekly series at the same moment. No place is held twice
 * and no series is partly held: every series in the log has all the occurrences it names, each
 * answered 201 holds exactly what it asked for (or, free ones only, what it reports), each refusal
 * holds nothing. Read from the read model and from the event store.
 */
describe('recurring bookings racing each other', () => {
  let test: TestPlatform;
  let users: { caller: Caller; id: string }[];
  let sunriseId: string;

  beforeAll(async () => {
    test = await startTestPlatform({
      demoData: true,
      name: 'series_race',
      // Each racer registers and signs in from this one address.
      env: {
        BOOKING_LIMIT: '0',
        REGISTRATION_LIMIT: String(USERS + 10),
        LOGIN_ADDRESS_LIMIT: String(USERS + 10),
      },
    });
    const admin = await test.signedIn('admin@example.com');
    sunriseId = await sunriseIdOf(test);
    const added = await admin.op('addTimeSlot', {
      body: {
        date: dayKeyFromToday(ZONE, FIRST),
        startTime: '13:00',
        endTime: '14:00',
        availableSlots: 4,
        addAsSlot: true,
        repeat: 'weekly',
        repeatUntil: dayKeyFromToday(ZONE, FIRST + 7 * (WEEKS - 1)),
        serviceIds: ['Follow-up Visit'],
      },
    });
    expect(added.status).toBe(201);
    const register = async (i: number) => {
      const caller = await test.registeredUser({
        name: `Racer ${i}`,
        email: `racer${i}@example.com`,
        phone: `99955${String(i).padStart(5, '0')}`,
      });
      return { caller, id: (await caller.op('me')).body.user.id };
    };
    // Five at a time: password hashing answers 503 "busy" past its queue (services/src/auth/password-work.ts).
    users = [];
    for (let i = 0; i < USERS; i += 5)
      users.push(...(await Promise.all(Array.from({ length: 5 }, (_, k) => register(i + k)))));
  }, 300_000);
  afterAll(async () => {
    await test.stop();
  });

  it('holds no place twice and no series in part', async () => {
    // Starts in weeks 0–3 at 13:00, 13:15 or 13:30, three to five weeks long; every other user
    // takes the free ones only.
    const asked = users.map((user, i) => ({
      user,
      count: 3 + (i % 3),
      freeOnly: i % 2 === 1,
      body: {
        servicename: 'Follow-up Visit',
        providerId: sunriseId,
        date: dayKeyFromToday(ZONE, FIRST + 7 * (i % 4)),
        starttime: ['13:00', '13:15', '13:30'][Math.floor(i / 4) % 3]!,
        every: 1,
        unit: 'weeks' as const,
        count: 3 + (i % 3),
        ...(i % 2 === 1 ? { freeOnly: true } : {}),
      },
    }));
    const replies = await Promise.all(asked.map(({ user, body }) => user.caller.op('bookSeries', { body })));

    expect(replies.every((reply) => reply.status === 201 || reply.status === 409)).toBe(true);
    const won = replies.filter((reply) => reply.status === 201);
    expect(won.length).toBeGreaterThan(0);
    expect(replies.filter((reply) => reply.status === 409).length).toBeGreaterThan(0);

    // The read model, once it holds what each racer did: one holder per place at most.
    await Promise.all(users.map(({ caller }) => caller.op('list', { body: { filters: { status: 'all' } } })));
    const { rows: places } = await test.platform.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM rm_appointments.appointments
        WHERE provider_id = $1 AND date >= $2::date AND status <> 'cancelled'
        GROUP BY timeslot_id, interval_number`,
      [sunriseId, dayKeyFromToday(ZONE, FIRST)],
    );
    expect(places.length).toBeGreaterThan(0);
    expect(places.every((place) => place.n === 1)).toBe(true);

    // The log: one holder per place, and every series whole.
    const { rows: booked } = await test.platform.pool.query<{
      user_id: string;
      place: string;
      series_id: string;
      count: number;
    }>(
      `SELECT data->>'userId' AS user_id, data->>'timeSlotId' || '/' || (data->>'index') AS place,
              data->'series'->>'seriesId' AS series_id, (data->'series'->>'count')::int AS count
         FROM es.events WHERE event_type = 'IntervalBooked' AND data ? 'series'
          AND data->>'date' >= $1`,
      [dayKeyFromToday(ZONE, FIRST)],
    );
    expect(new Set(booked.map((row) => row.place)).size).toBe(booked.length);
    const bySeries = new Map<string, typeof booked>();
    for (const row of booked) bySeries.set(row.series_id, [...(bySeries.get(row.series_id) ?? []), row]);
    for (const rows of bySeries.values()) expect(rows.length).toBe(rows[0]!.count);
    expect(bySeries.size).toBe(won.length);

    // Each answer: what it says it holds is all its person holds; a refusal holds nothing.
    replies.forEach((reply, i) => {
      const { user, count, freeOnly } = asked[i]!;
      const held = booked.filter((row) => row.user_id === user.id);
      if (reply.status !== 201) {
        expect(held).toEqual([]);
        return;
      }
      const body = reply.body;
      expect(held.length).toBe(body.bookings.length);
      expect(body.bookings.length + body.skipped.length).toBe(count);
      if (!freeOnly) expect(body.bookings.length).toBe(count);
    });
  }, 120_000);
});
