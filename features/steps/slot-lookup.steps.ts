import assert from 'node:assert/strict';
import { formatMoney } from '@appointment/contracts/money';
import { zonedInstant, type FetchSlotResponse } from '@appointment/contracts/schedule';
import { Then, When } from '@cucumber/cucumber';
import { providerNamed } from '../drivers/catalogue';
import { lookUpSlots, zoneOf } from '../drivers/schedule';
import { lastResponseOf, ok } from '../support/assertions';
import { dayFrom } from '../support/days';
import type { Person, PlatformWorld } from '../support/world';

/*
 * The booking screen's look-up of a service's time slots (fetchslot; docs/product.md §2.6, §4): the
 * service as the user is shown it and the first open slot offered.
 */

When(
  '{person} looks up the time slots of {string} for the service {string}',
  async function (this: PlatformWorld, who: string, provider: string, service: string) {
    const person = this.person(who);
    const { id: providerId, timezone } = await providerNamed(this, provider);
    // From now on the person reads days on this provider's clock.
    this.zones.set(person.name, timezone);
    await lookUpSlots(this, person, { providerId, serviceId: service });
  },
);

const slotLookup = (person: Person): FetchSlotResponse =>
  ok(lastResponseOf(person), 200, `${person.name}'s look-up failed`) as FetchSlotResponse;

Then(
  '{person} is offered a first open slot, with slots on {int} days or more',
  function (this: PlatformWorld, who: string, days: number) {
    const { timeslots, firstTimeslot } = slotLookup(this.person(who));
    assert.ok(firstTimeslot, `${who} is offered no slot`);
    const dates = new Set(timeslots.map((slot) => slot.date));
    assert.ok(dates.size >= days, `${who} sees slots on ${[...dates].join(', ')}`);
  },
);

Then(
  '{person} is shown the service {string} at {price}, payment needed: {word}, booked automatically: {word}',
  function (
    this: PlatformWorld,
    who: string,
    name: string,
    price: string,
    payment: string,
    automatic: string,
  ) {
    const { matchedService } = slotLookup(this.person(who));
    assert.equal(matchedService.name, name);
    assert.equal(formatMoney(matchedService.price, matchedService.currency), price);
    assert.equal(matchedService.isPaymentNeeded, payment === 'yes');
    assert.equal(matchedService.automaticBooking, automatic === 'yes');
  },
);

Then(
  'the first open slot {person} is offered is interval {int} of the time slot {day}, from {time} to {time}',
  async function (
    this: PlatformWorld,
    who: string,
    intervalNumber: number,
    day: string,
    from: string,
    to: string,
  ) {
    const person = this.person(who);
    const { timeslots, firstTimeslot } = slotLookup(person);
    assert.ok(firstTimeslot, `${who} is offered no slot`);
    const date = dayFrom(day, await zoneOf(this, person));
    const timeSlot = timeslots.find((slot) => slot._id === firstTimeslot._id);
    assert.ok(timeSlot, 'the first slot belongs to none of the time slots shown');
    assert.equal(timeSlot.date, date);
    assert.equal(firstTimeslot.index, intervalNumber);
    assert.equal(firstTimeslot.intervalStart, zonedInstant(date, from, timeSlot.timezone).toISOString());
    assert.equal(firstTimeslot.intervalEnd, zonedInstant(date, to, timeSlot.timezone).toISOString());
    if (intervalNumber === 1)
      assert.equal(firstTimeslot.intervalStart, timeSlot.startDateTime, 'interval 1 opens the time slot');
  },
);
