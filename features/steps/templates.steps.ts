import assert from 'node:assert/strict';
import { WEEKDAYS } from '@appointment/contracts/constants';
import { Then, When, type DataTable } from '@cucumber/cucumber';
import {
  applyTemplate,
  deleteTemplate,
  duplicateTemplate,
  saveTemplate,
  templateNamed,
  templatesOf,
  templatesRequest,
  zoneOf,
} from '../drivers/schedule';
import { assertRefusedOn, lastResponseOf, sameRows } from '../support/assertions';
import { dayFrom } from '../support/days';
import { workingHoursRows } from '../support/table-rows';
import type { Person, PlatformWorld } from '../support/world';

/*
 * Schedule templates (docs/product.md §2.8, §5): a provider's working weeks, which its admin
 * duplicates, saves, deletes and applies to a week to open its time slots.
 */

When('{person} opens the schedule templates', async function (this: PlatformWorld, who: string) {
  await templatesRequest(this, this.person(who));
});

Then('{person} has these templates:', async function (this: PlatformWorld, who: string, table: DataTable) {
  const rows = (await templatesOf(this, this.person(who))).map((template) => ({
    template: template.name,
    default: template.isDefault ? 'yes' : 'no',
  }));
  sameRows(rows, table, `${who} has other templates`);
});

Then(
  'the template {string} of {person} has these working hours, with a break from {time} to {time}:',
  async function (
    this: PlatformWorld,
    name: string,
    who: string,
    from: string,
    to: string,
    table: DataTable,
  ) {
    const template = await templateNamed(this, this.person(who), name);
    assert.deepEqual(template.breaks, [{ startTime: from, endTime: to }]);
    sameRows(workingHoursRows(template.workingHours), table, `"${name}" has other working hours`);
  },
);

When(
  '{person} duplicates the template {string}',
  async function (this: PlatformWorld, who: string, name: string) {
    const person = this.person(who);
    const { id } = await templateNamed(this, person, name);
    await duplicateTemplate(this, person, { id });
  },
);

const savesTemplate = async (
  world: PlatformWorld,
  person: Person,
  name: string,
  saturday?: [string, string],
) => {
  const workingHours = WEEKDAYS.map((day) => ({
    day,
    startTime: day === 'saturday' && saturday ? saturday[0] : '09:00',
    endTime: day === 'saturday' && saturday ? saturday[1] : '17:00',
    isAvailable: day === 'saturday',
  }));
  return saveTemplate(world, person, { name, description: '', workingHours, breaks: [] });
};

When(
  '{person} saves a new template {string} open on Saturdays from {time} to {time}',
  async function (this: PlatformWorld, who: string, name: string, from: string, to: string) {
    await savesTemplate(this, this.person(who), name, [from, to]);
  },
);

When('{person} saves a new template without a name', async function (this: PlatformWorld, who: string) {
  await savesTemplate(this, this.person(who), '');
});

Then(
  "{person}'s template is refused with {string} on the name",
  function (this: PlatformWorld, who: string, message: string) {
    assertRefusedOn(lastResponseOf(this.person(who)), message, 'name');
  },
);

When(
  '{person} deletes the template {string}',
  async function (this: PlatformWorld, who: string, name: string) {
    const person = this.person(who);
    const { id } = await templateNamed(this, person, name);
    await deleteTemplate(this, person, { id });
  },
);

When(
  '{person} applies the template {string} to the week starting {day}',
  async function (this: PlatformWorld, who: string, name: string, day: string) {
    const person = this.person(who);
    const { id } = await templateNamed(this, person, name);
    const weekStart = dayFrom(day, await zoneOf(this, person));
    await applyTemplate(this, person, { id, weekStart });
  },
);

Then(
  '{person} is told that {day} was skipped for the time off {string}',
  async function (this: PlatformWorld, who: string, day: string, reason: string) {
    const person = this.person(who);
    const date = dayFrom(day, await zoneOf(this, person));
    const { skipped } = lastResponseOf(person).body as { skipped: { date: string; message: string }[] };
    // "Wed 6 Jan: time off (Holiday)", as the Schedule screen lists it.
    const weekday = new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    });
    assert.deepEqual(
      skipped.map((entry) => entry.message),
      [`${weekday.replace(',', '')}: time off (${reason})`],
    );
  },
);

Then('{person} is shown no templates', function (this: PlatformWorld, who: string) {
  const { status, body } = lastResponseOf(this.person(who));
  assert.equal(status, 404, `expected "not found", got ${status} ${JSON.stringify(body)}`);
  assert.equal((body as { templates?: unknown }).templates, undefined);
});
