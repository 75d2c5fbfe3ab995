import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { API_PATHS, type MeResponse } from '@appointment/contracts/accounts';
import {
  APPOINTMENT_PATHS,
  type Appointment,
  type AppointmentCounts,
  type BookingResponse,
  type DashboardDetails,
} from '@appointment/contracts/appointments';
import { formatMoney } from '@appointment/contracts/money';
import { PAYMENT_PATHS, type CheckoutInfo, type PaymentResult } from '@appointment/contracts/payments';
import { SCHEDULE_PATHS, type FetchSlotResponse, type TimeSlot } from '@appointment/contracts/schedule';
import { defineParameterType, Given, Then, When, type DataTable } from '@cucumber/cucumber';
import { PAYMENT_TIMEOUT_MS, type ApiResponse, type Person, type PlatformWorld } from '../support/world';
import { eventually, lastResponseOf } from './accounts.helpers';
import { ok, providerIdOf, sameRows, sendRaw } from './catalogue.steps';
import { dayFrom } from './schedule.steps';

/*
 * Booking, appointment status, payments and notifications (SPEC §3, §4, §7.3, §7.6, §7.7),
 * driven through the API. A time slot is named by its provider, its day (in the provider's
 * zone, see schedule.steps) and its start time; a part of it by its 1-based number.
 */

defineParameterType({
  name: 'appointmentStatus',
  regexp: /pending|scheduled|completed|cancelled/,
  transformer: (text: string) => text as Appointment['status'],
});

// ---------------------------------------------------------------- per-scenario state

interface BookingState {
  /** The answer to each person's last successful booking. */
  booked: Map<string, BookingResponse & { checkout?: CheckoutInfo }>;
  /** The signed result each person's last sandbox payment returned. */
  paid: Map<string, PaymentResult>;
  /** The answers to requests sent together. */
  burst: ApiResponse[];
  /** Each person's notifications, as last listed. */
  notifications: Map<string, Notification[]>;
}

interface Notification {
  _id: string;
  message: string;
  createdAt: string;
}

const states = new WeakMap<PlatformWorld, BookingState>();
const stateOf = (world: PlatformWorld): BookingState => {
  let state = states.get(world);
  if (!state) {
    state = { booked: new Map(), paid: new Map(), burst: [], notifications: new Map() };
    states.set(world, state);
  }
  return state;
};

const lastBookingOf = (world: PlatformWorld, person: Person) => {
  const booking = stateOf(world).booked.get(person.name);
  assert.ok(booking, `${person.name} has booked nothing`);
  return booking;
};

// ---------------------------------------------------------------- time slots

const zoneOfProvider = async (world: PlatformWorld, providerId: string): Promise<string> => {
  const { rows } = await world.pool.query<{ timezone: string }>(
    'SELECT timezone FROM rm_catalogue.providers WHERE id = $1',
    [providerId],
  );
  assert.ok(rows[0], `there is no provider ${providerId}`);
  return rows[0].timezone;
};

/** The time slot as the booking screen shows it to this person (fetchslot). */
const timeSlotAt = async (
  world: PlatformWorld,
  person: Person,
  provider: string,
  service: string,
  day: string,
  time: string,
): Promise<{ providerId: string; slot: TimeSlot; lookup: FetchSlotResponse }> => {
  const providerId = await providerIdOf(world, provider);
  const date = dayFrom(day, await zoneOfProvider(world, providerId));
  const response = await world.request(person, 'POST', SCHEDULE_PATHS.fetchSlot, {
    body: { providerId, serviceId: service },
  });
  const lookup = ok(response, 200, `${person.name} cannot look up the time slots`) as FetchSlotResponse;
  const slot = lookup.timeslots.find((candidate) => candidate.date === date && candidate.startTime === time);
  assert.ok(slot, `"${provider}" has no time slot for "${service}" on ${date} at ${time}`);
  return { providerId, slot, lookup };
};

/** The service a time slot offers first, from the schedule's read model (plumbing, not behaviour). */
const aServiceOf = async (world: PlatformWorld, provider: string, day: string, time: string) => {
  const providerId = await providerIdOf(world, provider);
  const date = dayFrom(day, await zoneOfProvider(world, providerId));
  const { rows } = await world.pool.query<{ service_ids: string[] }>(
    'SELECT service_ids FROM rm_schedule.time_slots WHERE provider_id = $1 AND date = $2::date AND start_time = $3',
    [providerId, date, time],
  );
  assert.ok(rows[0], `"${provider}" has no time slot on ${date} at ${time}`);
  return rows[0].service_ids[0]!;
};

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const twelveHour = (time: string) => {
  const minutes = minutesOf(time);
  const hours = Math.floor(minutes / 60) % 24;
  return `${hours % 12 || 12}:${String(minutes % 60).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
};

/** The booking form as the confirm dialog sends it (frontend booking.saga bookingForm). */
const bookingForm = (
  providerId: string,
  service: string,
  slot: TimeSlot,
  part: number | null,
  lookup: FetchSlotResponse,
): FormData => {
  let from = slot.startTime;
  let to = slot.endTime;
  if (part !== null && slot.addAsSlot) {
    const length = Math.floor((minutesOf(slot.endTime) - minutesOf(slot.startTime)) / slot.availableSlots);
    from = clock(minutesOf(slot.startTime) + (part - 1) * length);
    to = clock(minutesOf(slot.startTime) + part * length);
  }
  const form = new FormData();
  form.append('servicename', service);
  form.append('providerId', providerId);
  form.append('timeslotId', slot._id);
  form.append('date', slot.date);
  form.append('starttime', from);
  form.append('endtime', to);
  form.append('formattedstarttime', twelveHour(from));
  form.append('formattedendtime', twelveHour(to));
  if (part !== null) form.append('index', String(part));
  form.append('paymentneeded', String(lookup.matchedService.isPaymentNeeded));
  form.append('automaticbooking', String(lookup.matchedService.automaticBooking));
  return form;
};

interface Target {
  provider: string;
  service: string;
  day: string;
  time: string;
  /** null for a block. */
  part: number | null;
}

const prepareBooking = async (world: PlatformWorld, person: Person, target: Target): Promise<FormData> => {
  const { providerId, slot, lookup } = await timeSlotAt(
    world,
    person,
    target.provider,
    target.service,
    target.day,
    target.time,
  );
  return bookingForm(providerId, target.service, slot, target.part, lookup);
};

const remember = (world: PlatformWorld, person: Person, response: ApiResponse) => {
  if (response.status === 201) stateOf(world).booked.set(person.name, response.body as BookingResponse);
};

/** Sends a booking form once, as the confirm dialog does, and remembers a booking it makes. */
const sendBooking = async (world: PlatformWorld, person: Person, form: FormData): Promise<ApiResponse> => {
  const response = await sendRaw(world, person, APPOINTMENT_PATHS.book, {
    body: form,
    headers: { 'Idempotency-Key': randomUUID() },
  });
  remember(world, person, response);
  return response;
};

const book = async (world: PlatformWorld, person: Person, target: Target): Promise<ApiResponse> =>
  sendBooking(world, person, await prepareBooking(world, person, target));

// ---------------------------------------------------------------- booking

When(
  '{person} books {string} at {string} in part {int} of the time slot {day} at {time}',
  async function (
    this: PlatformWorld,
    who: string,
    service: string,
    provider: string,
    part: number,
    day: string,
    time: string,
  ) {
    await book(this, this.person(who), { provider, service, day, time, part });
  },
);

When(
  '{person} books {string} at {string} in part {int} of the time slot {day} at {time}, naming {string} as the provider',
  async function (
    this: PlatformWorld,
    who: string,
    service: string,
    provider: string,
    part: number,
    day: string,
    time: string,
    named: string,
  ) {
    const person = this.person(who);
    const form = await prepareBooking(this, person, { provider, service, day, time, part });
    form.set('providerId', await providerIdOf(this, named));
    await sendBooking(this, person, form);
  },
);

Given(
  '{person} has booked {string} at {string} in part {int} of the time slot {day} at {time}',
  async function (
    this: PlatformWorld,
    who: string,
    service: string,
    provider: string,
    part: number,
    day: string,
    time: string,
  ) {
    ok(await book(this, this.person(who), { provider, service, day, time, part }), 201, 'booking failed');
  },
);

const sendTogether = async (world: PlatformWorld, person: Person, count: number, target: Target) => {
  const form = await prepareBooking(world, person, target);
  // Each request its own dialog (its own key), all let go at once.
  const answers = await Promise.all(
    Array.from({ length: count }, () =>
      sendRaw(world, person, APPOINTMENT_PATHS.book, {
        body: form,
        headers: { 'Idempotency-Key': randomUUID() },
      }),
    ),
  );
  stateOf(world).burst = answers;
};

When(
  '{person} sends {int} bookings of {string} at {string} for part {int} of the time slot {day} at {time} at the same moment',
  async function (
    this: PlatformWorld,
    who: string,
    count: number,
    service: string,
    provider: string,
    part: number,
    day: string,
    time: string,
  ) {
    await sendTogether(this, this.person(who), count, { provider, service, day, time, part });
  },
);

When(
  '{person} sends {int} bookings of {string} at {string} for the block {day} at {time} at the same moment',
  async function (
    this: PlatformWorld,
    who: string,
    count: number,
    service: string,
    provider: string,
    day: string,
    time: string,
  ) {
    await sendTogether(this, this.person(who), count, { provider, service, day, time, part: null });
  },
);

Then(
  '{int} of the {int} are booked and {int} are told {string}',
  function (this: PlatformWorld, booked: number, sent: number, refused: number, message: string) {
    const answers = stateOf(this).burst;
    assert.equal(answers.length, sent, 'another number of requests was sent');
    const summary = JSON.stringify(answers.map((answer) => [answer.status, answer.body]));
    const created = answers.filter((answer) => answer.status === 201);
    const conflicts = answers.filter((answer) => answer.status === 409);
    assert.equal(created.length, booked, `booked: ${summary}`);
    assert.equal(conflicts.length, refused, `refused: ${summary}`);
    for (const conflict of conflicts) assert.deepEqual(conflict.body, { message });
    const ids = new Set(created.map((answer) => (answer.body as BookingResponse).appointment._id));
    assert.equal(ids.size, booked, 'two answers name the same appointment');
  },
);

When(
  '{person} sends the same booking of {string} at {string} for part {int} of the time slot {day} at {time} {int} times with one Idempotency-Key, as a double click would',
  async function (
    this: PlatformWorld,
    who: string,
    service: string,
    provider: string,
    part: number,
    day: string,
    time: string,
    count: number,
  ) {
    const person = this.person(who);
    const form = await prepareBooking(this, person, { provider, service, day, time, part });
    const headers = { 'Idempotency-Key': randomUUID() };
    stateOf(this).burst = await Promise.all(
      Array.from({ length: count }, () =>
        sendRaw(this, person, APPOINTMENT_PATHS.book, { body: form, headers }),
      ),
    );
  },
);

Then('all {int} answers name the same appointment', function (this: PlatformWorld, count: number) {
  const answers = stateOf(this).burst;
  assert.equal(answers.length, count);
  const summary = JSON.stringify(answers.map((answer) => [answer.status, answer.body]));
  assert.ok(
    answers.every((answer) => answer.status === 201),
    `not every try was answered as booked: ${summary}`,
  );
  const ids = new Set(answers.map((answer) => (answer.body as BookingResponse).appointment._id));
  assert.equal(ids.size, 1, summary);
});

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
    const availability = ok(
      await this.request(person, 'GET', SCHEDULE_PATHS.getAvailability),
      200,
      `${who} cannot read the availability`,
    ) as { timezone: string };
    const response = await this.request(person, 'POST', SCHEDULE_PATHS.addTimeSlot, {
      body: {
        date: dayFrom(day, availability.timezone),
        startTime: from,
        endTime: to,
        addAsSlot: false,
        addTotalSlot: true,
        totalSlots: places,
        availableSlots: places,
        serviceIds: [service],
        repeat: 'none',
      },
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
    const service = await aServiceOf(this, provider, day, time);
    const { slot } = await timeSlotAt(this, this.person(who), provider, service, day, time);
    assert.equal(slot.addAsSlot, false, 'this time slot is split into parts, not a block');
    assert.equal(slot.availableSlots, left, JSON.stringify(slot));
  },
);

const takenParts = async (
  world: PlatformWorld,
  person: Person,
  provider: string,
  day: string,
  time: string,
): Promise<number[]> => {
  const service = await aServiceOf(world, provider, day, time);
  const { slot } = await timeSlotAt(world, person, provider, service, day, time);
  return [...slot.indexes].sort((a, b) => a - b);
};

Then(
  '{person} sees only part {int} of the time slot {day} at {time} at {string} as taken',
  async function (
    this: PlatformWorld,
    who: string,
    part: number,
    day: string,
    time: string,
    provider: string,
  ) {
    assert.deepEqual(await takenParts(this, this.person(who), provider, day, time), [part]);
  },
);

Then(
  '{person} sees no part of the time slot {day} at {time} at {string} as taken',
  async function (this: PlatformWorld, who: string, day: string, time: string, provider: string) {
    assert.deepEqual(await takenParts(this, this.person(who), provider, day, time), []);
  },
);

/** A provider's staff count the appointments, not cancelled, in one of their own time slots. */
const activeAppointmentsIn = async (
  world: PlatformWorld,
  person: Person,
  day: string,
  time: string,
  part: number | null,
) => {
  const slots = ok(
    await world.request(person, 'GET', SCHEDULE_PATHS.fetchAllSlots),
    200,
    `${person.name} cannot see the schedule`,
  ) as { timeslots: TimeSlot[] };
  const window = slots.timeslots.find(
    (slot) => slot.date === dayFrom(day, slot.timezone) && slot.startTime === time,
  );
  assert.ok(window, `${person.name} has no time slot ${day} at ${time}`);
  const appointments = await appointmentsOf(world, person);
  return appointments.filter(
    (a) => a.timeslotId === window._id && a.index === part && a.status !== 'cancelled',
  );
};

Then(
  '{person} sees exactly {int} appointment(s) in part {int} of the time slot {day} at {time}',
  async function (this: PlatformWorld, who: string, count: number, part: number, day: string, time: string) {
    const found = await activeAppointmentsIn(this, this.person(who), day, time, part);
    assert.equal(found.length, count, JSON.stringify(found));
  },
);

Then(
  '{person} sees exactly {int} appointment(s) in the block {day} at {time}',
  async function (this: PlatformWorld, who: string, count: number, day: string, time: string) {
    const found = await activeAppointmentsIn(this, this.person(who), day, time, null);
    assert.equal(found.length, count, JSON.stringify(found));
  },
);

// ---------------------------------------------------------------- appointments

const roleOf = async (world: PlatformWorld, person: Person): Promise<string> => {
  const response = await world.request(person, 'GET', API_PATHS.me);
  return (ok(response, 200, `${person.name} is not signed in`) as MeResponse).role;
};

const appointmentsOf = async (
  world: PlatformWorld,
  person: Person,
  status?: string,
): Promise<Appointment[]> => {
  const response = await world.request(person, 'POST', APPOINTMENT_PATHS.list, {
    body: { filters: status ? { status } : {}, role: await roleOf(world, person) },
  });
  return (ok(response, 200, `${person.name} cannot list the appointments`) as { appointments: Appointment[] })
    .appointments;
};

const yesNo = (value: boolean) => (value ? 'yes' : 'no');

/** An appointment as a scenario writes it; the day relative to today in the provider's zone. */
const appointmentRow = (a: Appointment, timeZone: string): Record<string, string> => {
  const relative: Record<string, string> = {
    [dayFrom('yesterday', timeZone)]: 'yesterday',
    [dayFrom('today', timeZone)]: 'today',
    [dayFrom('tomorrow', timeZone)]: 'tomorrow',
  };
  return {
    service: a.serviceName,
    provider: a.providerName,
    day: relative[a.date] ?? a.date,
    from: a.startTime,
    to: a.endTime,
    status: a.status,
    price: formatMoney(a.amount, a.currency),
    'payment needed': yesNo(a.paymentNeeded),
    paid: yesNo(a.paid),
    'booked by': a.username,
    'e-mail': a.email,
  };
};

Then("{person}'s new appointment is:", async function (this: PlatformWorld, who: string, table: DataTable) {
  const person = this.person(who);
  const { appointment } = lastBookingOf(this, person);
  const expected = table.rowsHash();
  sameRows([appointmentRow(appointment, appointment.timezone)], [expected], 'the booking answer');
  assert.equal(appointment.email, person.email.toLowerCase());
  const listed = (await appointmentsOf(this, person)).find((a) => a._id === appointment._id);
  assert.ok(listed, `${who}'s list does not hold the new appointment`);
  sameRows([appointmentRow(listed, listed.timezone)], [expected], `${who}'s list`);
});

const countAppointments = async function (this: PlatformWorld, who: string, count: number) {
  const appointments = await appointmentsOf(this, this.person(who));
  assert.equal(appointments.length, count, JSON.stringify(appointments));
};
Then('{person} has {int} appointment(s)', countAppointments);
Then('{person} has no appointments', async function (this: PlatformWorld, who: string) {
  await countAppointments.call(this, who, 0);
});

/** The one appointment of `owner` at a day and time, as `viewer` finds it in their list. */
const appointmentAt = async (
  world: PlatformWorld,
  viewer: Person,
  owner: Person,
  day: string,
  time: string,
): Promise<Appointment> => {
  const found = (await appointmentsOf(world, viewer)).filter(
    (a) =>
      a.email === owner.email.toLowerCase() && a.date === dayFrom(day, a.timezone) && a.startTime === time,
  );
  assert.equal(
    found.length,
    1,
    `${viewer.name} sees no single appointment of ${owner.name} ${day} at ${time}`,
  );
  return found[0]!;
};

const changeStatus = async (
  world: PlatformWorld,
  who: string,
  owner: string,
  day: string,
  time: string,
  status: string,
) => {
  const person = world.person(who);
  const appointment = await appointmentAt(world, person, world.person(owner), day, time);
  return world.request(person, 'POST', APPOINTMENT_PATHS.updateStatus, {
    body: { id: appointment._id, status },
  });
};

When(
  "{person} marks {person}'s appointment {day} at {time} as {appointmentStatus}",
  async function (
    this: PlatformWorld,
    who: string,
    owner: string,
    day: string,
    time: string,
    status: string,
  ) {
    await changeStatus(this, who, owner, day, time, status);
  },
);

Given(
  "{person} has marked {person}'s appointment {day} at {time} as {appointmentStatus}",
  async function (
    this: PlatformWorld,
    who: string,
    owner: string,
    day: string,
    time: string,
    status: string,
  ) {
    const response = await changeStatus(this, who, owner, day, time, status);
    ok(response, 200, 'changing the status failed');
    assert.equal((response.body as { appointment: Appointment }).appointment.status, status);
  },
);

const hasStatus = async function (
  this: PlatformWorld,
  who: string,
  day: string,
  time: string,
  status: string,
) {
  const person = this.person(who);
  const appointment = await appointmentAt(this, person, person, day, time);
  assert.equal(appointment.status, status);
};
Then("{person}'s appointment {day} at {time} is {appointmentStatus}", hasStatus);
Then("{person}'s appointment {day} at {time} is still {appointmentStatus}", hasStatus);

Then(
  "{person}'s appointment {day} at {time} is not paid",
  async function (this: PlatformWorld, who: string, day: string, time: string) {
    const person = this.person(who);
    assert.equal((await appointmentAt(this, person, person, day, time)).paid, false);
  },
);

Then(
  "{person}'s appointment {day} at {time} is soon paid and {appointmentStatus}",
  async function (this: PlatformWorld, who: string, day: string, time: string, status: string) {
    const person = this.person(who);
    const settled = await eventually(`${who}'s appointment to be paid and ${status}`, async () => {
      const appointment = await appointmentAt(this, person, person, day, time);
      return appointment.paid && appointment.status === status ? appointment : undefined;
    });
    assert.equal(settled.paid, true);
  },
);

When(
  '{person} leaves her/his/their order unpaid past the payment timeout',
  async function (this: PlatformWorld, _who: string) {
    // Long enough for the delayed job to come due and run.
    await new Promise((resolve) => setTimeout(resolve, PAYMENT_TIMEOUT_MS + 1000));
  },
);

Then(
  "{person}'s appointment {day} at {time} is soon {appointmentStatus}",
  async function (this: PlatformWorld, who: string, day: string, time: string, status: string) {
    const person = this.person(who);
    const settled = await eventually(`${who}'s appointment to be ${status}`, async () => {
      const appointment = await appointmentAt(this, person, person, day, time);
      return appointment.status === status ? appointment : undefined;
    });
    assert.equal(settled.status, status);
  },
);

const COUNT_COLUMNS: Record<string, keyof AppointmentCounts> = {
  scheduled: 'scheduledAppointments',
  pending: 'pendingAppointments',
  completed: 'completedAppointments',
  cancelled: 'cancelledAppointments',
  total: 'totalAppointments',
};

Then('the appointment counts are:', async function (this: PlatformWorld, table: DataTable) {
  const seen: Record<string, string>[] = [];
  for (const row of table.hashes()) {
    const person = this.person(row.person!);
    const response = await this.request(person, 'POST', APPOINTMENT_PATHS.stats, {
      body: { role: await roleOf(this, person) },
    });
    const counts = ok(response, 200, `${person.name} cannot count the appointments`) as AppointmentCounts;
    seen.push({
      person: person.name,
      ...Object.fromEntries(
        Object.entries(COUNT_COLUMNS).map(([column, key]) => [column, String(counts[key])]),
      ),
    });
  }
  sameRows(seen, table, 'other counts');
});

When(
  '{person} lists her/his/their {word} appointments',
  async function (this: PlatformWorld, who: string, status: string) {
    const person = this.person(who);
    await this.request(person, 'POST', APPOINTMENT_PATHS.list, {
      body: { filters: { status }, role: await roleOf(this, person) },
    });
  },
);

When('{person} lists all her/his/their appointments', async function (this: PlatformWorld, who: string) {
  const person = this.person(who);
  await this.request(person, 'POST', APPOINTMENT_PATHS.list, {
    body: { filters: { status: 'all' }, role: await roleOf(this, person) },
  });
});

Then('{person} is shown these appointments:', function (this: PlatformWorld, who: string, table: DataTable) {
  const { appointments } = ok(lastResponseOf(this.person(who)), 200, 'the list did not load') as {
    appointments: Appointment[];
  };
  sameRows(
    appointments.map((a) => appointmentRow(a, a.timezone)),
    table,
    `${who} is shown other appointments`,
  );
});

Given(
  '{person} has booked these parts of the time slot {day} at {time} at {string}:',
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
      const target = { provider, service: row.service!, day, time, part: Number(row.part) };
      ok(await book(this, person, target), 201, `booking part ${row.part} failed`);
    }
  },
);

When('{person} opens her/his/their dashboard', async function (this: PlatformWorld, who: string) {
  const person = this.person(who);
  await this.request(person, 'POST', APPOINTMENT_PATHS.dashboardDetails, {
    body: { role: await roleOf(this, person) },
  });
});

/** The dashboard details the person's last call loaded. */
const shownDashboard = (world: PlatformWorld, who: string): DashboardDetails =>
  ok(lastResponseOf(world.person(who)), 200, 'the dashboard did not load') as DashboardDetails;

Then(
  "{person}'s dashboard lists these appointments with their providers:",
  function (this: PlatformWorld, who: string, table: DataTable) {
    const details = shownDashboard(this, who);
    assert.deepEqual(details.appointmentsWithServiceDetails, [], 'a user is shown service details');
    const rows = details.appointmentsWithProviderDetails.map((a) => ({
      ...appointmentRow(a, a.timezone),
      'provider address': a.providerDetails?.address ?? '',
      'provider industry': a.providerDetails?.industry ?? '',
    }));
    sameRows(rows, table, `${who}'s dashboard lists other appointments`);
  },
);

Then(
  "{person}'s dashboard lists these appointments with their services and users:",
  function (this: PlatformWorld, who: string, table: DataTable) {
    const details = shownDashboard(this, who);
    assert.deepEqual(details.appointmentsWithProviderDetails, [], 'the staff are shown provider details');
    const rows = details.appointmentsWithServiceDetails.map((a) => ({
      ...appointmentRow(a, a.timezone),
      'service minutes': String(a.serviceDetails?.duration ?? ''),
      'service price': a.serviceDetails ? formatMoney(a.serviceDetails.price, a.serviceDetails.currency) : '',
      'booked by': a.userDetails.username,
      'e-mail': a.userDetails.email,
    }));
    sameRows(rows, table, `${who}'s dashboard lists other appointments`);
  },
);

// ---------------------------------------------------------------- payments

Then('{person} is asked to pay this order:', function (this: PlatformWorld, who: string, table: DataTable) {
  const { order } = lastBookingOf(this, this.person(who));
  assert.ok(order, `${who} was given no order`);
  const expected = table.rowsHash();
  sameRows(
    [
      {
        amount: String(order.amount),
        currency: order.currency,
        service: order.notes.service_name,
        description: order.notes.service_description,
      },
    ],
    [expected],
    'another order',
  );
  assert.ok(order.id, 'the order has no id');
});

Then('{person} is asked for no payment', function (this: PlatformWorld, who: string) {
  const booking = lastBookingOf(this, this.person(who));
  assert.equal(booking.order, undefined, `an order: ${JSON.stringify(booking.order)}`);
  assert.equal(booking.checkout, undefined, `a checkout: ${JSON.stringify(booking.checkout)}`);
});

Then(
  "{person}'s checkout is the sandbox page, showing {string}",
  async function (this: PlatformWorld, who: string, text: string) {
    const { order, checkout } = lastBookingOf(this, this.person(who));
    assert.ok(order && checkout, `${who} was given no checkout`);
    assert.equal(checkout.gateway, 'sandbox', JSON.stringify(checkout));
    const url = new URL(checkout.url, this.baseUrl);
    assert.equal(url.origin, this.baseUrl, 'the sandbox checkout is not on the same origin');
    assert.equal(url.pathname, PAYMENT_PATHS.sandboxCheckout);
    const page = await this.get(`${url.pathname}${url.search}`);
    assert.equal(page.status, 200);
    const html = String(page.body);
    assert.ok(html.includes('Sandbox checkout'), 'this is not the sandbox checkout');
    assert.ok(html.includes(order.id), 'the page does not name the order');
    assert.ok(html.includes(text), `the page does not show "${text}":\n${html}`);
  },
);

const payInSandbox = async (world: PlatformWorld, payer: Person, owner: Person) => {
  const { order } = lastBookingOf(world, owner);
  assert.ok(order, `${owner.name} was given no order`);
  const response = await world.request(payer, 'POST', PAYMENT_PATHS.sandboxPay, {
    body: { orderId: order.id },
  });
  if (response.status === 200) stateOf(world).paid.set(payer.name, response.body as PaymentResult);
  return response;
};

When(
  '{person} pays her/his/their order in the sandbox checkout',
  async function (this: PlatformWorld, who: string) {
    const person = this.person(who);
    ok(await payInSandbox(this, person, person), 200, 'the sandbox refused the payment');
  },
);

When(
  "{person} tries to pay {person}'s order in the sandbox checkout",
  async function (this: PlatformWorld, who: string, owner: string) {
    await payInSandbox(this, this.person(who), this.person(owner));
  },
);

const reportPayment = (world: PlatformWorld, person: Person, result: PaymentResult) =>
  world.request(person, 'POST', PAYMENT_PATHS.paymentSuccess, { body: result });

When('{person} reports the payment', async function (this: PlatformWorld, who: string) {
  const result = stateOf(this).paid.get(who);
  assert.ok(result, `${who} has paid nothing`);
  await reportPayment(this, this.person(who), result);
});

When(
  "{person} reports {person}'s payment as her/his/their own",
  async function (this: PlatformWorld, who: string, owner: string) {
    const result = stateOf(this).paid.get(owner);
    assert.ok(result, `${owner} has paid nothing`);
    await reportPayment(this, this.person(who), result);
  },
);

When(
  '{person} reports a payment for her/his/their order with a signature she/he/they made up',
  async function (this: PlatformWorld, who: string) {
    const person = this.person(who);
    const { order } = lastBookingOf(this, person);
    assert.ok(order, `${who} was given no order`);
    await reportPayment(this, person, {
      orderId: order.id,
      paymentId: `pay_${randomUUID().replace(/-/g, '').slice(0, 14)}`,
      signature: 'f'.repeat(64),
    });
  },
);

// ---------------------------------------------------------------- notifications

const notificationsOf = async (world: PlatformWorld, person: Person): Promise<Notification[]> => {
  const response = await world.request(person, 'GET', '/api/appointments/getnotification');
  const { notifications } = ok(response, 200, `${person.name} cannot see the notifications`) as {
    notifications: Notification[];
  };
  stateOf(world).notifications.set(person.name, notifications);
  return notifications;
};

const spaces = (text: string) => text.replace(/\s+/g, ' ');
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A notification's text with its time written as `<tomorrow, 9:30 AM>`: the day (in the
 * provider's zone) as "Friday, June 14, 2024" and the time, in either of the usual separators.
 */
const notificationPattern = (text: string, timeZone: string): RegExp => {
  const parts = text.split(/<([^>]+)>/);
  const source = parts
    .map((part, position) => {
      if (position % 2 === 0) return escapeRegExp(spaces(part));
      const [day = '', time = ''] = part.split(',').map((piece) => piece.trim());
      const date = dayFrom(day, timeZone);
      const written = new Intl.DateTimeFormat('en-US', {
        timeZone: 'UTC',
        weekday: 'long',
        month: 'long',
        day: 'numeric',
        year: 'numeric',
      }).format(new Date(`${date}T12:00:00Z`));
      return `${escapeRegExp(written)}(?:,| at) ${escapeRegExp(time)}`;
    })
    .join('');
  return new RegExp(`^${source}$`);
};

Then(
  '{person} soon has the notification {string}',
  async function (this: PlatformWorld, who: string, text: string) {
    const person = this.person(who);
    // Days are read on the clock of the appointment booked last in the scenario.
    const bookings = [...stateOf(this).booked.values()];
    const timeZone = bookings.at(-1)?.appointment.timezone ?? 'UTC';
    const pattern = notificationPattern(text, timeZone);
    await eventually(`${who}'s notification "${text}"`, async () => {
      const notifications = await notificationsOf(this, person);
      return notifications.find((notification) => pattern.test(spaces(notification.message)));
    }).catch((error: unknown) => {
      const seen = stateOf(this).notifications.get(who) ?? [];
      throw new Error(
        `${String(error)}; ${who} has ${JSON.stringify(seen.map((n) => n.message))}, expected ${pattern}`,
      );
    });
  },
);

const hasNotifications = async function (this: PlatformWorld, who: string, count: number) {
  const person = this.person(who);
  // The notifier writes them shortly after the booking; more than expected is a failure at once.
  const seen = await eventually(`${count} notifications for ${who}`, async () => {
    const notifications = await notificationsOf(this, person);
    assert.ok(notifications.length <= count, `${who} has ${JSON.stringify(notifications)}`);
    return notifications.length === count ? notifications : undefined;
  });
  assert.equal(seen.length, count);
};
Then('{person} has {int} notification(s)', hasNotifications);
Given('{person} has received {int} notification(s)', hasNotifications);
Then('{person} still has {int} notification(s)', hasNotifications);
Then('{person} has no notifications', async function (this: PlatformWorld, who: string) {
  const notifications = await notificationsOf(this, this.person(who));
  assert.deepEqual(notifications, []);
});

const deleteNotification = (world: PlatformWorld, person: Person, notification: Notification) =>
  world.request(person, 'POST', '/api/appointments/deletenotification', { body: { _id: notification._id } });

When('{person} deletes her/his/their newest notification', async function (this: PlatformWorld, who: string) {
  const person = this.person(who);
  const [newest] = await notificationsOf(this, person);
  assert.ok(newest, `${who} has no notifications`);
  const answer = await deleteNotification(this, person, newest);
  const left = await notificationsOf(this, person);
  assert.ok(!left.some((n) => n._id === newest._id), 'the deleted notification is still listed');
  // What the person is told is the answer to the deletion, not to the list.
  person.lastResponse = answer;
  this.lastResponse = answer;
});

When(
  "{person} tries to delete {person}'s newest notification",
  async function (this: PlatformWorld, who: string, owner: string) {
    const [newest] = await notificationsOf(this, this.person(owner));
    assert.ok(newest, `${owner} has no notifications`);
    await deleteNotification(this, this.person(who), newest);
  },
);

When('{person} clears all her/his/their notifications', async function (this: PlatformWorld, who: string) {
  await this.request(this.person(who), 'POST', '/api/appointments/deleteallnotification');
});
