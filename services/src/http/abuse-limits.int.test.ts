import argon2 from 'argon2';
import { DEMO_PASSWORD } from '@appointment/contracts/accounts';
import type { Provider } from '@appointment/contracts/catalogue';
import { MESSAGES } from '@appointment/contracts/messages';
import type { TimeSlot } from '@appointment/contracts/schedule';
import { dayKeyFromToday } from '@appointment/infra/testing/clock';
import {
  startTestPlatform,
  sunriseTimeSlots,
  type Caller,
  type TestPlatform,
} from '../testing/test-platform';

/**
 * One account may not hoard a provider's free slots, and one account's password may not be
 * guessed at from many addresses. Small limits here; 20 of each by default.
 */
const ZONE = 'Asia/Kolkata';

describe('abuse limits', () => {
  let test: TestPlatform;
  let user: Caller;
  let sunrise: Provider;
  let timeSlots: TimeSlot[];

  beforeAll(async () => {
    test = await startTestPlatform({
      demoData: true,
      name: 'abuse',
      env: { BOOKING_LIMIT: '3', ACCOUNT_LOGIN_LIMIT: '4' },
    });
    user = await test.signedIn('user@example.com');
    ({ sunrise, timeSlots } = await sunriseTimeSlots(user, 'Follow-up Visit'));
  });
  afterAll(async () => {
    await test.stop();
  });

  /** Books interval `part` of the `slot`-th time slot as `as` (the user), with its Idempotency-Key if given. */
  const book = (part: number, as: Caller = user, slot = 0, key?: string) =>
    as.op('book', {
      body: {
        servicename: 'Follow-up Visit',
        providerId: sunrise.id,
        timeslotId: timeSlots[slot]!._id,
        date: timeSlots[slot]!.date,
        index: String(part),
      },
      ...(key ? { headers: { 'Idempotency-Key': key } } : {}),
    });

  it('lets one account hold only so many upcoming appointments, and one more once it cancels one', async () => {
    const held = [];
    for (const part of [1, 2, 3]) {
      const booked = await book(part);
      expect(booked.status).toBe(201);
      held.push(booked.body.appointment._id);
    }
    const hoarding = await book(4);
    expect(hoarding.status).toBe(429);
    expect(hoarding.body.message).toBe(MESSAGES.tooManyBookings);

    const admin = await test.signedIn('admin@example.com');
    const cancelled = await admin.op('updateStatus', {
      body: {
        id: held[0],
        status: 'cancelled',
      },
    });
    expect(cancelled.status).toBe(200);
    expect((await book(4)).status).toBe(201);
  });

  it('answers a series sent again with its Idempotency-Key with that series, at the limit, and books no more', async () => {
    const admin = await test.signedIn('admin@example.com');
    const added = await admin.op('addTimeSlot', {
      body: {
        date: dayKeyFromToday(ZONE, 50),
        startTime: '16:00',
        endTime: '17:00',
        availableSlots: 4,
        addAsSlot: true,
        repeat: 'weekly',
        repeatUntil: dayKeyFromToday(ZONE, 64),
        serviceIds: ['Follow-up Visit'],
      },
    });
    expect(added.status).toBe(201);
    const rita = await test.registeredUser({
      name: 'Rita Retry',
      email: 'rita@example.com',
      phone: '9995550177',
    });
    const series = (starttime: string) => ({
      body: {
        servicename: 'Follow-up Visit',
        providerId: sunrise.id,
        date: dayKeyFromToday(ZONE, 50),
        starttime,
        every: 1,
        unit: 'weeks' as const,
        count: 3,
      },
      headers: { 'Idempotency-Key': `rita-${starttime}` },
    });
    // Three occurrences: Rita is at the limit of 3.
    const first = await rita.op('bookSeries', series('16:00'));
    expect(first.status).toBe(201);
    const idsOf = (answer: typeof first) => answer.body.bookings.map(({ appointment }) => appointment._id);
    expect(idsOf(first)).toHaveLength(3);
    // Her browser sends it again (a lost answer): the same series, not "too many bookings".
    const again = await rita.op('bookSeries', series('16:00'));
    expect(again.status).toBe(201);
    expect(again.body.seriesId).toBe(first.body.seriesId);
    expect(idsOf(again)).toEqual(idsOf(first));
    // Another series is over the limit; nothing more is held.
    const more = await rita.op('bookSeries', series('16:15'));
    expect(more.status).toBe(429);
    expect(more.body.message).toBe(MESSAGES.tooManyBookings);
    const held = await test.platform.pool.query(
      `SELECT 1 FROM es.events WHERE event_type = 'IntervalBooked' AND data->>'userId' = $1`,
      [(await rita.op('me')).body.user.id],
    );
    expect(held.rows).toHaveLength(3);
  });

  it('answers a booking sent again with its Idempotency-Key with that booking, at the limit', async () => {
    const sam = await test.registeredUser({
      name: 'Sam Again',
      email: 'sam@example.com',
      phone: '9995550178',
    });
    const bookAsSam = (part: number) => book(part, sam, 1, `sam-${part}`);
    const ids = [];
    for (const part of [1, 2, 3]) ids.push((await bookAsSam(part)).body.appointment._id);
    // The third answer was lost; the browser sends it again: the same booking, not 429.
    const again = await bookAsSam(3);
    expect(again.status).toBe(201);
    expect(again.body.appointment._id).toBe(ids[2]);
    expect((await bookAsSam(4)).status).toBe(429);
  });

  it("stops guessing one account's password from many addresses, and lets other accounts sign in", async () => {
    const guess = (address: string, password = 'not-the-password') =>
      test.caller().op('login', {
        body: { email: 'incharge@example.com', password },
        headers: { 'x-forwarded-for': address },
      });
    for (const address of ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4'])
      expect((await guess(address)).status).toBe(401);
    const blocked = await guess('203.0.113.5');
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(MESSAGES.tooManyAccountLogins);
    // Even the right password waits: the account is the one being guessed at.
    expect((await guess('203.0.113.6', 'password123')).status).toBe(429);
    expect((await test.caller().login('support@example.com')).status).toBe(200);
  });
});

/**
 * Sign-in spraying. 60 failed sign-ins over 60 e-mails from one address were never limited,
 * and each costs a password check (~0.3 s of CPU at the standard cost): 40 parallel bogus
 * sign-ins made a real one wait 6.7 s. Tests hash at the test cost, so the queue is checked
 * by what it lets run at once and in which order, not by time.
 */
describe('sign-in spraying', () => {
  let test: TestPlatform;

  beforeAll(async () => {
    test = await startTestPlatform({
      demoData: true,
      name: 'spraying',
      env: { LOGIN_ADDRESS_LIMIT: '30', PASSWORD_CONCURRENCY: '2' },
    });
  });
  afterAll(async () => {
    await test.stop();
  });

  const attempt = (address: string, email: string, password = 'not-the-password') =>
    test.caller().op('login', { body: { email, password }, headers: { 'x-forwarded-for': address } });

  it('stops one address guessing over many accounts, and lets other addresses sign in', async () => {
    for (let i = 0; i < 30; i++)
      expect((await attempt('198.51.100.7', `sprayed.${i}@example.org`)).status).toBe(401);
    const blocked = await attempt('198.51.100.7', 'sprayed.30@example.org');
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(MESSAGES.tooManyAddressLogins);
    expect((await attempt('198.51.100.7', 'user@example.com', DEMO_PASSWORD)).status).toBe(429);
    expect((await attempt('198.51.100.70', 'user@example.com', DEMO_PASSWORD)).status).toBe(200);
  });

  it('checks at most PASSWORD_CONCURRENCY passwords at once, and a real sign-in overtakes a failing address', async () => {
    // Each check takes 40 ms here, as the standard cost's do in production; counted on the way.
    const realVerify = argon2.verify.bind(argon2);
    let active = 0;
    let most = 0;
    const verify = jest.spyOn(argon2, 'verify').mockImplementation(async (...args) => {
      active++;
      most = Math.max(most, active);
      try {
        await new Promise((resolve) => setTimeout(resolve, 40));
        return await realVerify(...args);
      } finally {
        active--;
      }
    });
    try {
      const flooding = '198.51.100.8';
      for (let i = 0; i < 4; i++)
        expect((await attempt(flooding, `early.${i}@example.org`)).status).toBe(401);
      const finished: string[] = [];
      const flood = Array.from({ length: 12 }, (_, i) =>
        attempt(flooding, `flood.${i}@example.org`).then((reply) => {
          finished.push(`flood ${reply.status}`);
          return reply;
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 60));
      const real = await attempt('198.51.100.9', 'user@example.com', DEMO_PASSWORD);
      finished.push('real');
      expect(real.status).toBe(200);
      const statuses = (await Promise.all(flood)).map((reply) => reply.status);
      expect(statuses.every((status) => status === 401 || status === 503)).toBe(true);
      // Past the suspects' queue the answer is at once: busy, try again.
      const busy = (await Promise.all(flood)).find((reply) => reply.status === 503);
      expect(busy?.body.message).toBe(MESSAGES.signInBusy);
      expect(most).toBeLessThanOrEqual(2);
      // The real sign-in did not wait for the flood: checked guesses of the flood came after it.
      const afterReal = finished.slice(finished.indexOf('real') + 1);
      expect(afterReal.filter((entry) => entry === 'flood 401').length).toBeGreaterThanOrEqual(2);
    } finally {
      verify.mockRestore();
    }
  });
});
