import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { BookingResponse } from '@appointment/contracts/appointments';
import { Then, When } from '@cucumber/cucumber';
import { bookingFormAt, sendBooking, type BookingTarget } from '../drivers/booking';
import type { ApiResponse, PlatformWorld } from '../support/world';

/*
 * Bookings sent at the same moment, and one booking sent again with its Idempotency-Key
 * (docs/product.md §4, §7.3): an interval goes to one person, a block to as many as it has places,
 * and a retry books once.
 */

const answersTogether = (world: PlatformWorld): ApiResponse[] => {
  assert.ok(world.answersTogether, 'nothing was sent together');
  return world.answersTogether;
};

When(
  '{person} sends {int} bookings of {bookingTarget} at the same moment',
  async function (this: PlatformWorld, who: string, count: number, target: BookingTarget) {
    const person = this.person(who);
    const form = await bookingFormAt(this, person, target);
    // Each request its own dialog (its own key), all let go at once.
    this.answersTogether = await Promise.all(
      Array.from({ length: count }, () => sendBooking(this, person, form)),
    );
  },
);

Then(
  '{int} of the {int} are booked and {int} are told {string}',
  function (this: PlatformWorld, booked: number, sent: number, refused: number, message: string) {
    const answers = answersTogether(this);
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
  '{person} sends the same booking of {bookingTarget} {int} times with one Idempotency-Key, as a double click would',
  async function (this: PlatformWorld, who: string, target: BookingTarget, count: number) {
    const person = this.person(who);
    const form = await bookingFormAt(this, person, target);
    const key = randomUUID();
    this.answersTogether = await Promise.all(
      Array.from({ length: count }, () => sendBooking(this, person, form, key)),
    );
  },
);

Then('all {int} answers name the same appointment', function (this: PlatformWorld, count: number) {
  const answers = answersTogether(this);
  assert.equal(answers.length, count);
  const summary = JSON.stringify(answers.map((answer) => [answer.status, answer.body]));
  assert.ok(
    answers.every((answer) => answer.status === 201),
    `not every try was answered as booked: ${summary}`,
  );
  const ids = new Set(answers.map((answer) => (answer.body as BookingResponse).appointment._id));
  assert.equal(ids.size, 1, summary);
});
