import assert from 'node:assert/strict';
import type { Appointment, AppointmentCounts } from '@appointment/contracts/appointments';
import { Then, When, type DataTable } from '@cucumber/cucumber';
import { appointmentCounts, appointmentsOf, lastBookingOf, listAppointments } from '../drivers/booking';
import { lastResponseOf, ok, sameRows } from '../support/assertions';
import { appointmentRow } from '../support/table-rows';
import type { PlatformWorld } from '../support/world';

/*
 * The appointments each person sees (docs/product.md §3, §7.3): the one just booked, their counts by
 * status and their lists, a user her own and a provider's staff the provider's.
 */

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
