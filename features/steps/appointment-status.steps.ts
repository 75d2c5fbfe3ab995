import assert from 'node:assert/strict';
import type { Appointment } from '@appointment/contracts/appointments';
import { Given, Then, When } from '@cucumber/cucumber';
import { appointmentAt, changeStatus } from '../drivers/booking';
import { eventually, ok } from '../support/assertions';
import type { PlatformWorld } from '../support/world';

/*
 * An appointment's status (docs/product.md §3, §7.3): the provider's staff change it, and each
 * person reads it in their own list. An appointment is named by whose it is, its day (in the
 * provider's zone) and its start time.
 */

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
