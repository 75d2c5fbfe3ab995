// Days are counted from today in the provider's zone; every time slot here is days ahead, so any hour passes alike.
import { addDays, format, parseISO } from 'date-fns';
import { MESSAGES } from '@appointment/contracts/messages';
import { dayKeyIn } from '@appointment/contracts/schedule';
import { testClock } from '@appointment/infra/testing/clock';
import { startTestPlatform, type Caller, type TestPlatform } from '../testing/test-platform';

/** Issue 30: intervals as long as their services, and a template's week applied day by day (docs/product.md §4). */

const KOLKATA = 'Asia/Kolkata';
const today = () => dayKeyIn(testClock(), KOLKATA);
const day = (offset: number) => format(addDays(parseISO(today()), offset), 'yyyy-MM-dd');

describe('durations and templates', () => {
  let test: TestPlatform;
  let admin: Caller;
  let user: Caller;

  beforeAll(async () => {
    test = await startTestPlatform({ demoData: true, name: 'durations' });
    admin = await test.signedIn('admin@example.com');
    user = await test.signedIn('user@example.com');
  });
  afterAll(async () => {
    await test.stop();
  });

  it('refuses a split whose intervals are shorter than a service, naming it; a booking into an older short interval is refused', async () => {
    const added = await admin.op('addService', { body: { name: 'Deep Massage', duration: 45, price: 0 } });
    expect(added.status).toBe(201);
    const form = {
      date: day(2),
      startTime: '13:00',
      endTime: '15:00',
      addAsSlot: true,
      serviceIds: ['General Consultation', 'Deep Massage'],
    };
    // Four 30-minute intervals: Consultation fits, the massage does not.
    const refused = await admin.op('addTimeSlot', { body: { ...form, availableSlots: 4 } });
    expect(refused.status).toBe(400);
    const message = 'The intervals are shorter than a service they offer: Deep Massage (45 min)';
    expect(refused.body).toMatchObject({ message, errors: [{ field: 'availableSlots', message }] });
    // A block shorter than the service neither.
    const block = await admin.op('addTimeSlot', {
      body: { ...form, startTime: '15:00', endTime: '15:30', addAsSlot: false, availableSlots: 1 },
    });
    expect(block.body.message).toBe(message);
    // Two 60-minute intervals (what the form proposes) are taken.
    const taken = await admin.op('addTimeSlot', { body: { ...form, availableSlots: 2 } });
    expect(taken.status).toBe(201);
    // Editing it into four intervals is refused the same way, and changes nothing.
    const timeSlotId = taken.body.timeslots[0]!._id;
    const edited = await admin.op('editTimeSlot', { body: { ...form, id: timeSlotId, availableSlots: 4 } });
    expect(edited.status).toBe(400);
    expect(edited.body).toMatchObject({ message, errors: [{ field: 'availableSlots', message }] });
    const editedBlock = await admin.op('editTimeSlot', {
      body: { ...form, id: timeSlotId, endTime: '13:30', addAsSlot: false, availableSlots: 1 },
    });
    expect(editedBlock.body.message).toBe(message);

    // The service grows longer than the intervals made before: new bookings that do not fit are refused.
    const service = added.body.service;
    const longer = await admin.op('editService', {
      body: { id: service._id, data: { name: 'Deep Massage', duration: 90, price: 0 } },
    });
    expect(longer.status).toBe(200);
    const timeSlot = taken.body.timeslots[0]!;
    const book = (servicename: string) =>
      user.op('book', {
        body: {
          servicename,
          providerId: timeSlot.providerId,
          timeslotId: timeSlot._id,
          date: timeSlot.date,
          index: '1',
        },
      });
    // No longer offered for the massage; still for the consultation, which fits.
    const offered = async (serviceId: string) =>
      (
        await user.op('fetchSlot', { body: { providerId: timeSlot.providerId, serviceId } })
      ).body.timeslots.map((slot) => slot._id);
    expect(await offered('Deep Massage')).not.toContain(timeSlot._id);
    expect(await offered('General Consultation')).toContain(timeSlot._id);
    const tooShort = await book('Deep Massage');
    expect(tooShort).toMatchObject({ status: 422, body: { message: MESSAGES.intervalTooShortForService } });
    expect((await book('General Consultation')).status).toBe(201);
  });

  it('refuses moving a booking into a place shorter than its service, naming the service, whoever moves it', async () => {
    const added = await admin.op('addService', { body: { name: 'Hot Stone', duration: 30, price: 0 } });
    const slots = await admin.op('addTimeSlot', {
      body: {
        date: day(3),
        startTime: '19:00',
        endTime: '21:00',
        addAsSlot: true,
        availableSlots: 4,
        serviceIds: ['Hot Stone'],
      },
    });
    expect(slots.status).toBe(201);
    const timeSlot = slots.body.timeslots[0]!;
    const booked = await user.op('book', {
      body: {
        servicename: 'Hot Stone',
        providerId: timeSlot.providerId,
        timeslotId: timeSlot._id,
        date: timeSlot.date,
        index: '1',
      },
    });
    expect(booked.status).toBe(201);
    const id = booked.body.appointment._id;
    // The service grows to an hour: the other 30-minute intervals no longer hold it.
    await admin.op('editService', {
      body: { id: added.body.service._id, data: { name: 'Hot Stone', duration: 60, price: 0 } },
    });
    const move = (caller: Caller, index: number) =>
      caller.op('rescheduleAppointment', { params: { id }, body: { timeslotId: timeSlot._id, index } });
    const message = 'This slot is shorter than the booked service: Hot Stone (60 min)';
    expect(await move(user, 3)).toMatchObject({ status: 422, body: { message } });
    expect(await move(admin, 4)).toMatchObject({ status: 422, body: { message } });
    // Nothing moved: the booking keeps its first interval.
    const listed = (await user.op('list', { body: { filters: {} } })).body.appointments;
    expect(listed.find((appointment) => appointment._id === id)).toMatchObject({
      index: 1,
      startTime: '19:00',
    });
  });

  it("applies a template's week to every day it can and reports the day that overlaps", async () => {
    // A Monday after the demo's two weeks of daily 09:00–12:00 time slots.
    const now = parseISO(today());
    const monday = format(addDays(now, ((8 - now.getDay()) % 7) + 21), 'yyyy-MM-dd');
    const tuesday = format(addDays(parseISO(monday), 1), 'yyyy-MM-dd');
    const early = await admin.op('addTimeSlot', {
      body: { date: tuesday, startTime: '09:00', endTime: '10:00', serviceIds: ['General Consultation'] },
    });
    expect(early.status).toBe(201);

    const apply = () =>
      admin.op('applyTemplate', {
        body: { id: 'standard-work-week', weekStart: monday, serviceIds: ['General Consultation'] },
      });
    const applied = await apply();
    expect(applied.status).toBe(201);
    expect(applied.body.message).toBe(MESSAGES.templateApplied);
    // Monday, Wednesday, Thursday and Friday: morning and afternoon each.
    expect(applied.body.timeslots).toHaveLength(8);
    expect(applied.body.timeslots.some((slot) => slot.date === tuesday)).toBe(false);
    expect(applied.body.skipped).toEqual([
      {
        date: tuesday,
        reason: 'overlap',
        startTime: '09:00',
        endTime: '10:00',
        message: `${format(parseISO(tuesday), 'EEE d MMM')}: overlaps 09:00–10:00`,
      },
    ]);
    // Again: every day overlaps now, and the answer says which.
    const again = await apply();
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(
      new RegExp(`^${MESSAGES.templateWeekAllSkipped}: .*overlaps 09:00–10:00`),
    );
  });

  it("skips a template's day that falls in time off and reports it with the time off's reason", async () => {
    // The Monday a week after the previous test's.
    const now = parseISO(today());
    const monday = format(addDays(now, ((8 - now.getDay()) % 7) + 28), 'yyyy-MM-dd');
    const wednesday = format(addDays(parseISO(monday), 2), 'yyyy-MM-dd');
    const off = await admin.op('addTimeOff', { body: { from: wednesday, to: wednesday, reason: 'Holiday' } });
    expect(off.status).toBe(201);
    const applied = await admin.op('applyTemplate', {
      body: { id: 'standard-work-week', weekStart: monday, serviceIds: ['General Consultation'] },
    });
    expect(applied.status).toBe(201);
    expect(applied.body.timeslots).toHaveLength(8);
    expect(applied.body.timeslots.some((slot) => slot.date === wednesday)).toBe(false);
    expect(applied.body.skipped).toEqual([
      {
        date: wednesday,
        reason: 'timeOff',
        timeOffReason: 'Holiday',
        message: `${format(parseISO(wednesday), 'EEE d MMM')}: time off (Holiday)`,
      },
    ]);
  });
});
