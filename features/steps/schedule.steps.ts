import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { WEEKDAYS } from '@appointment/contracts/constants';
import { formatMoney } from '@appointment/contracts/money';
import {
  weekdayOf,
  zonedInstant,
  type Availability,
  type FetchSlotResponse,
  type TimeSlot,
  type TimeSlotFormInput,
  type WorkingHoursEntry,
} from '@appointment/contracts/schedule';
import { defineParameterType, Given, Then, When, type DataTable } from '@cucumber/cucumber';
import { providerNamed } from '../drivers/catalogue';
import {
  addTimeSlot,
  allSlotsRequest,
  applyTemplate,
  availabilityOf,
  availabilityRequest,
  deleteTemplate,
  duplicateTemplate,
  lookUpSlots,
  saveAvailability,
  saveTemplate,
  slotsForService,
  templateNamed,
  templatesOf,
  templatesRequest,
} from '../drivers/schedule';
import { assertRefusedOn, lastResponseOf, ok, sameRows } from '../support/assertions';
import { dayFrom } from '../support/days';
import type { ApiResponse, Person, PlatformWorld } from '../support/world';

/*
 * Time slots, availability and templates (docs/product.md §2.6, §2.8, §4, §5, §7.5), driven through the API.
 * Days are written relative to today in the provider's time zone (support/days.ts).
 */

/** Per scenario: the time zone each person's days are read in, and what they sent last. */
const zones = new WeakMap<PlatformWorld, Map<string, string>>();
const retries = new WeakMap<PlatformWorld, ApiResponse[]>();
/** The time slots someone was shown last, for the steps that say "them". */
const shownSlots = new WeakMap<PlatformWorld, TimeSlot[]>();
const lastShown = (world: PlatformWorld): TimeSlot[] => {
  const slots = shownSlots.get(world);
  assert.ok(slots, 'nobody has been shown time slots');
  return slots;
};

/** A provider's staff read days in their provider's zone; a user in the zone of the provider they looked at. */
const zoneOf = async (world: PlatformWorld, person: Person): Promise<string> => {
  const known = zones.get(world)?.get(person.name);
  if (known) return known;
  const response = await availabilityRequest(world, person);
  // Someone who has no schedule (a user trying anyway) writes days in UTC.
  if (response.status === 403) return 'UTC';
  const { timezone } = ok(response, 200, `${person.name} cannot read the availability`) as Availability;
  rememberZone(world, person, timezone);
  return timezone;
};

const rememberZone = (world: PlatformWorld, person: Person, zone: string) => {
  const map = zones.get(world) ?? new Map<string, string>();
  map.set(person.name, zone);
  zones.set(world, map);
};

// ---------------------------------------------------------------- the time slot form

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
    retries.set(this, [first, second]);
  },
);

Then('both answers name the same {int} time slots', function (this: PlatformWorld, count: number) {
  const answers = retries.get(this);
  assert.ok(answers, 'nothing was sent twice');
  const ids = answers.map((answer) => {
    const { timeslots } = ok(answer, 201, 'a try was refused') as { timeslots: TimeSlot[] };
    return timeslots.map((slot) => slot._id);
  });
  assert.equal(ids[0]!.length, count);
  assert.deepEqual(ids[1], ids[0]);
});

// ---------------------------------------------------------------- time slots shown

const timeSlotsIn = (response: ApiResponse, what: string): TimeSlot[] => {
  assert.ok(response.status < 300, `${what}: ${response.status} ${JSON.stringify(response.body)}`);
  const { timeslots } = response.body as { timeslots?: TimeSlot[] };
  assert.ok(Array.isArray(timeslots), `${what}: no time slots in ${JSON.stringify(response.body)}`);
  return timeslots;
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
    shownSlots.set(this, slots);
    const expected = table
      .hashes()
      .map((row) => ('date' in row ? { ...row, date: dayFrom(row.date!, zone) } : row));
    sameRows(slotRows(slots), expected, `${who} sees other time slots`);
  },
);

Then('{person} is shown {int} time slot(s)', function (this: PlatformWorld, who: string, count: number) {
  const slots = timeSlotsIn(lastResponseOf(this.person(who)), `${who} is shown no time slots`);
  shownSlots.set(this, slots);
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

// ---------------------------------------------------------------- booking screen (fetchslot)

When(
  '{person} looks up the time slots of {string} for the service {string}',
  async function (this: PlatformWorld, who: string, provider: string, service: string) {
    const person = this.person(who);
    const { id: providerId, timezone } = await providerNamed(this, provider);
    rememberZone(this, person, timezone);
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

// ---------------------------------------------------------------- availability

const entryRows = (entries: WorkingHoursEntry[]) =>
  entries.map((entry) => ({
    day: entry.day.replace(/^./, (letter) => letter.toUpperCase()),
    open: entry.isAvailable ? 'yes' : 'no',
    from: entry.isAvailable ? entry.startTime : '',
    to: entry.isAvailable ? entry.endTime : '',
  }));

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
    sameRows(entryRows(availability.workingHours), table, `${who} has other working hours`);
  },
);

// ---------------------------------------------------------------- templates

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
    sameRows(entryRows(template.workingHours), table, `"${name}" has other working hours`);
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

Then('{person} is shown no templates', function (this: PlatformWorld, who: string) {
  const { status, body } = lastResponseOf(this.person(who));
  assert.equal(status, 404, `expected "not found", got ${status} ${JSON.stringify(body)}`);
  assert.equal((body as { templates?: unknown }).templates, undefined);
});
