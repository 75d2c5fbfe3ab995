import assert from 'node:assert/strict';
import { WEEKDAYS } from '@appointment/contracts/constants';
import type { WorkingHoursEntry } from '@appointment/contracts/schedule';
import { Then, When, type DataTable } from '@cucumber/cucumber';
import { availabilityOf, saveAvailability } from '../drivers/schedule';
import { assertRefusedOn, lastResponseOf, sameRows } from '../support/assertions';
import { workingHoursRows } from '../support/table-rows';
import type { PlatformWorld } from '../support/world';

/*
 * A provider's availability (docs/product.md §2.8, §5): its working hours, breaks and time zone, as
 * its admin saves and reads them.
 */

const workingHoursFrom = (table: DataTable): WorkingHoursEntry[] =>
  table.hashes().map((row) => {
    const open = row.open === 'yes';
    return {
      day: row.day!.toLowerCase() as WorkingHoursEntry['day'],
      // A closed day keeps times on the form; they are not used.
      startTime: open ? row.from! : '09:00',
      endTime: open ? row.to! : '17:00',
      isAvailable: open,
    };
  });

When(
  '{person} saves these working hours, with a break from {time} to {time}:',
  async function (this: PlatformWorld, who: string, from: string, to: string, table: DataTable) {
    await saveAvailability(this, this.person(who), {
      workingHours: workingHoursFrom(table),
      breaks: [{ startTime: from, endTime: to }],
    });
  },
);

When(
  '{person} saves working hours open on {word} from {time} to {time}',
  async function (this: PlatformWorld, who: string, day: string, from: string, to: string) {
    const person = this.person(who);
    const { workingHours } = await availabilityOf(this, person);
    const changed = workingHours.map((entry) =>
      entry.day === day.toLowerCase() ? { ...entry, isAvailable: true, startTime: from, endTime: to } : entry,
    );
    await saveAvailability(this, person, { workingHours: changed });
  },
);

Then(
  "{person}'s working hours are refused with {string} on the end time of {word}",
  function (this: PlatformWorld, who: string, message: string, day: string) {
    const index = WEEKDAYS.indexOf(day.toLowerCase() as (typeof WEEKDAYS)[number]);
    assert.ok(index >= 0, `"${day}" is not a weekday`);
    assertRefusedOn(lastResponseOf(this.person(who)), message, `workingHours.${index}.endTime`);
  },
);

Then(
  "{person}'s availability is these working hours, with a break from {time} to {time}, in {string}:",
  async function (
    this: PlatformWorld,
    who: string,
    from: string,
    to: string,
    zone: string,
    table: DataTable,
  ) {
    const availability = await availabilityOf(this, this.person(who));
    assert.deepEqual(availability.breaks, [{ startTime: from, endTime: to }]);
    assert.equal(availability.timezone, zone);
    sameRows(workingHoursRows(availability.workingHours), table, `${who} has other working hours`);
  },
);
