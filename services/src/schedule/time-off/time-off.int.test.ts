// @any-hour: time off and the minimum notice are days and minutes from the provider's now.
import { MESSAGES } from '@appointment/contracts/messages';
import type { Provider } from '@appointment/contracts/catalogue';
import { zonedInstant } from '@appointment/contracts/schedule';
import { dayKeyFromToday, testNow } from '@appointment/infra/testing/clock';
import { errorOf, startTestPlatform, type Caller, type TestPlatform } from '../../testing/test-platform';

/** Issue 30 over HTTP and PostgreSQL: time off hides slots and refuses time slots; the notice hides and refuses. */
const KOLKATA = 'Asia/Kolkata';
const day = (offset: number) => dayKeyFromToday(KOLKATA, offset);
const SERVICE = 'Time Off Massage';
/** A refusal's message: its first field's, or the whole answer's. */
const messageOf = (reply: Parameters<typeof errorOf>[0]): string => {
  const error = errorOf(reply);
  return error.errors?.[0]?.message ?? error.message;
};

describe('time off and minimum notice', () => {
  let test: TestPlatform;
  let admin: Caller;
  let user: Caller;
  let sunrise: Provider;

  const fetchSlot = async () =>
    (await user.op('fetchSlot', { body: { providerId: sunrise.id, serviceId: SERVICE } })).body;
  const addSlot = (date: string, startTime: string, endTime: string, availableSlots: number) =>
    admin.op('addTimeSlot', {
      body: { date, startTime, endTime, availableSlots, addAsSlot: true, serviceIds: [SERVICE] },
    });
  const book = (timeslotId: string, date: string, index: number) =>
    user.op('book', {
      body: { servicename: SERVICE, providerId: sunrise.id, timeslotId, date, index: String(index) },
    });

  beforeAll(async () => {
    test = await startTestPlatform({ demoData: true, name: 'timeoff' });
    admin = await test.signedIn('admin@example.com');
    user = await test.signedIn('user@example.com');
    sunrise = (await user.op('fetchProviders', { body: { search: 'Sunrise' } })).body.providers[0]!;
    await admin.op('addService', { body: { name: SERVICE, duration: 30, price: 0 } });
  });
  afterAll(async () => {
    await test.stop();
  });

  it('hides the slots inside time off, refuses a time slot inside it and lists the bookings inside it', async () => {
    // After the demo's time slots of the day: 19:00–21:00 in four intervals, and a whole day later on.
    const evening = (await addSlot(day(3), '19:00', '21:00', 4)).body.timeslots[0]!;
    const later = (await addSlot(day(4), '19:00', '20:00', 2)).body.timeslots[0]!;
    expect((await book(evening._id, day(3), 1)).status).toBe(201);

    const hours = await admin.op('addTimeOff', {
      body: { from: `${day(3)}T19:00`, to: `${day(3)}T20:00`, reason: 'Training' },
    });
    expect(hours.status).toBe(201);
    expect(hours.body.message).toBe(MESSAGES.timeOffAdded);
    expect(hours.body.bookings).toEqual([
      expect.objectContaining({ date: day(3), startTime: '19:00', endTime: '19:30', serviceName: SERVICE }),
    ]);
    const dayOff = await admin.op('addTimeOff', { body: { from: day(4), to: day(4), reason: 'Holiday' } });
    expect(dayOff.body).toMatchObject({
      timeOff: {
        from: day(4),
        to: day(4),
        timezone: KOLKATA,
        startDateTime: zonedInstant(day(4), '00:00', KOLKATA).toISOString(),
      },
      bookings: [],
    });

    const offered = await fetchSlot();
    // 19:00 and 19:30 are inside the time off (19:00 is booked as well): only 20:00 and 20:30 stay.
    expect(offered.timeslots.find((slot) => slot._id === evening._id)?.indexes.sort()).toEqual([1, 2]);
    expect(offered.timeslots.find((slot) => slot._id === later._id)).toBeUndefined();

    const inside = await addSlot(day(4), '21:00', '22:00', 1);
    expect(inside.status).toBe(409);
    expect(messageOf(inside)).toBe(MESSAGES.slotInTimeOff);

    const listed = await admin.op('timeOff');
    expect(listed.body.timeOff.map((off) => off.reason)).toEqual(['Training', 'Holiday']);
    const deleted = await admin.op('deleteTimeOff', { body: { id: dayOff.body.timeOff._id } });
    expect(deleted.body.message).toBe(MESSAGES.timeOffDeleted);
    expect((await fetchSlot()).timeslots.find((slot) => slot._id === later._id)?.indexes).toEqual([]);
    const again = await admin.op('deleteTimeOff', { body: { id: dayOff.body.timeOff._id } });
    expect([again.status, messageOf(again)]).toEqual([404, MESSAGES.timeOffNotFound]);
  });

  it('refuses booking, and moving a booking, into time off with the message, whoever moves it', async () => {
    // 19:00–21:00 in four intervals; time off from 19:00 to 20:00; a booking at 20:00.
    const slot = (await addSlot(day(5), '19:00', '21:00', 4)).body.timeslots[0]!;
    const booked = await book(slot._id, day(5), 3);
    expect(booked.status).toBe(201);
    const off = await admin.op('addTimeOff', {
      body: { from: `${day(5)}T19:00`, to: `${day(5)}T20:00`, reason: 'Team meeting' },
    });
    expect(off.status).toBe(201);

    const inside = await book(slot._id, day(5), 2);
    expect([inside.status, messageOf(inside)]).toEqual([422, MESSAGES.bookingInTimeOff]);
    const id = booked.body.appointment._id;
    const move = (caller: Caller, index: number) =>
      caller.op('rescheduleAppointment', { params: { id }, body: { timeslotId: slot._id, index } });
    const userMove = await move(user, 1);
    expect([userMove.status, messageOf(userMove)]).toEqual([422, MESSAGES.bookingInTimeOff]);
    const adminMove = await move(admin, 2);
    expect([adminMove.status, messageOf(adminMove)]).toEqual([422, MESSAGES.bookingInTimeOff]);
    // Its end touches the time off's start: 20:30 is outside it, and the booking moves there.
    const outside = await move(user, 4);
    expect(outside.status).toBe(200);
    expect(outside.body.appointment).toMatchObject({ index: 4, startTime: '20:30' });
    await admin.op('deleteTimeOff', { body: { id: off.body.timeOff._id } });
  });

  it('answers bad time off with a 400 and its message', async () => {
    const noDay = await admin.op('addTimeOff', { body: { from: 'tomorrow', to: day(5), reason: '' } });
    expect([noDay.status, messageOf(noDay)]).toEqual([400, MESSAGES.timeOffFromRequired]);
    const backwards = await admin.op('addTimeOff', { body: { from: day(6), to: day(5), reason: '' } });
    expect([backwards.status, messageOf(backwards)]).toEqual([400, MESSAGES.timeOffEndAfterStart]);
    const past = await admin.op('addTimeOff', { body: { from: day(-3), to: day(-2), reason: '' } });
    expect([past.status, messageOf(past)]).toEqual([400, MESSAGES.timeOffInPast]);
  });

  it('with a minimum notice, offers nothing sooner, and refuses booking it with the message', async () => {
    const slot = (await addSlot(day(6), '19:00', '20:00', 2)).body.timeslots[0]!;
    // A notice that ends between the 19:00 and the 19:30 interval (a quarter of an hour after 19:00).
    const minutes = Math.floor((Date.parse(slot.startDateTime) - testNow()) / 60_000) + 15;
    const policy = (await admin.op('bookingPolicy')).body.policy;
    const saved = await admin.op('setBookingPolicy', {
      body: { ...policy, minimumNoticeMinutes: minutes, bufferMinutes: 10 },
    });
    expect(saved.body.policy).toMatchObject({ minimumNoticeMinutes: minutes, bufferMinutes: 10 });

    const offered = await fetchSlot();
    expect(offered.timeslots.find((s) => s._id === slot._id)?.indexes).toEqual([1]);
    expect(offered.firstTimeslot).toMatchObject({ _id: slot._id, index: 2 });
    const tooSoon = await book(slot._id, day(6), 1);
    expect([tooSoon.status, messageOf(tooSoon)]).toEqual([422, MESSAGES.bookingTooSoon]);
    expect((await book(slot._id, day(6), 2)).status).toBe(201);

    const bad = await admin.op('setBookingPolicy', { body: { ...policy, bufferMinutes: 241 } });
    expect([bad.status, messageOf(bad)]).toEqual([400, MESSAGES.policyBufferMinutes]);
    await admin.op('setBookingPolicy', { body: { ...policy, minimumNoticeMinutes: 0 } });
  });
});
