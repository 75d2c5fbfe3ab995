import assert from 'node:assert/strict';
import { When } from '@cucumber/cucumber';
import { APPOINTMENT_PATHS } from '@appointment/contracts/appointments';
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
