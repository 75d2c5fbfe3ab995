import { MESSAGES } from '@appointment/contracts/messages';
import { dayKeyFromToday } from '@appointment/infra/testing/clock';
import {
  errorOf,
  sunriseIdOf,
  startTestPlatform,
  type Caller,
  type TestPlatform,
} from '../../testing/test-platform';

const ZONE = 'Asia/Kolkata';

/**
 * Recurring bookings (issue 31) over real HTTP: a series is held all at once or not at all, or
 * its free occurrences only when the user asks; each occurrence is a booking of its own, paid and
 * cancelled as one, and "this and the following ones" cancels the rest of the series.
 */
describe('recurring bookings', () => {
  let test: TestPlatform;
  let user: Caller;
  let other: Caller;
  let admin: Caller;
  let sunriseId: string;

  beforeAll(async () => {
    test = await startTestPlatform({ demoData: true, name: 'series_bookings', env: { BOOKING_LIMIT: '0' } });
    [user, admin] = await Promise.all([
      test.signedIn('user@example.com'),
      test.signedIn('admin@example.com'),
    ]);
    other = await test.registeredUser({ name: 'Olga Other', email: 'olga@example.com', phone: '9995550123' });
    sunriseId = await sunriseIdOf(test);
  });
  afterAll(async () => {
    await test.stop();
  });

  /** Weekly time slots of Sunrise from `offset` days ahead, `weeks` of them, 4 intervals of 15 minutes. */
  const weekly = async (
    offset: number,
    startTime: string,
    endTime: string,
    services: string[],
    weeks = 6,
  ) => {
    const added = await admin.op('addTimeSlot', {
      body: {
        date: dayKeyFromToday(ZONE, offset),
        startTime,
        endTime,
        availableSlots: 4,
        addAsSlot: true,
        repeat: 'weekly',
        repeatUntil: dayKeyFromToday(ZONE, offset + 7 * (weeks - 1)),
        serviceIds: services,
      },
    });
    expect(added.status).toBe(201);
  };

  /** A weekly series of Follow-up Visits from `offset` days ahead at `starttime`. */
  const series = (offset: number, starttime: string, extra: { count?: number; freeOnly?: boolean } = {}) => ({
    body: {
      servicename: 'Follow-up Visit',
      providerId: sunriseId,
      date: dayKeyFromToday(ZONE, offset),
      starttime,
      every: 1,
      unit: 'weeks' as const,
      count: extra.count ?? 6,
      ...(extra.freeOnly ? { freeOnly: true } : {}),
    },
  });

  /** Olga books one Follow-up Visit alone, `offset` days ahead. */
  const olgaTakes = async (offset: number, starttime: string, index: number) => {
    const taken = await other.op('book', {
      body: {
        servicename: 'Follow-up Visit',
        providerId: sunriseId,
        date: dayKeyFromToday(ZONE, offset),
        starttime,
        index,
      },
    });
    expect(taken.status).toBe(201);
  };

  /**
   * The appointments of the read model that hold a place of `userId` at `time` from `offset` on,
   * once it holds what the person did (their list waits for it, as their next read would).
   */
  const heldBy = async (userId: string, offset: number, time: string) => {
    const caller = userId === (await other.op('me')).body.user.id ? other : user;
    await caller.op('list', { body: { filters: { status: 'all' } } });
    return (
      await test.platform.pool.query<{ id: string; date: string; series: { occurrence: number } | null }>(
        `SELECT id, date::text AS date, series FROM rm_appointments.appointments
          WHERE user_id = $1 AND start_time = $2 AND date >= $3::date AND status <> 'cancelled'
          ORDER BY starts_at`,
        [userId, time, dayKeyFromToday(ZONE, offset)],
      )
    ).rows;
  };

  it('books a 6-week series at once: six bookings of one series, previewed free first', async () => {
    await weekly(40, '13:00', '14:00', ['Follow-up Visit']);
    const preview = await user.op('previewSeries', series(40, '13:15'));
    expect(preview.status).toBe(200);
    expect(preview.body.occurrences.map((o) => [o.occurrence, o.date, o.free, o.index])).toEqual(
      Array.from({ length: 6 }, (_, k) => [k + 1, dayKeyFromToday(ZONE, 40 + 7 * k), true, 2]),
    );
    // The preview held nothing.
    const userId = (await user.op('me')).body.user.id;
    expect(await heldBy(userId, 40, '13:15')).toEqual([]);

    const booked = await user.op('bookSeries', series(40, '13:15'));
    expect(booked.status).toBe(201);
    expect(booked.body.message).toBe(MESSAGES.seriesBooked);
    expect(booked.body.skipped).toEqual([]);
    expect(booked.body.bookings.map(({ appointment }) => [appointment.date, appointment.series])).toEqual(
      Array.from({ length: 6 }, (_, k) => [
        dayKeyFromToday(ZONE, 40 + 7 * k),
        { seriesId: booked.body.seriesId, occurrence: k + 1, count: 6 },
      ]),
    );
    // A free service with automatic booking: each is scheduled at once, as a single booking is.
    expect(
      booked.body.bookings.every(({ appointment, order }) => appointment.status === 'scheduled' && !order),
    ).toBe(true);
    const held = await heldBy(userId, 40, '13:15');
    expect(held.map((row) => row.series?.occurrence)).toEqual([1, 2, 3, 4, 5, 6]);
    // The provider's history tells each occurrence as part of the series.
    const history = await test.platform.pool.query<{ summary: string }>(
      `SELECT summary FROM rm_history.entries WHERE type = 'IntervalBooked' AND summary LIKE '%of 6 of a series.'`,
    );
    expect(history.rows).toHaveLength(6);
  });

  it('refuses the whole series when one occurrence is taken (nothing held), or books the free ones only', async () => {
    await weekly(41, '13:00', '14:00', ['Follow-up Visit']);
    // Olga takes the fourth week's place alone.
    await olgaTakes(41 + 21, '13:30', 3);
    const userId = (await user.op('me')).body.user.id;

    const preview = await user.op('previewSeries', series(41, '13:30'));
    expect(preview.body.occurrences.map((o) => o.free)).toEqual([true, true, true, false, true, true]);
    expect(preview.body.occurrences[3]!.reason).toBe(MESSAGES.slotJustBooked);

    const refused = await user.op('bookSeries', series(41, '13:30'));
    expect(refused.status).toBe(409);
    expect(errorOf(refused).message).toBe(MESSAGES.seriesNotFree);
    expect(JSON.stringify(errorOf(refused))).toContain(dayKeyFromToday(ZONE, 41 + 21));
    // Nothing was held: not in the read model, not in the log.
    expect(await heldBy(userId, 41, '13:30')).toEqual([]);
    const logged = await test.platform.pool.query(
      `SELECT 1 FROM es.events WHERE event_type = 'IntervalBooked' AND data->>'userId' = $1
          AND data->>'date' >= $2 AND data ? 'series' AND data->>'startDateTime' LIKE '%T08:00:00.000Z'`,
      [userId, dayKeyFromToday(ZONE, 41)],
    );
    expect(logged.rows).toEqual([]);

    const freeOnly = await user.op('bookSeries', series(41, '13:30', { freeOnly: true }));
    expect(freeOnly.status).toBe(201);
    expect(freeOnly.body.bookings.map(({ appointment }) => appointment.series?.occurrence)).toEqual([
      1, 2, 3, 4, 5,
    ]);
    expect(freeOnly.body.skipped.map((o) => [o.occurrence, o.free])).toEqual([[4, false]]);
    expect((await heldBy(userId, 41, '13:30')).map((row) => row.date)).toEqual(
      [0, 1, 2, 4, 5].map((k) => dayKeyFromToday(ZONE, 41 + 7 * k)),
    );
  });

  it('cancels one occurrence, or it and all the following ones, each by the cancel lifecycle', async () => {
    await weekly(42, '13:00', '14:00', ['Follow-up Visit']);
    const booked = await user.op('bookSeries', series(42, '13:45'));
    expect(booked.status).toBe(201);
    const ids = booked.body.bookings.map(({ appointment }) => appointment._id);
    const userId = (await user.op('me')).body.user.id;

    const one = await user.op('cancelAppointment', { params: { id: ids[1]! } });
    expect(one.status).toBe(200);
    expect((await heldBy(userId, 42, '13:45')).map((row) => row.series?.occurrence)).toEqual([1, 3, 4, 5, 6]);

    // Another person may not cancel them.
    expect((await other.op('cancelFollowing', { params: { id: ids[3]! } })).status).toBe(404);
    const following = await user.op('cancelFollowing', { params: { id: ids[3]! } });
    expect(following.status).toBe(200);
    expect(following.body.message).toBe(MESSAGES.seriesCancelled);
    expect(following.body.appointments.map((a) => [a.series?.occurrence, a.status])).toEqual([
      [4, 'cancelled'],
      [5, 'cancelled'],
      [6, 'cancelled'],
    ]);
    expect((await heldBy(userId, 42, '13:45')).map((row) => row.series?.occurrence)).toEqual([1, 3]);
    // Each cancellation is its own event, by its user.
    const events = await test.platform.pool.query(
      `SELECT 1 FROM es.events WHERE event_type = 'AppointmentStatusChanged' AND data->>'by' = 'user'
          AND data->>'appointmentId' = ANY($1::text[])`,
      [ids],
    );
    expect(events.rows).toHaveLength(4);
    // A booking not of a series has no following ones.
    const single = await user.op('book', {
      body: {
        servicename: 'Follow-up Visit',
        providerId: sunriseId,
        date: dayKeyFromToday(ZONE, 42),
        starttime: '13:00',
        index: 1,
      },
    });
    const notSeries = await user.op('cancelFollowing', { params: { id: single.body.appointment._id } });
    expect(notSeries.status).toBe(422);
    expect(errorOf(notSeries).message).toBe(MESSAGES.notASeries);
  });

  it('moves an occurrence and all the following ones by the same shift, all or none, each under its policy', async () => {
    await weekly(45, '10:00', '11:00', ['Follow-up Visit']);
    await weekly(46, '10:00', '11:00', ['Follow-up Visit']);
    const booked = await user.op('bookSeries', series(45, '10:00'));
    expect(booked.status).toBe(201);
    const ids = booked.body.bookings.map(({ appointment }) => appointment._id);
    const userId = (await user.op('me')).body.user.id;
    /** Each occurrence still held: [occurrence, days from today, time]. */
    const where = async () =>
      (
        await test.platform.pool.query<{ occurrence: number; date: string; time: string }>(
          `SELECT (series->>'occurrence')::int AS occurrence, date::text AS date, start_time AS time
             FROM rm_appointments.appointments WHERE id = ANY($1::text[]) AND status <> 'cancelled'
            ORDER BY (series->>'occurrence')::int`,
          [ids],
        )
      ).rows.map((row) => [
        row.occurrence,
        Array.from({ length: 90 }, (_, d) => d).find((d) => dayKeyFromToday(ZONE, d) === row.date),
        row.time,
      ]);
    const slotOf = async (offset: number) =>
      (
        await test.platform.pool.query<{ id: string }>(
          `SELECT id FROM rm_schedule.time_slots WHERE date = $1::date AND start_time = '10:00'`,
          [dayKeyFromToday(ZONE, offset)],
        )
      ).rows[0]!.id;
    const moveFollowing = (occurrence: number, offset: number, index: number) =>
      slotOf(offset).then((timeslotId) =>
        user.op('rescheduleFollowing', { params: { id: ids[occurrence - 1]! }, body: { timeslotId, index } }),
      );

    // Olga holds week 5's 10:30: from the third on to 10:30 is refused whole, naming the fifth.
    await olgaTakes(45 + 28, '10:30', 3);
    const refused = await moveFollowing(3, 45 + 14, 3);
    expect(refused.status).toBe(409);
    expect(errorOf(refused).message).toBe(MESSAGES.seriesNotMovable);
    expect(JSON.stringify(errorOf(refused))).toContain('occurrence 5');
    const before = Array.from({ length: 6 }, (_, k) => [k + 1, 45 + 7 * k, '10:00']);
    expect(await where()).toEqual(before);
    // Another person may not move them; a booking not of a series has no following ones.
    expect(
      (await other.op('rescheduleFollowing', { params: { id: ids[2]! }, body: { timeslotId: 'x' } })).status,
    ).toBe(404);

    // From the third on to 10:15: the first two stay, four move within their time slots.
    const within = await moveFollowing(3, 45 + 14, 2);
    expect(within.status).toBe(200);
    expect(within.body.message).toBe(MESSAGES.seriesRescheduled);
    expect(within.body.appointments.map((a) => [a.series?.occurrence, a.startTime, a.reschedules])).toEqual([
      [3, '10:15', 1],
      [4, '10:15', 1],
      [5, '10:15', 1],
      [6, '10:15', 1],
    ]);
    // From the fifth on to the next day: two moves between time slots, none left under way.
    const nextDay = await moveFollowing(5, 46 + 28, 2);
    expect(nextDay.status).toBe(200);
    // The same request again (its answer lost) finds them there and answers them as they are.
    const again = await moveFollowing(5, 46 + 28, 2);
    expect(again.status).toBe(200);
    expect(again.body.appointments).toEqual(nextDay.body.appointments);
    expect(await where()).toEqual([
      [1, 45, '10:00'],
      [2, 52, '10:00'],
      [3, 59, '10:15'],
      [4, 66, '10:15'],
      [5, 74, '10:15'],
      [6, 81, '10:15'],
    ]);
    const underWay = await test.platform.pool.query(
      'SELECT 1 FROM rm_appointments.moves WHERE appointment_id = ANY($1::text[])',
      [ids],
    );
    expect(underWay.rows).toEqual([]);
    // Each move is its own event, by its user, as a single reschedule's.
    const moved = await test.platform.pool.query(
      `SELECT 1 FROM es.events WHERE event_type = 'AppointmentMovedIn' AND data->>'by' = 'user'
          AND data->>'appointmentId' = ANY($1::text[])`,
      [ids],
    );
    expect(moved.rows).toHaveLength(6);

    // The fifth and sixth have been moved as often as their policy allows (2): back a day is refused.
    const limited = await moveFollowing(5, 45 + 28, 2);
    expect(limited.status).toBe(422);
    expect(errorOf(limited).message).toBe(MESSAGES.seriesNotMovable);
    expect(errorOf(limited).errors?.map((e) => [e.field, e.message])).toEqual([
      [
        'occurrence 5',
        `${dayKeyFromToday(ZONE, 74)} → ${dayKeyFromToday(ZONE, 73)}: ${MESSAGES.rescheduleLimit}`,
      ],
      [
        'occurrence 6',
        `${dayKeyFromToday(ZONE, 81)} → ${dayKeyFromToday(ZONE, 80)}: ${MESSAGES.rescheduleLimit}`,
      ],
    ]);
    expect((await where()).slice(4)).toEqual([
      [5, 74, '10:15'],
      [6, 81, '10:15'],
    ]);
    const userMoves = await heldBy(userId, 45, '10:15');
    expect(userMoves.map((row) => row.series?.occurrence)).toEqual([3, 4, 5, 6]);
  });

  it('books a series only of a service that allows it, and orders each paid occurrence on its own', async () => {
    const notAllowed = await user.op('previewSeries', {
      body: { ...series(43, '13:00').body, servicename: 'General Consultation' },
    });
    expect(notAllowed.status).toBe(422);
    expect(errorOf(notAllowed).message).toBe(MESSAGES.seriesNotAllowed);

    const added = await admin.op('addService', {
      body: { name: 'Physiotherapy', duration: 15, price: 20, allowRecurring: true },
    });
    expect(added.status).toBe(201);
    expect(added.body.service.allowRecurring).toBe(true);
    await weekly(43, '15:00', '16:00', ['Physiotherapy'], 3);
    const booked = await user.op('bookSeries', {
      body: { ...series(43, '15:00', { count: 3 }).body, servicename: 'Physiotherapy' },
    });
    expect(booked.status).toBe(201);
    const orders = booked.body.bookings.map(({ order }) => order?.id);
    expect(new Set(orders).size).toBe(3);
    expect(
      booked.body.bookings.every(({ appointment, checkout }) => appointment.status === 'pending' && checkout),
    ).toBe(true);
    // Each occurrence is paid like a single booking: its order is on record with it.
    const paid = await user.post('/api/payments/sandbox/pay', { orderId: orders[1] });
    expect(paid.status).toBe(200);
  });

  it('books a series once for one Idempotency-Key, sent twice at once and again later', async () => {
    await weekly(90, '11:00', '12:00', ['Follow-up Visit'], 3);
    const request = { ...series(90, '11:00', { count: 3 }), headers: { 'Idempotency-Key': 'series-twice' } };
    const [first, second] = await Promise.all([
      user.op('bookSeries', request),
      user.op('bookSeries', request),
    ]);
    const again = await user.op('bookSeries', request);
    const idsOf = (answer: typeof first) => answer.body.bookings.map(({ appointment }) => appointment._id);
    for (const answer of [first, second, again]) {
      expect(answer.status).toBe(201);
      expect(answer.body.seriesId).toBe(first.body.seriesId);
      expect(idsOf(answer)).toEqual(idsOf(first));
      expect(answer.body.skipped).toEqual([]);
    }
    const userId = (await user.op('me')).body.user.id;
    expect((await heldBy(userId, 90, '11:00')).map((row) => row.series?.occurrence)).toEqual([1, 2, 3]);
    // The same key for another request is refused.
    const other = await user.op('bookSeries', {
      ...series(90, '11:15', { count: 3 }),
      headers: { 'Idempotency-Key': 'series-twice' },
    });
    expect(other.status).toBe(422);
    expect(errorOf(other)).toEqual({ message: MESSAGES.idempotencyKeyReused });
  });

  it('asks for 2 to 12 occurrences, every 1 to 52 days or weeks', async () => {
    const tooMany = await user.op('bookSeries', series(44, '13:00', { count: 13 }));
    expect(tooMany.status).toBe(400);
    expect(errorOf(tooMany).message).toContain(MESSAGES.seriesCountInvalid);
    const never = await user.op('bookSeries', { body: { ...series(44, '13:00').body, every: 0 } });
    expect(never.status).toBe(400);
  });
});
