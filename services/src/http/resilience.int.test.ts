import { DEMO_PASSWORD } from '@appointment/contracts/accounts';
import type { Appointment } from '@appointment/contracts/appointments';
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
 * Issue 26 §1: no request may stop a read model for everyone. The outside probe's two requests,
 * refused now, and the read models moving on after them.
 */
describe('resilience of the read side', () => {
  let test: TestPlatform;
  let admin: Caller;
  let user: Caller;
  let providerId: string;
  let zone: string;
  let timeSlots: TimeSlot[];

  const book = (caller: Caller, slot: TimeSlot, index: number, key: string) =>
    caller.call<{ appointment: Appointment; message: string }>(
      'POST',
      '/api/appointments/bookappointment',
      {
        servicename: 'General Consultation',
        providerId,
        timeslotId: slot._id,
        date: slot.date,
        index: String(index),
      },
      { 'Idempotency-Key': key },
    );

  /** A time slot added now, as the admin lists it right after. */
  const addedAndListed = async (offset: number, startTime: string, endTime: string) => {
    const added = await admin.post<{ timeslots: TimeSlot[] }>('/api/schedulemanage/addtimeslot', {
      date: dayKeyFromToday(zone, offset),
      startTime,
      endTime,
      serviceIds: ['General Consultation'],
    });
    expect(added.status).toBe(201);
    const listed = await admin.get<{ timeslots: TimeSlot[] }>('/api/schedulemanage/fetchallslot');
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
    const newcomer = { name: 'Key Holder', email: 'key.holder@example.org', phone: '5551234567' };
    const password = { password: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD };
    expect((await test.caller().post('/api/auth/register/user', { ...newcomer, ...password })).status).toBe(
      201,
    );
    const theirs = await book(await test.signedIn(newcomer.email), timeSlots[1]!, 1, 'probe-key');
    expect(theirs.status).toBe(201);
    expect(theirs.body.appointment._id).not.toBe(first.body.appointment._id);
    // The read models keep moving: a time slot added now is listed at once.
    expect(await addedAndListed(40, '05:00', '05:30')).toBe(true);
  });
});
