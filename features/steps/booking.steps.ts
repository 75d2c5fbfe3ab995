import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type {
  Appointment,
  AppointmentCounts,
  BookingResponse,
  DashboardDetails,
} from '@appointment/contracts/appointments';
import { formatMoney } from '@appointment/contracts/money';
import { Given, Then, When, type DataTable } from '@cucumber/cucumber';
import {
  appointmentCounts,
  appointmentsOf,
  book,
  bookingFormAt,
  changeStatus,
  lastBookingOf,
  listAppointments,
  openDashboard,
  sendBooking,
  type BookingTarget,
} from '../drivers/booking';
import { providerNamed } from '../drivers/catalogue';
import { addTimeSlot, allSlotsOf, anySlotAt, availabilityOf } from '../drivers/schedule';
import { eventually, lastResponseOf, ok, sameRows, yesNo } from '../support/assertions';
import { dayFrom } from '../support/days';
import { PAYMENT_TIMEOUT_MS, type ApiResponse, type Person, type PlatformWorld } from '../support/world';

/*
 * Booking and appointment status (docs/product.md §3, §4, §7.3), driven through the API as the booking
 * screen does (drivers/booking). A time slot is named by its provider, its day (in the
 * provider's zone) and its start time; an interval of it by its interval number.
 */

/** The answers to requests sent together, per scenario. */
const bursts = new WeakMap<PlatformWorld, ApiResponse[]>();
const burstOf = (world: PlatformWorld): ApiResponse[] => bursts.get(world) ?? [];

// ---------------------------------------------------------------- booking

When(
  '{person} books {string} at {string} in interval {int} of the time slot {day} at {time}',
  async function (
    this: PlatformWorld,
    who: string,
    service: string,
    provider: string,
    intervalNumber: number,
    day: string,
    time: string,
  ) {
    await book(this, this.person(who), { provider, service, day, time, intervalNumber });
  },
);

When(
  '{person} books {string} at {string} in interval {int} of the time slot {day} at {time}, naming {string} as the provider',
  async function (
    this: PlatformWorld,
    who: string,
    service: string,
    provider: string,
    intervalNumber: number,
    day: string,
    time: string,
    named: string,
  ) {
    const person = this.person(who);
    const form = await bookingFormAt(this, person, { provider, service, day, time, intervalNumber });
    // The form changed by hand: another provider named, for that provider's price.
    await sendBooking(this, person, { ...form, providerId: (await providerNamed(this, named)).id });
  },
);

Given(
  '{person} has booked {string} at {string} in interval {int} of the time slot {day} at {time}',
  async function (
    this: PlatformWorld,
    who: string,
    service: string,
    provider: string,
    intervalNumber: number,
    day: string,
    time: string,
  ) {
    ok(
      await book(this, this.person(who), { provider, service, day, time, intervalNumber }),
      201,
      'booking failed',
    );
  },
);

const sendTogether = async (world: PlatformWorld, person: Person, count: number, target: BookingTarget) => {
  const form = await bookingFormAt(world, person, target);
  // Each request its own dialog (its own key), all let go at once.
  const answers = await Promise.all(Array.from({ length: count }, () => sendBooking(world, person, form)));
  bursts.set(world, answers);
};

When(
  '{person} sends {int} bookings of {string} at {string} for interval {int} of the time slot {day} at {time} at the same moment',
  async function (
    this: PlatformWorld,
    who: string,
    count: number,
    service: string,
    provider: string,
    intervalNumber: number,
    day: string,
    time: string,
  ) {
    await sendTogether(this, this.person(who), count, { provider, service, day, time, intervalNumber });
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
    await sendTogether(this, this.person(who), count, { provider, service, day, time, intervalNumber: null });
  },
);

Then(
  '{int} of the {int} are booked and {int} are told {string}',
  function (this: PlatformWorld, booked: number, sent: number, refused: number, message: string) {
    const answers = burstOf(this);
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
  '{person} sends the same booking of {string} at {string} for interval {int} of the time slot {day} at {time} {int} times with one Idempotency-Key, as a double click would',
  async function (
    this: PlatformWorld,
    who: string,
    service: string,
    provider: string,
    intervalNumber: number,
    day: string,
    time: string,
    count: number,
  ) {
    const person = this.person(who);
    const form = await bookingFormAt(this, person, { provider, service, day, time, intervalNumber });
    const key = randomUUID();
    bursts.set(
      this,
      await Promise.all(Array.from({ length: count }, () => sendBooking(this, person, form, key))),
    );
  },
);

Then('all {int} answers name the same appointment', function (this: PlatformWorld, count: number) {
  const answers = burstOf(this);
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

/** A provider's staff count the appointments, not cancelled, in one of their own time slots. */
const activeAppointmentsIn = async (
  world: PlatformWorld,
  person: Person,
  day: string,
  time: string,
  intervalNumber: number | null,
) => {
  const timeSlot = (await allSlotsOf(world, person)).find(
    (slot) => slot.date === dayFrom(day, slot.timezone) && slot.startTime === time,
  );
  assert.ok(timeSlot, `${person.name} has no time slot ${day} at ${time}`);
  const appointments = await appointmentsOf(world, person);
  return appointments.filter(
    (a) => a.timeslotId === timeSlot._id && a.index === intervalNumber && a.status !== 'cancelled',
  );
};

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

Then(
  '{person} sees exactly {int} appointment(s) in the block {day} at {time}',
  async function (this: PlatformWorld, who: string, count: number, day: string, time: string) {
    const found = await activeAppointmentsIn(this, this.person(who), day, time, null);
    assert.equal(found.length, count, JSON.stringify(found));
  },
);

// ---------------------------------------------------------------- appointments

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

const changesStatus = async (
  world: PlatformWorld,
  who: string,
  owner: string,
  day: string,
  time: string,
  status: string,
) => {
  const person = world.person(who);
  const appointment = await appointmentAt(world, person, world.person(owner), day, time);
  return changeStatus(world, person, { id: appointment._id, status: status as Appointment['status'] });
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
    await changesStatus(this, who, owner, day, time, status);
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
    const response = await changesStatus(this, who, owner, day, time, status);
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
    const response = await appointmentCounts(this, person);
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
    await listAppointments(this, person, { status: status as Appointment['status'] | 'all' });
  },
);

When('{person} lists all her/his/their appointments', async function (this: PlatformWorld, who: string) {
  const person = this.person(who);
  await listAppointments(this, person, { status: 'all' });
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

When('{person} opens her/his/their dashboard', async function (this: PlatformWorld, who: string) {
  const person = this.person(who);
  await openDashboard(this, person);
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
