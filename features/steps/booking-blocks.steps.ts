import assert from 'node:assert/strict';
import { Given, Then } from '@cucumber/cucumber';
import { activeAppointmentsIn } from '../drivers/booking';
import { addTimeSlot, anySlotAt, availabilityOf } from '../drivers/schedule';
import { ok } from '../support/assertions';
import { dayFrom } from '../support/days';
import type { PlatformWorld } from '../support/world';

/*
 * A block: a time slot not split into intervals, taking a number of people (docs/product.md §4),
 * its places left and the appointments in it.
 */

Given(
  '{person} has added a block for {int} people {day} from {time} to {time} for {string}',
  async function (
    this: PlatformWorld,
    who: string,
    places: number,
    day: string,
    from: string,
    to: string,
    service: string,
  ) {
    const person = this.person(who);
    const { timezone } = await availabilityOf(this, person);
    const response = await addTimeSlot(this, person, {
      date: dayFrom(day, timezone),
      startTime: from,
      endTime: to,
      addAsSlot: false,
      addTotalSlot: true,
      totalSlots: places,
      availableSlots: places,
      serviceIds: [service],
      repeat: 'none',
    });
    ok(response, 201, 'adding the block failed');
  },
);

Then(
  '{person} sees {int} place(s) left in the block {day} at {time} at {string}',
  async function (
    this: PlatformWorld,
    who: string,
    left: number,
    day: string,
    time: string,
    provider: string,
  ) {
    const { timeSlot } = await anySlotAt(this, this.person(who), provider, day, time);
    assert.equal(timeSlot.addAsSlot, false, 'this time slot is split into intervals, not a block');
    assert.equal(timeSlot.availableSlots, left, JSON.stringify(timeSlot));
  },
);

Then(
  '{person} sees exactly {int} appointment(s) in the block {day} at {time}',
  async function (this: PlatformWorld, who: string, count: number, day: string, time: string) {
    const found = await activeAppointmentsIn(this, this.person(who), day, time, null);
    assert.equal(found.length, count, JSON.stringify(found));
  },
);
