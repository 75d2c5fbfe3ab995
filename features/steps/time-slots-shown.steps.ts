import assert from 'node:assert/strict';
import { weekdayOf, zonedInstant, type TimeSlot } from '@appointment/contracts/schedule';
import { Then, When, type DataTable } from '@cucumber/cucumber';
import { allSlotsRequest, slotsForService, zoneOf } from '../drivers/schedule';
import { lastResponseOf, sameRows } from '../support/assertions';
import { dayFrom } from '../support/days';
import type { ApiResponse, PlatformWorld } from '../support/world';

/*
 * The time slots someone is shown (docs/product.md §2.6, §2.8, §7.5): after adding them, applying a
 * template or looking them up, all of them or one service's, each on its provider's clock.
 */

const timeSlotsIn = (response: ApiResponse, what: string): TimeSlot[] => {
  assert.ok(response.status < 300, `${what}: ${response.status} ${JSON.stringify(response.body)}`);
  const { timeslots } = response.body as { timeslots?: TimeSlot[] };
  assert.ok(Array.isArray(timeslots), `${what}: no time slots in ${JSON.stringify(response.body)}`);
  return timeslots;
};

const lastShown = (world: PlatformWorld): TimeSlot[] => {
  assert.ok(world.shownTimeSlots, 'nobody has been shown time slots');
  return world.shownTimeSlots;
};

const slotRows = (slots: TimeSlot[]) =>
  slots.map((slot) => ({
    date: slot.date,
    weekday: weekdayOf(slot.date).replace(/^./, (letter) => letter.toUpperCase()),
    from: slot.startTime,
    to: slot.endTime,
    'split into': slot.addAsSlot ? String(slot.availableSlots) : '',
    places: slot.addAsSlot ? '' : String(slot.availableSlots),
    services: slot.serviceIds.join(', '),
  }));

Then(
  '{person} is shown these time slots:',
  async function (this: PlatformWorld, who: string, table: DataTable) {
    const person = this.person(who);
    const zone = await zoneOf(this, person);
    const slots = timeSlotsIn(lastResponseOf(person), `${who} is shown no time slots`);
    this.shownTimeSlots = slots;
    const expected = table
      .hashes()
      .map((row) => ('date' in row ? { ...row, date: dayFrom(row.date!, zone) } : row));
    sameRows(slotRows(slots), expected, `${who} sees other time slots`);
  },
);

Then('{person} is shown {int} time slot(s)', function (this: PlatformWorld, who: string, count: number) {
  const slots = timeSlotsIn(lastResponseOf(this.person(who)), `${who} is shown no time slots`);
  this.shownTimeSlots = slots;
  assert.equal(slots.length, count, JSON.stringify(slotRows(slots)));
});

Then('every one of them offers {string}', function (this: PlatformWorld, service: string) {
  const slots = lastShown(this);
  assert.ok(slots.length > 0, 'there are no time slots');
  for (const slot of slots) {
    assert.ok(slot.serviceIds.includes(service), `${slot.date} ${slot.startTime} offers ${slot.serviceIds}`);
  }
});

Then('each of them runs on the clock of {string}', function (this: PlatformWorld, zone: string) {
  const slots = lastShown(this);
  assert.ok(slots.length > 0, 'there are no time slots');
  for (const slot of slots) {
    assert.equal(slot.timezone, zone);
    assert.equal(slot.startDateTime, zonedInstant(slot.date, slot.startTime, zone).toISOString());
    assert.equal(slot.endDateTime, zonedInstant(slot.date, slot.endTime, zone).toISOString());
  }
});

Then(
  "{person}'s schedule holds {int} time slot(s) from {time} to {time}",
  async function (this: PlatformWorld, who: string, count: number, from: string, to: string) {
    const response = await allSlotsRequest(this, this.person(who));
    const slots = timeSlotsIn(response, `${who} cannot see the schedule`);
    const matching = slots.filter((slot) => slot.startTime === from && slot.endTime === to);
    assert.equal(matching.length, count, JSON.stringify(slotRows(matching)));
    assert.equal(new Set(matching.map((slot) => slot.date)).size, count, 'two time slots share a day');
  },
);

When(
  '{person} shows only the time slots for {string}',
  async function (this: PlatformWorld, who: string, service: string) {
    await slotsForService(this, this.person(who), { serviceId: service });
  },
);

When('{person} shows the time slots of all services', async function (this: PlatformWorld, who: string) {
  await slotsForService(this, this.person(who), {});
});
