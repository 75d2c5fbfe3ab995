import { MESSAGES } from '@appointment/contracts/messages';
import type { TimeSlot } from '@appointment/contracts/schedule';
import { dayKeyFromToday } from '@appointment/infra/testing/clock';
import { BEHIND_PARKED, listParked, retryParked } from '@appointment/projections/parking';
import { rebuildProjection } from '@appointment/projections/rebuild';
import { scheduleProjection } from '@appointment/projections/schedule.projection';
import {
  startTestPlatform,
  sunriseTimeSlots,
  type Caller,
  type TestPlatform,
} from '../testing/test-platform';

/**
 * No request may stop a read model for everyone. The outside probe's two requests, refused now,
 * and the read models moving on after them.
 */
describe('resilience of the read side', () => {
  let test: TestPlatform;
  let admin: Caller;
  let user: Caller;
  let providerId: string;
  let zone: string;
  let timeSlots: TimeSlot[];

  const book = (caller: Caller, slot: TimeSlot, index: number, key: string) =>
    caller.op('book', {
      body: {
        servicename: 'General Consultation',
        providerId,
        timeslotId: slot._id,
        date: slot.date,
        index: String(index),
      },
      headers: { 'Idempotency-Key': key },
    });

  /** A time slot added now, as the admin lists it right after. */
  const addedAndListed = async (offset: number, startTime: string, endTime: string) => {
    const added = await admin.op('addTimeSlot', {
      body: {
        date: dayKeyFromToday(zone, offset),
        startTime,
        endTime,
        serviceIds: ['General Consultation'],
      },
    });
    expect(added.status).toBe(201);
    const listed = await admin.op('fetchAllSlots');
    return listed.body.timeslots.map((slot) => slot._id).includes(added.body.timeslots[0]!._id);
  };

  beforeAll(async () => {
    test = await startTestPlatform({ demoData: true, name: 'resilience' });
    admin = await test.signedIn('admin@example.com');
    user = await test.signedIn('user@example.com');
    const found = await sunriseTimeSlots(user, 'General Consultation');
    providerId = found.sunrise.id;
    zone = found.sunrise.timezone;
    timeSlots = found.timeSlots;
  });
  afterAll(async () => {
    await test.stop();
  });

  it('binds an idempotency key to its caller and first request: another request with it is refused, and nothing stalls', async () => {
    // The probe: one key over two time slots answered 201 twice with one appointment id, and the
    // second booking stopped the schedule read model for every provider.
    const first = await book(user, timeSlots[0]!, 1, 'probe-key');
    expect(first.status).toBe(201);
    const other = await book(user, timeSlots[1]!, 1, 'probe-key');
    expect(other).toMatchObject({ status: 422, body: { message: MESSAGES.idempotencyKeyReused } });
    const otherInterval = await book(user, timeSlots[0]!, 2, 'probe-key');
    expect(otherInterval.status).toBe(422);
    // The same request again answers the first answer.
    const again = await book(user, timeSlots[0]!, 1, 'probe-key');
    expect(again.status).toBe(201);
    expect(again.body.appointment._id).toBe(first.body.appointment._id);
    // A key is its caller's: another person's request with it is their own.
    const newcomer = await test.registeredUser({
      name: 'Key Holder',
      email: 'key.holder@example.org',
      phone: '5551234567',
    });
    const theirs = await book(newcomer, timeSlots[1]!, 1, 'probe-key');
    expect(theirs.status).toBe(201);
    expect(theirs.body.appointment._id).not.toBe(first.body.appointment._id);
    // The read models keep moving: a time slot added now is listed at once.
    expect(await addedAndListed(40, '05:00', '05:30')).toBe(true);
  });

  it('parks an event the schedule cannot apply, with the rest of its stream, and goes on with every other stream', async () => {
    const { pool, store } = test.platform;
    const superadmin = await test.signedIn('superadmin@example.com');
    const health = async () => (await superadmin.op('health')).body;
    // A data error in one time slot's events: a rule of the read model that only it breaks.
    await pool.query(
      `ALTER TABLE rm_schedule.time_slots ADD CONSTRAINT poison CHECK (start_time <> '04:44')`,
    );
    let poisonedStream: string;
    try {
      const poisoned = await admin.op('addTimeSlot', {
        body: {
          date: dayKeyFromToday(zone, 41),
          startTime: '04:44',
          // As long as the service (the duration rule), on a day of its own.
          endTime: '05:20',
          serviceIds: ['General Consultation'],
        },
      });
      expect(poisoned.status).toBe(201);
      // Every other stream goes on: a time slot added next is listed at once.
      expect(await addedAndListed(42, '05:00', '05:30')).toBe(true);
      const [parked, ...others] = await listParked(pool, 'schedule');
      expect(others).toEqual([]);
      expect(parked).toMatchObject({ projection: 'schedule', eventType: 'TimeSlotAdded' });
      expect(parked!.error).toContain('poison');
      poisonedStream = parked!.streamName;
      // A later event of the parked stream waits behind it, in order: here the probe's year 10000.
      const [added] = await store.readStream(poisonedStream);
      await store.append(poisonedStream, [
        {
          type: 'TimeSlotAdded',
          data: {
            ...added!.data,
            date: '10000-01-01',
            startDateTime: '+010000-01-01T04:44:00.000Z',
            endDateTime: '+010000-01-01T05:00:00.000Z',
          },
          metadata: added!.metadata,
        },
      ]);
      expect(await addedAndListed(43, '05:00', '05:30')).toBe(true);
      expect((await listParked(pool, 'schedule')).map((event) => event.error)).toEqual([
        parked!.error,
        BEHIND_PARKED,
      ]);
      expect(await health()).toMatchObject({ status: 'degraded', parked: 2 });
    } finally {
      await pool.query('ALTER TABLE rm_schedule.time_slots DROP CONSTRAINT poison');
    }
    // After the fix, the operator retries: the first applies now; year 10000 stays parked.
    expect(await retryParked(pool, store, scheduleProjection)).toEqual({
      projection: 'schedule',
      applied: 1,
      stillParked: 1,
    });
    const listed = await admin.op('fetchAllSlots');
    expect(listed.body.timeslots.some((slot) => slot.startTime === '04:44')).toBe(true);
    const [left] = await listParked(pool, 'schedule');
    expect(left).toMatchObject({ streamName: poisonedStream });
    expect(left!.error).not.toBe(BEHIND_PARKED);
    expect(await health()).toMatchObject({ status: 'degraded', parked: 1 });
    // A rebuild parks the same event instead of failing, and keeps every other row.
    const before = listed.body.timeslots.length;
    await rebuildProjection(pool, store, scheduleProjection);
    expect((await listParked(pool, 'schedule')).map((event) => event.eventId)).toEqual([left!.eventId]);
    const rebuilt = await admin.op('fetchAllSlots');
    expect(rebuilt.body.timeslots).toHaveLength(before);
  });
});
