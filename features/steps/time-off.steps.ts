import assert from 'node:assert/strict';
import { POLICY_PATHS, type BookingPolicy } from '@appointment/contracts/policy';
import { generateIntervals, SCHEDULE_PATHS, type FetchSlotResponse } from '@appointment/contracts/schedule';
import { testNow } from '@appointment/infra/testing/clock';
import { Given, Then, When } from '@cucumber/cucumber';
import { slotAt, zoneOf } from '../drivers/schedule';
import { lastResponseOf, ok } from '../support/assertions';
import { dayFrom } from '../support/days';
import type { PlatformWorld } from '../support/world';

/*
 * Issue 30: time off and the minimum notice, as the Schedule screen and the Policies form send
 * them, and what the booking screen's look-up (fetchslot) offers afterwards.
 */

When(
  '{person} takes time off {day} for {string}',
  async function (this: PlatformWorld, who: string, day: string, reason: string) {
    const person = this.person(who);
    const date = dayFrom(day, await zoneOf(this, person));
    await this.request(person, 'POST', SCHEDULE_PATHS.addTimeOff, { body: { from: date, to: date, reason } });
  },
);

Given(
  '{person} has set a minimum notice of {int} minutes',
  async function (this: PlatformWorld, who: string, minutes: number) {
    const person = this.person(who);
    const { policy } = ok(
      await this.request(person, 'GET', POLICY_PATHS.bookingPolicy),
      200,
      'no policy',
    ) as {
      policy: BookingPolicy;
    };
    const body = { ...policy, minimumNoticeMinutes: minutes };
    ok(
      await this.request(person, 'PUT', POLICY_PATHS.bookingPolicy, { body }),
      200,
      'the policy was refused',
    );
  },
);

/** The intervals and blocks of the last look-up that can still be booked, by start. */
const openStarts = (world: PlatformWorld, who: string): { date: string; start: number }[] => {
  const { timeslots } = ok(lastResponseOf(world.person(who)), 200, 'the look-up failed') as FetchSlotResponse;
  return timeslots.flatMap((slot) =>
    slot.addAsSlot
      ? generateIntervals(slot).map((interval) => ({
          date: slot.date,
          start: Date.parse(interval.startDateTime),
        }))
      : slot.availableSlots > 0
        ? [{ date: slot.date, start: Date.parse(slot.startDateTime) }]
        : [],
  );
};

Then('{person} is offered no slot {day}', async function (this: PlatformWorld, who: string, day: string) {
  const date = dayFrom(day, await zoneOf(this, this.person(who)));
  const starts = openStarts(this, who);
  assert.ok(starts.length > 0, `${who} is offered no slot at all`);
  assert.deepEqual(
    starts.filter((open) => open.date === date),
    [],
    `${who} is offered slots on ${date}`,
  );
});

Then(
  '{person} is offered no slot starting sooner than {int} minutes from now, and a first open slot after them',
  function (this: PlatformWorld, who: string, minutes: number) {
    const earliest = testNow() + minutes * 60_000;
    const starts = openStarts(this, who);
    const tooSoon = starts.filter((open) => open.start < earliest - 60_000);
    assert.deepEqual(tooSoon, [], `${who} is offered slots sooner than the notice`);
    const { firstTimeslot } = lastResponseOf(this.person(who)).body as FetchSlotResponse;
    assert.ok(firstTimeslot, `${who} is offered no first slot`);
    assert.ok(
      Date.parse(firstTimeslot.intervalStart) >= earliest - 60_000,
      'the first open slot is too soon',
    );
  },
);

Then('{person} is refused with status {int}', function (this: PlatformWorld, who: string, status: number) {
  const response = lastResponseOf(this.person(who));
  assert.equal(response.status, status, JSON.stringify(response.body));
});

/*
 * Issue 30: deleting a time slot of the Schedule screen, and what it does to its bookings. The
 * time slot is the one the admin's provider offers for the service at that day and time.
 */
const deleteSlot = async (
  world: PlatformWorld,
  who: string,
  day: string,
  time: string,
  cancelAffected: boolean,
) => {
  const person = world.person(who);
  const { timeSlot } = await slotAt(world, person, 'Sunrise Clinic', 'General Consultation', day, time);
  await world.request(person, 'POST', SCHEDULE_PATHS.deleteTimeSlot, {
    body: { id: timeSlot._id, cancelAffected },
  });
};

When(
  '{person} deletes the time slot {day} at {time}',
  async function (this: PlatformWorld, who: string, day: string, time: string) {
    await deleteSlot(this, who, day, time, false);
  },
);

When(
  '{person} deletes the time slot {day} at {time}, cancelling the affected bookings',
  async function (this: PlatformWorld, who: string, day: string, time: string) {
    await deleteSlot(this, who, day, time, true);
  },
);

/** Issue 30: the admin changes a time slot of General Consultation's, as the Schedule screen's form sends it. */
const changeSlot = async (
  world: PlatformWorld,
  who: string,
  day: string,
  time: string,
  change: { endTime: string; availableSlots: number; cancelAffected: boolean },
) => {
  const person = world.person(who);
  const { timeSlot } = await slotAt(world, person, 'Sunrise Clinic', 'General Consultation', day, time);
  await world.request(person, 'POST', SCHEDULE_PATHS.editTimeSlot, {
    body: {
      id: timeSlot._id,
      date: timeSlot.date,
      startTime: timeSlot.startTime,
      addAsSlot: true,
      serviceIds: ['General Consultation'],
      ...change,
    },
  });
};

When(
  '{person} changes the time slot {day} at {time} to end at {time}, split into {int}',
  async function (
    this: PlatformWorld,
    who: string,
    day: string,
    time: string,
    endTime: string,
    parts: number,
  ) {
    await changeSlot(this, who, day, time, { endTime, availableSlots: parts, cancelAffected: false });
  },
);

When(
  '{person} changes the time slot {day} at {time} to end at {time}, split into {int}, cancelling the affected bookings',
  async function (
    this: PlatformWorld,
    who: string,
    day: string,
    time: string,
    endTime: string,
    parts: number,
  ) {
    await changeSlot(this, who, day, time, { endTime, availableSlots: parts, cancelAffected: true });
  },
);

Then(
  '{person} is offered no time slot {day} at {time}',
  async function (this: PlatformWorld, who: string, day: string, time: string) {
    const { timeslots } = ok(
      lastResponseOf(this.person(who)),
      200,
      'the look-up failed',
    ) as FetchSlotResponse;
    const date = dayFrom(day, await zoneOf(this, this.person('Sunita')));
    assert.deepEqual(
      timeslots.filter((slot) => slot.date === date && slot.startTime === time).map((slot) => slot._id),
      [],
    );
  },
);
