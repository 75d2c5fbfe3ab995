import assert from 'node:assert/strict';
import type { z } from 'zod';
import {
  SCHEDULE_PATHS,
  type ApplyTemplate,
  type Availability,
  type FetchSlotRequest,
  type FetchSlotResponse,
  type ScheduleTemplate,
  type ScheduleTemplateInput,
  type ServiceByFilterRequest,
  type TemplateId,
  type TimeSlot,
  type TimeSlotForm,
} from '@appointment/contracts/schedule';
import { ok } from '../support/assertions';
import { dayFrom } from '../support/days';
import type { ApiResponse, Person, PlatformWorld } from '../support/world';
import { openProvider, providerNamed } from './catalogue';

/*
 * The schedule (docs/product.md §2.6, §2.8, §4, §5, §7.5) as a client drives it: time slots, working hours
 * and templates for a provider's staff, and the booking screen's look-up of a service's time
 * slots (fetchslot) for anyone signed in, with the bodies of contracts/schedule.
 */

// ---------------------------------------------------------------- availability

export const availabilityRequest = (world: PlatformWorld, person: Person) =>
  world.request(person, 'GET', SCHEDULE_PATHS.getAvailability);

export const availabilityOf = async (world: PlatformWorld, person: Person): Promise<Availability> =>
  ok(
    await availabilityRequest(world, person),
    200,
    `${person.name} cannot read the availability`,
  ) as Availability;

/** The working hours form, filled with what is saved and then changed, as the screen sends it. */
export const saveAvailability = async (
  world: PlatformWorld,
  person: Person,
  change: Partial<Availability>,
) => {
  const body: z.input<typeof Availability> = { ...(await availabilityOf(world, person)), ...change };
  return world.request(person, 'POST', SCHEDULE_PATHS.setAvailability, { body });
};

/**
 * The time zone a person writes days in: a provider's staff their provider's, a user that of the
 * provider they looked at last (remembered by the look-up), someone with no schedule UTC.
 */
export const zoneOf = async (world: PlatformWorld, person: Person): Promise<string> => {
  const known = world.zones.get(person.name);
  if (known) return known;
  const response = await availabilityRequest(world, person);
  if (response.status === 403) return 'UTC';
  const { timezone } = ok(response, 200, `${person.name} cannot read the availability`) as Availability;
  world.zones.set(person.name, timezone);
  return timezone;
};

// ---------------------------------------------------------------- time slots

/**
 * The Create Time Slot form as sent, with the fields filled in (a scenario may leave one out, or
 * type anything into a number field); with an Idempotency-Key, as a retry sends it again.
 */
export const addTimeSlot = (
  world: PlatformWorld,
  person: Person,
  form: Partial<z.input<typeof TimeSlotForm>>,
  idempotencyKey?: string,
) =>
  world.request(person, 'POST', SCHEDULE_PATHS.addTimeSlot, {
    body: form,
    ...(idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : {}),
  });

export const allSlotsRequest = (world: PlatformWorld, person: Person) =>
  world.request(person, 'GET', SCHEDULE_PATHS.fetchAllSlots);

/** The time slots of the person's provider (its staff's schedule screen). */
export const allSlotsOf = async (world: PlatformWorld, person: Person): Promise<TimeSlot[]> =>
  (
    ok(await allSlotsRequest(world, person), 200, `${person.name} cannot see the schedule`) as {
      timeslots: TimeSlot[];
    }
  ).timeslots;

export const slotsForService = (
  world: PlatformWorld,
  person: Person,
  filter: z.input<typeof ServiceByFilterRequest>,
) => world.request(person, 'POST', SCHEDULE_PATHS.serviceByFilter, { body: filter });

// ---------------------------------------------------------------- the booking screen

/** The booking screen's look-up of a provider's time slots for one service (by name). */
export const lookUpSlots = (
  world: PlatformWorld,
  person: Person,
  request: z.input<typeof FetchSlotRequest>,
) => world.request(person, 'POST', SCHEDULE_PATHS.fetchSlot, { body: request });

export interface SlotAt {
  providerId: string;
  /** The time slot at that day and time, as the look-up shows it. */
  timeSlot: TimeSlot;
  lookup: FetchSlotResponse;
}

/**
 * The time slot of a provider at a day (in the provider's zone) and start time, as the booking
 * screen shows it to this person for a service (fetchslot).
 */
export const slotAt = async (
  world: PlatformWorld,
  person: Person,
  provider: string,
  service: string,
  day: string,
  time: string,
): Promise<SlotAt> => {
  const { id: providerId, timezone } = await providerNamed(world, provider);
  const date = dayFrom(day, timezone);
  const response = await lookUpSlots(world, person, { providerId, serviceId: service });
  const lookup = ok(response, 200, `${person.name} cannot look up the time slots`) as FetchSlotResponse;
  const timeSlot = lookup.timeslots.find(
    (candidate) => candidate.date === date && candidate.startTime === time,
  );
  assert.ok(timeSlot, `"${provider}" has no time slot for "${service}" on ${date} at ${time}`);
  return { providerId, timeSlot, lookup };
};

/**
 * The time slot at a day and time, whatever service it offers: the person opens the provider's
 * page and looks up its services in turn on the booking screen until one shows that time slot.
 */
export const anySlotAt = async (
  world: PlatformWorld,
  person: Person,
  provider: string,
  day: string,
  time: string,
): Promise<SlotAt> => {
  const { id, timezone } = await providerNamed(world, provider);
  const { services } = ok(
    await openProvider(world, person, id),
    200,
    `${person.name} cannot open "${provider}"`,
  ) as {
    services: { name: string }[];
  };
  const date = dayFrom(day, timezone);
  for (const { name } of services) {
    const response = await lookUpSlots(world, person, { providerId: id, serviceId: name });
    const lookup = ok(response, 200, `${person.name} cannot look up the time slots`) as FetchSlotResponse;
    const timeSlot = lookup.timeslots.find(
      (candidate) => candidate.date === date && candidate.startTime === time,
    );
    if (timeSlot) return { providerId: id, timeSlot, lookup };
  }
  assert.fail(`"${provider}" has no time slot on ${date} at ${time}`);
};

// ---------------------------------------------------------------- templates

export const templatesRequest = (world: PlatformWorld, person: Person) =>
  world.request(person, 'GET', SCHEDULE_PATHS.templates);

export const templatesOf = async (world: PlatformWorld, person: Person): Promise<ScheduleTemplate[]> =>
  (
    ok(await templatesRequest(world, person), 200, `${person.name} cannot see the templates`) as {
      templates: ScheduleTemplate[];
    }
  ).templates;

export const templateNamed = async (world: PlatformWorld, person: Person, name: string) => {
  const template = (await templatesOf(world, person)).find((candidate) => candidate.name === name);
  assert.ok(template, `${person.name} has no template "${name}"`);
  return template;
};

export const saveTemplate = (
  world: PlatformWorld,
  person: Person,
  template: z.input<typeof ScheduleTemplateInput>,
): Promise<ApiResponse> => world.request(person, 'POST', SCHEDULE_PATHS.saveTemplate, { body: template });

export const duplicateTemplate = (world: PlatformWorld, person: Person, id: z.input<typeof TemplateId>) =>
  world.request(person, 'POST', SCHEDULE_PATHS.duplicateTemplate, { body: id });

export const deleteTemplate = (world: PlatformWorld, person: Person, id: z.input<typeof TemplateId>) =>
  world.request(person, 'POST', SCHEDULE_PATHS.deleteTemplate, { body: id });

export const applyTemplate = (world: PlatformWorld, person: Person, request: z.input<typeof ApplyTemplate>) =>
  world.request(person, 'POST', SCHEDULE_PATHS.applyTemplate, { body: request });
