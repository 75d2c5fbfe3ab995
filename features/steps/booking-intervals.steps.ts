import assert from 'node:assert/strict';
import { Given, Then, When, type DataTable } from '@cucumber/cucumber';
import {
  activeAppointmentsIn,
  book,
  bookingFormAt,
  sendBooking,
  type BookingTarget,
} from '../drivers/booking';
import { providerNamed } from '../drivers/catalogue';
import { anySlotAt } from '../drivers/schedule';
import { ok } from '../support/assertions';
import type { Person, PlatformWorld } from '../support/world';

/*
 * Booking one interval of a split time slot (docs/product.md §3, §4, §7.3), driven through the API as
 * the booking screen does (drivers/booking), and which intervals are then taken. A time slot is named
 * by its provider, its day (in the provider's zone) and its start time; an interval of it by its
 * interval number ({bookingTarget}, support/parameter-types.ts).
 */

When(
  '{person} books {bookingTarget}',
  async function (this: PlatformWorld, who: string, target: BookingTarget) {
    await book(this, this.person(who), target);
  },
);

When(
  '{person} books {bookingTarget}, naming {string} as the provider',
  async function (this: PlatformWorld, who: string, target: BookingTarget, named: string) {
    const person = this.person(who);
    const form = await bookingFormAt(this, person, target);
    // The form changed by hand: another provider named, for that provider's price.
    await sendBooking(this, person, { ...form, providerId: (await providerNamed(this, named)).id });
  },
);

Given(
  '{person} has booked {bookingTarget}',
  async function (this: PlatformWorld, who: string, target: BookingTarget) {
    ok(await book(this, this.person(who), target), 201, 'booking failed');
  },
);

Given(
  '{person} has booked these intervals of the time slot {day} at {time} at {string}:',
  async function (
    this: PlatformWorld,
    who: string,
    day: string,
    time: string,
    provider: string,
    table: DataTable,
  ) {
    const person = this.person(who);
    for (const row of table.hashes()) {
      const target = { provider, service: row.service!, day, time, intervalNumber: Number(row.interval) };
      ok(await book(this, person, target), 201, `booking interval ${row.interval} failed`);
    }
  },
);

const takenIntervals = async (
  world: PlatformWorld,
  person: Person,
  provider: string,
  day: string,
  time: string,
): Promise<number[]> => {
  const { timeSlot } = await anySlotAt(world, person, provider, day, time);
  return [...timeSlot.indexes].sort((a, b) => a - b);
};

Then(
  '{person} sees only interval {int} of the time slot {day} at {time} at {string} as taken',
  async function (
    this: PlatformWorld,
    who: string,
    intervalNumber: number,
    day: string,
    time: string,
    provider: string,
  ) {
    assert.deepEqual(await takenIntervals(this, this.person(who), provider, day, time), [intervalNumber]);
  },
);

Then(
  '{person} sees no interval of the time slot {day} at {time} at {string} as taken',
  async function (this: PlatformWorld, who: string, day: string, time: string, provider: string) {
    assert.deepEqual(await takenIntervals(this, this.person(who), provider, day, time), []);
  },
);

Then(
  '{person} sees exactly {int} appointment(s) in interval {int} of the time slot {day} at {time}',
  async function (
    this: PlatformWorld,
    who: string,
    count: number,
    intervalNumber: number,
    day: string,
    time: string,
  ) {
    const found = await activeAppointmentsIn(this, this.person(who), day, time, intervalNumber);
    assert.equal(found.length, count, JSON.stringify(found));
  },
);
