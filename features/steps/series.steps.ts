import assert from 'node:assert/strict';
import { Then, When } from '@cucumber/cucumber';
import {
  APPOINTMENT_PATHS,
  type Appointment,
  type SeriesBookedResponse,
} from '@appointment/contracts/appointments';
import { slotAt } from '../drivers/schedule';
import { ok } from '../support/assertions';
import { DAY } from '../support/days';
import type { PlatformWorld } from '../support/world';

/* Recurring bookings (issue 31), driven through the API as the confirm dialog's Repeat does. */

/** The series each person booked last in the scenario. */
const lastSeries = new WeakMap<PlatformWorld, Map<string, SeriesBookedResponse>>();

/** "Asha books [the free ones only of] "Service" at "Provider" every 2 days, 4 times, from interval 2 of the time slot in 3 days at 09:00". */
const SERIES = new RegExp(
  `^([A-Z][a-z]+) (books|has booked|books the free ones only of) "([^"]*)" at "([^"]*)" every (\\d+) (days?|weeks?), (\\d+) times, from interval (\\d+) of the time slot (${DAY.source}) at (\\d{2}:\\d{2})$`,
);

async function bookSeries(
  this: PlatformWorld,
  who: string,
  how: string,
  service: string,
  provider: string,
  every: string,
  unit: string,
  count: string,
  intervalNumber: string,
  day: string,
  time: string,
) {
  const person = this.person(who);
  const { providerId, timeSlot } = await slotAt(this, person, provider, service, day, time);
  const answer = await this.request(person, 'POST', APPOINTMENT_PATHS.series, {
    body: {
      servicename: service,
      providerId,
      timeslotId: timeSlot._id,
      date: timeSlot.date,
      index: Number(intervalNumber),
      every: Number(every),
      unit: unit.startsWith('week') ? 'weeks' : 'days',
      count: Number(count),
      ...(how === 'books the free ones only of' ? { freeOnly: true } : {}),
    },
  });
  if (how === 'has booked') ok(answer, 201, `${who} could not book the series`);
  if (answer.status === 201) {
    const kept = lastSeries.get(this) ?? new Map<string, SeriesBookedResponse>();
    kept.set(person.name, answer.body as SeriesBookedResponse);
    lastSeries.set(this, kept);
  }
}

// Given or When alike: a step's keyword does not tell steps apart.
When(SERIES, bookSeries);

/** The person's appointments of any series that still hold their place. */
const heldOfSeries = async (world: PlatformWorld, who: string) => {
  const answer = await world.request(world.person(who), 'POST', APPOINTMENT_PATHS.list, {
    body: { filters: { status: 'all' } },
  });
  const { appointments } = ok(answer, 200, `${who} cannot list her appointments`) as {
    appointments: Appointment[];
  };
  return appointments.filter((a) => a.series && a.status !== 'cancelled');
};

Then(
  /^([A-Z][a-z]+) holds (\d+) appointments? of (?:her|his|their) series$/,
  async function (this: PlatformWorld, who: string, count: string) {
    const series = lastSeries.get(this)?.get(who);
    assert.ok(series, `${who} has booked no series`);
    const held = (await heldOfSeries(this, who)).filter((a) => a.series?.seriesId === series.seriesId);
    assert.equal(held.length, Number(count), JSON.stringify(held.map((a) => a.series)));
  },
);

Then(/^([A-Z][a-z]+) holds no appointment of a series$/, async function (this: PlatformWorld, who: string) {
  assert.deepEqual(await heldOfSeries(this, who), []);
});

When(
  /^([A-Z][a-z]+) cancels time (\d+) of (?:her|his|their) series and all the following ones$/,
  async function (this: PlatformWorld, who: string, occurrence: string) {
    const series = lastSeries.get(this)?.get(who);
    assert.ok(series, `${who} has booked no series`);
    const booking = series.bookings.find((b) => b.appointment.series?.occurrence === Number(occurrence));
    assert.ok(booking, `${who}'s series has no time ${occurrence}`);
    await this.request(
      this.person(who),
      'POST',
      APPOINTMENT_PATHS.cancelFollowing.replace(':id', encodeURIComponent(booking.appointment._id)),
    );
  },
);
