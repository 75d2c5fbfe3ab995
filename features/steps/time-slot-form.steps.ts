import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { TimeSlot, TimeSlotFormInput } from '@appointment/contracts/schedule';
import { defineParameterType, Given, Then, When, type DataTable } from '@cucumber/cucumber';
import { addTimeSlot, zoneOf } from '../drivers/schedule';
import { assertRefusedOn, lastResponseOf, ok } from '../support/assertions';
import { dayFrom } from '../support/days';
import type { Person, PlatformWorld } from '../support/world';

/*
 * The Create Time Slot form (docs/product.md §2.8, §5, §7.5), sent through the API as the screen
 * sends it: one time slot per day it repeats on, a form with a mistake refused on its field, and a
 * retry with the same Idempotency-Key creating it once. Days are written relative to today in the
 * provider's time zone (support/days.ts).
 */

const SLOT_FIELDS = {
  date: 'date',
  'start time': 'startTime',
  'end time': 'endTime',
  services: 'serviceIds',
  'split into': 'availableSlots',
  places: 'totalSlots',
  'repeat until': 'repeatUntil',
  repeat: 'repeat',
} as const;
type SlotField = keyof typeof SLOT_FIELDS;

defineParameterType({
  name: 'slotField',
  regexp: /date|start time|end time|services|split into|places|repeat until|repeat/,
  transformer: (text: string) => text as SlotField,
});

const A_TIME_SLOT: Record<string, string> = {
  date: 'tomorrow',
  'start time': '10:00',
  'end time': '12:00',
  services: 'General Consultation',
  'split into': '4',
};

const numberOr = (text: string): number | string =>
  text.trim() !== '' && !Number.isNaN(Number(text)) ? Number(text) : text;

/** The Create Time Slot form as the screen sends it, from the fields a scenario names. */
const timeSlotForm = (fields: Record<string, string>, zone: string): Partial<TimeSlotFormInput> => {
  const form: Partial<TimeSlotFormInput> = { repeat: 'none', addAsSlot: false, addTotalSlot: false };
  for (const [label, value] of Object.entries(fields)) {
    assert.ok(label in SLOT_FIELDS, `the time slot form has no field "${label}"`);
    switch (label as SlotField) {
      case 'date':
        form.date = dayFrom(value, zone);
        break;
      case 'repeat until':
        form.repeatUntil = dayFrom(value, zone);
        break;
      case 'start time':
        form.startTime = value;
        break;
      case 'end time':
        form.endTime = value;
        break;
      case 'services':
        form.serviceIds = value
          .split(',')
          .map((name) => name.trim())
          .filter((name) => name !== '');
        break;
      case 'split into':
        Object.assign(form, { addAsSlot: true, addTotalSlot: false, availableSlots: numberOr(value) });
        break;
      case 'places':
        // Ticking "total slots" unticks the split and copies the total into the available slots.
        Object.assign(form, {
          addAsSlot: false,
          addTotalSlot: true,
          totalSlots: numberOr(value),
          availableSlots: numberOr(value),
        });
        break;
      case 'repeat':
        // A choice of the repeat select, sent as chosen.
        form.repeat = value as TimeSlotFormInput['repeat'];
        break;
    }
  }
  return form;
};

const addsTimeSlot = async (world: PlatformWorld, person: Person, fields: Record<string, string>) => {
  const form = timeSlotForm(fields, await zoneOf(world, person));
  return addTimeSlot(world, person, form);
};

When('{person} adds this time slot:', async function (this: PlatformWorld, who: string, table: DataTable) {
  await addsTimeSlot(this, this.person(who), table.rowsHash());
});

Given(
  '{person} has added a time slot {day} from {time} to {time} for {string}, split into {int}',
  async function (
    this: PlatformWorld,
    who: string,
    day: string,
    from: string,
    to: string,
    services: string,
    intervals: number,
  ) {
    const fields = {
      date: day,
      'start time': from,
      'end time': to,
      services,
      'split into': String(intervals),
    };
    ok(await addsTimeSlot(this, this.person(who), fields), 201, 'adding the time slot failed');
  },
);

When(
  '{person} adds a time slot with the {slotField} {string}',
  async function (this: PlatformWorld, who: string, field: SlotField, value: string) {
    const fields = { ...A_TIME_SLOT, [field]: value };
    // Places instead of intervals: the split option is off.
    if (field === 'places') delete fields['split into'];
    await addsTimeSlot(this, this.person(who), fields);
  },
);

Then(
  "{person}'s time slot is refused with {string} on the {slotField}",
  function (this: PlatformWorld, who: string, message: string, field: SlotField) {
    assertRefusedOn(lastResponseOf(this.person(who)), message, SLOT_FIELDS[field]);
  },
);

When(
  '{person} sends this time slot twice with the same Idempotency-Key, as a retry would:',
  async function (this: PlatformWorld, who: string, table: DataTable) {
    const person = this.person(who);
    const form = timeSlotForm(table.rowsHash(), await zoneOf(this, person));
    const key = randomUUID();
    const first = await addTimeSlot(this, person, form, key);
    const second = await addTimeSlot(this, person, form, key);
    this.answersTogether = [first, second];
  },
);

Then('both answers name the same {int} time slots', function (this: PlatformWorld, count: number) {
  const answers = this.answersTogether;
  assert.ok(answers, 'nothing was sent twice');
  const ids = answers.map((answer) => {
    const { timeslots } = ok(answer, 201, 'a try was refused') as { timeslots: TimeSlot[] };
    return timeslots.map((slot) => slot._id);
  });
  assert.equal(ids[0]!.length, count);
  assert.deepEqual(ids[1], ids[0]);
});
