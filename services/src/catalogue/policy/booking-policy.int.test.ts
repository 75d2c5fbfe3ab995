import { MESSAGES } from '@appointment/contracts/messages';
import { DEFAULT_BOOKING_POLICY, type BookingPolicy } from '@appointment/contracts/policy';
import { readEvent } from '@appointment/contracts/events/read-event';
import { testNow } from '@appointment/infra/testing/clock';
import { timeSlotStream } from '../../appointments/book/time-slot.decider';
import {
  errorOf,
  sunriseTimeSlots,
  startTestPlatform,
  type Caller,
  type TestPlatform,
} from '../../testing/test-platform';

const strict: BookingPolicy = {
  cancelDeadlineHours: 48,
  rescheduleDeadlineHours: 12,
  lateCancelFee: { kind: 'percent', value: 50 },
  noShowCharged: true,
  maxReschedules: 1,
  bufferMinutes: 15,
  minimumNoticeMinutes: 120,
  waitlistOfferMinutes: 15,
};

/**
 * A provider's booking policy (issue 29): its admin sets it on the Services screen, its staff
 * read it, and each booking records the one in force, so changing it changes no past booking.
 */
describe('the booking policy', () => {
  let test: TestPlatform;
  let admin: Caller;
  let incharge: Caller;
  let user: Caller;

  beforeAll(async () => {
    test = await startTestPlatform({ demoData: true, name: 'booking_policy' });
    [admin, incharge, user] = await Promise.all([
      test.signedIn('admin@example.com'),
      test.signedIn('incharge@example.com'),
      test.signedIn('user@example.com'),
    ]);
  });
  afterAll(async () => {
    await test.stop();
  });

  /** The policy the booking of `appointmentId` recorded, read from its time slot's stream. */
  const recordedPolicy = async (timeSlotId: string, appointmentId: string) => {
    const events = await test.platform.store.readStream(timeSlotStream(timeSlotId));
    const booked = events
      .map((event) => readEvent('IntervalBooked', event))
      .find((data) => data?.appointmentId === appointmentId);
    return booked?.policy;
  };

  it('starts from the default: cancel and reschedule up to 24 h before, no fee, 2 reschedules', async () => {
    // Not chosen yet: the new provider's dashboard asks its admin to set it (issue 32).
    expect((await admin.op('bookingPolicy')).body).toEqual({ policy: DEFAULT_BOOKING_POLICY, chosen: false });
    expect((await incharge.op('bookingPolicy')).body).toEqual({
      policy: DEFAULT_BOOKING_POLICY,
      chosen: false,
    });
    expect((await user.op('bookingPolicy')).status).toBe(403);
  });

  it('is set by the admin only, and refuses what is out of range with the field and its message', async () => {
    expect((await incharge.op('setBookingPolicy', { body: strict })).status).toBe(403);
    expect((await user.op('setBookingPolicy', { body: strict })).status).toBe(403);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ cancelDeadlineHours: -1 }, 'cancelDeadlineHours', MESSAGES.policyHours],
      [{ rescheduleDeadlineHours: 1.5 }, 'rescheduleDeadlineHours', MESSAGES.policyHours],
      [{ lateCancelFee: { kind: 'percent', value: 120 } }, 'lateCancelFee.value', MESSAGES.policyFeePercent],
      [{ lateCancelFee: { kind: 'fixed', value: -5 } }, 'lateCancelFee.value', MESSAGES.policyFeeAmount],
      [{ maxReschedules: 50 }, 'maxReschedules', MESSAGES.policyMaxReschedules],
    ];
    for (const [change, field, message] of cases) {
      const reply = await admin.opUnchecked('setBookingPolicy', { body: { ...strict, ...change } });
      expect(reply.status).toBe(400);
      expect(errorOf(reply).errors).toContainEqual({ field, message });
    }
    expect((await admin.op('bookingPolicy')).body.policy).toEqual(DEFAULT_BOOKING_POLICY);

    const saved = await admin.op('setBookingPolicy', { body: strict });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ message: MESSAGES.policySaved, policy: strict });
    expect((await incharge.op('bookingPolicy')).body.policy).toEqual(strict);
  });

  /** Books part `index` of the first Follow-up Visit time slot a day or more ahead. */
  const book = async (index: number) => {
    const { sunrise, timeSlots } = await sunriseTimeSlots(user, 'Follow-up Visit', testNow() + 86_400_000);
    const timeSlot = timeSlots[0]!;
    const booked = await user.op('book', {
      body: {
        servicename: 'Follow-up Visit',
        providerId: sunrise.id,
        timeslotId: timeSlot._id,
        date: timeSlot.date,
        index: String(index),
      },
    });
    expect(booked.status).toBe(201);
    return { timeSlot, appointment: booked.body.appointment };
  };

  it('is recorded in each booking; a later change leaves the bookings made before as they were', async () => {
    const first = await book(1);
    expect(await recordedPolicy(first.timeSlot._id, first.appointment._id)).toEqual(strict);

    const relaxed: BookingPolicy = { ...DEFAULT_BOOKING_POLICY, cancelDeadlineHours: 2 };
    await admin.op('setBookingPolicy', { body: relaxed });
    const second = await book(2);
    expect(await recordedPolicy(second.timeSlot._id, second.appointment._id)).toEqual(relaxed);
    // The log read again: the first booking still holds the policy it was made under.
    expect(await recordedPolicy(first.timeSlot._id, first.appointment._id)).toEqual(strict);

    // The same policy again records nothing; the history tells each change.
    const before = (await test.platform.pool.query(`SELECT count(*)::int AS n FROM es.events`)).rows[0].n;
    await admin.op('setBookingPolicy', { body: relaxed });
    const after = (await test.platform.pool.query(`SELECT count(*)::int AS n FROM es.events`)).rows[0].n;
    expect(after).toBe(before);
    const { rows } = await test.platform.pool.query<{ summary: string }>(
      `SELECT summary FROM rm_history.entries WHERE type = 'BookingPolicySet' ORDER BY global_position`,
    );
    expect(rows.map((row) => row.summary)).toEqual([
      'The booking policy was changed: cancel up to 48 h before, reschedule up to 12 h before, at most 1 reschedule.',
      'The booking policy was changed: cancel up to 2 h before, reschedule up to 24 h before, at most 2 reschedules.',
    ]);
  });
});
