import assert from 'node:assert/strict';
import { Given, Then, When } from '@cucumber/cucumber';
import { APPOINTMENT_PATHS, type AppointmentCancelled } from '@appointment/contracts/appointments';
import { DEFAULT_BOOKING_POLICY, POLICY_PATHS } from '@appointment/contracts/policy';
import { formatMoney } from '@appointment/contracts/money';
import { slotAt } from '../drivers/schedule';
import { mailTo } from '../drivers/accounts';
import { eventually, messageOf } from '../support/assertions';
import type { Person, PlatformWorld } from '../support/world';

/* The user cancels her appointment (issue 29), driven through the API as her card does. */

/** The appointment `owner` booked last in the scenario. */
const latestOf = (world: PlatformWorld, owner: Person): string => {
  const booked = world.bookings.get(owner.name);
  assert.ok(booked, `${owner.name} has booked nothing in this scenario`);
  return booked.appointment._id;
};

const cancel = (world: PlatformWorld, person: Person, appointmentId: string) =>
  world.request(person, 'POST', APPOINTMENT_PATHS.cancel.replace(':id', encodeURIComponent(appointmentId)));

When('{person} cancels her/his/their latest appointment', async function (this: PlatformWorld, who: string) {
  const person = this.person(who);
  await cancel(this, person, latestOf(this, person));
});

When(
  "{person} tries to cancel {person}'s latest appointment",
  async function (this: PlatformWorld, who: string, owner: string) {
    await cancel(this, this.person(who), latestOf(this, this.person(owner)));
  },
);

Given(
  '{person} has set the booking policy: free cancellation until {int} hours before, then a fee of {int} percent',
  async function (this: PlatformWorld, who: string, hours: number, percent: number) {
    const saved = await this.request(this.person(who), 'PUT', POLICY_PATHS.bookingPolicy, {
      body: {
        ...DEFAULT_BOOKING_POLICY,
        cancelDeadlineHours: hours,
        lateCancelFee: { kind: 'percent', value: percent },
      },
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
  },
);

Then(
  /^(\w+) gets back (\S+), and the clinic keeps (\S+)$/,
  function (this: PlatformWorld, who: string, back: string, kept: string) {
    const answer = this.person(who).lastResponse?.body as AppointmentCancelled;
    const { refund } = answer;
    assert.ok(refund, `${who} was told of no refund: ${JSON.stringify(answer)}`);
    assert.equal(formatMoney(refund.amount, refund.currency), back);
    assert.equal(refund.fee === 0 ? 'nothing' : formatMoney(refund.fee, refund.currency), kept);
  },
);

/* The user moves her appointment (issue 29), as the booking screen does in reschedule mode. */

When(
  '{person} moves her/his/their latest appointment to interval {int} of the time slot at {string} {day} at {time}',
  async function (
    this: PlatformWorld,
    who: string,
    intervalNumber: number,
    provider: string,
    day: string,
    time: string,
  ) {
    const person = this.person(who);
    const booked = this.bookings.get(person.name);
    assert.ok(booked, `${who} has booked nothing in this scenario`);
    const { timeSlot } = await slotAt(this, person, provider, booked.appointment.serviceName, day, time);
    await this.request(person, 'POST', APPOINTMENT_PATHS.reschedule.replace(':id', booked.appointment._id), {
      body: { timeslotId: timeSlot._id, index: intervalNumber },
    });
  },
);

/* The signed links of a booking's e-mail (issue 29 "Telling people"), used without signing in. */

/** The link of `purpose` in the newest booking e-mail to `owner`, as its id, expiry and token. */
const mailedLinkOf = async (world: PlatformWorld, owner: Person, purpose: 'cancel' | 'reschedule') => {
  const id = latestOf(world, owner);
  const pattern = new RegExp(`https?://\\S+/booking-link/${purpose}\\?\\S*appointment=${id}\\S*`);
  const link = await eventually(`a booking e-mail to ${owner.email}`, async () =>
    (await mailTo(world, owner.email)).map((mail) => pattern.exec(mail.text)?.[0]).find(Boolean),
  );
  const query = new URL(link).searchParams;
  return { id, proof: { token: query.get('token')!, expires: query.get('expires')! } };
};

When(
  "a visitor uses the reschedule link of {person}'s latest booking e-mail to cancel",
  async function (this: PlatformWorld, owner: string) {
    const { id, proof } = await mailedLinkOf(this, this.person(owner), 'reschedule');
    await this.request(undefined, 'POST', APPOINTMENT_PATHS.linkCancel.replace(':id', id), { body: proof });
  },
);

When(
  "a visitor confirms the cancel link of {person}'s latest booking e-mail",
  async function (this: PlatformWorld, owner: string) {
    const { id, proof } = await mailedLinkOf(this, this.person(owner), 'cancel');
    await this.request(undefined, 'POST', APPOINTMENT_PATHS.linkCancel.replace(':id', id), { body: proof });
  },
);

Then('the visitor is told {string}', function (this: PlatformWorld, message: string) {
  const response = this.lastResponse;
  assert.ok(response, 'the visitor did nothing');
  assert.equal(response.status, 200, JSON.stringify(response.body));
  assert.equal(messageOf(response), message);
});
