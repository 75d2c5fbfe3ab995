import assert from 'node:assert/strict';
import { Then, When } from '@cucumber/cucumber';
import type { HistoryEntry, ProviderStateAt } from '@appointment/contracts/history';
import { providerIdOf, readHistory, replayAppointments, stateAt } from '../drivers/history';
import { deleteOwnAccount, placesHolding } from '../drivers/privacy';
import { dayFrom } from '../support/days';
import type { HistoryRead, PlatformWorld } from '../support/world';

const lastRead = (world: PlatformWorld): HistoryRead => {
  const read = world.historyRead;
  assert.ok(read, 'nobody has read a history yet');
  return read;
};

/** "25 Nov 2026 09:00": a day of the scenario and a time, as the history writes them. */
const when = (day: string, time: string) =>
  `${new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  })} ${time}`;

const zoneOf = async (world: PlatformWorld, read: HistoryRead) =>
  (read.state ??= await stateAt(world, world.person(read.reader), read.providerId, '9223372036854775807'))
    .profile!.timezone;

const actorIs = (world: PlatformWorld, entry: HistoryEntry, who: string) =>
  assert.equal(
    entry.actor?.email,
    world.person(who).email,
    `${entry.summary} was done by ${JSON.stringify(entry.actor)}`,
  );

When(
  '{person} reads the history of {string}',
  async function (this: PlatformWorld, who: string, name: string) {
    const sam = this.person('Sam');
    const providerId = await providerIdOf(this, sam, name);
    const { entries } = await readHistory(this, this.person(who), providerId);
    this.historyRead = { providerId, reader: who, entries };
  },
);

Then('the history is shown', function (this: PlatformWorld) {
  assert.equal(this.lastResponse!.status, 200);
  assert.ok(lastRead(this).entries.length > 0);
});

Then('{person} may not read it: {string}', function (this: PlatformWorld, who: string, message: string) {
  const response = this.person(who).lastResponse!;
  assert.equal(response.status, 403);
  assert.deepEqual(response.body, { message });
});

Then(
  "the newest entry says {person}'s {string} {day} at {time} went from {word} to {word}, done by {person}",
  async function (
    this: PlatformWorld,
    booker: string,
    service: string,
    day: string,
    time: string,
    from: string,
    to: string,
    actor: string,
  ) {
    const read = lastRead(this);
    const zone = await zoneOf(this, read);
    const [newest] = read.entries;
    const name = this.person(booker).fullName === booker ? `${booker} User` : this.person(booker).fullName;
    assert.equal(
      newest?.summary,
      `${name}'s ${service} on ${when(dayFrom(day, zone), time)} went from ${from} to ${to}.`,
    );
    actorIs(this, newest!, actor);
    read.entry = newest;
  },
);

Then(
  'it shows the status change as {string} → {string}',
  function (this: PlatformWorld, before: string, after: string) {
    assert.deepEqual(lastRead(this).entry?.changes, [{ field: 'status', before, after }]);
  },
);

Then(
  'an entry says {word} {word} booked {string} for {day} at {time}, done by {person}',
  async function (
    this: PlatformWorld,
    first: string,
    last: string,
    service: string,
    day: string,
    time: string,
    actor: string,
  ) {
    const read = lastRead(this);
    const summary = `${first} ${last} booked ${service} for ${when(dayFrom(day, await zoneOf(this, read)), time)}.`;
    const entry = read.entries.find((candidate) => candidate.summary === summary);
    assert.ok(entry, `no entry "${summary}" among ${read.entries.map((e) => e.summary).join(' | ')}`);
    actorIs(this, entry, actor);
  },
);

Then(
  'an entry says {string}, done by {person}',
  function (this: PlatformWorld, summary: string, actor: string) {
    const entry = lastRead(this).entries.find((candidate) => candidate.summary === summary);
    assert.ok(entry, `no entry "${summary}"`);
    actorIs(this, entry, actor);
  },
);

const slotAt = async (
  world: PlatformWorld,
  read: HistoryRead,
  state: ProviderStateAt,
  day: string,
  time: string,
) => {
  const date = dayFrom(day, await zoneOf(world, read));
  const slot = state.timeSlots.find((candidate) => candidate.date === date && candidate.startTime === time);
  assert.ok(slot, `no time slot ${date} ${time} then`);
  return slot;
};

Then(
  "as of just before {person}'s booking, {person} sees no booking in the time slot {day} at {time}",
  async function (this: PlatformWorld, _booker: string, reader: string, day: string, time: string) {
    const read = lastRead(this);
    const booked = read.entries.find((entry) => entry.type === 'IntervalBooked');
    assert.ok(booked, 'no booking in the history');
    const before = await stateAt(
      this,
      this.person(reader),
      read.providerId,
      String(BigInt(booked.position) - 1n),
    );
    assert.deepEqual((await slotAt(this, read, before, day, time)).bookings, []);
  },
);

Then(
  "as of now, {person} sees {person}'s booking in the time slot {day} at {time}",
  async function (this: PlatformWorld, reader: string, booker: string, day: string, time: string) {
    const read = lastRead(this);
    const now = await stateAt(
      this,
      this.person(reader),
      read.providerId,
      new Date(Date.now() + 1000).toISOString(),
    );
    const slot = await slotAt(this, read, now, day, time);
    assert.deepEqual(
      slot.bookings.map((booking) => booking.username),
      [`${booker} User`],
    );
  },
);

/** The Monday before today (UTC), at midnight. */
const lastMonday = (): string => {
  const today = new Date(`${dayFrom('today', 'UTC')}T00:00:00Z`);
  const back = (today.getUTCDay() + 6) % 7 || 7;
  return new Date(today.getTime() - back * 86_400_000).toISOString();
};

When(
  'an operator replays the appointments read model to last Monday into the schema {string}',
  async function (this: PlatformWorld, schema: string) {
    this.replayed = await replayAppointments(this, lastMonday(), schema);
  },
);

When(
  'an operator replays the appointments read model to now into the schema {string}',
  async function (this: PlatformWorld, schema: string) {
    this.replayed = await replayAppointments(this, new Date(Date.now() + 1000).toISOString(), schema);
  },
);

Then('the replayed read model holds {int} appointment(s)', function (this: PlatformWorld, count: number) {
  assert.equal(this.replayed?.get('appointments'), count);
});

// ---------------------------------------------------------------- forgetting a person

When('{person} deletes her/his/their account', async function (this: PlatformWorld, who: string) {
  const response = await deleteOwnAccount(this, this.person(who));
  assert.equal(response.status, 200, `${who} could not delete the account: ${JSON.stringify(response.body)}`);
});

Then(
  "nothing in the event log or any read model holds {person}'s name, e-mail address or phone number",
  async function (this: PlatformWorld, who: string) {
    const person = this.person(who);
    assert.deepEqual(await placesHolding(this, [person.fullName, person.email, person.phone]), []);
  },
);

Then(
  "nothing in the event log or any read model holds {person}'s e-mail address or phone number, nor {string}",
  async function (this: PlatformWorld, who: string, text: string) {
    const person = this.person(who);
    assert.deepEqual(await placesHolding(this, [person.email, person.phone, text]), []);
  },
);

Then(
  'an entry says a forgotten user booked {string} for {day} at {time}',
  async function (this: PlatformWorld, service: string, day: string, time: string) {
    const read = lastRead(this);
    const summary = `Forgotten user booked ${service} for ${when(dayFrom(day, await zoneOf(this, read)), time)}.`;
    const entry = read.entries.find((candidate) => candidate.summary === summary);
    assert.ok(entry, `no entry "${summary}" among ${read.entries.map((e) => e.summary).join(' | ')}`);
    assert.equal(entry.actor?.email, 'Forgotten user');
  },
);

Then(
  "an entry says the forgotten user's {string} {day} at {time} went from {word} to {word}, done by {person}",
  async function (
    this: PlatformWorld,
    service: string,
    day: string,
    time: string,
    from: string,
    to: string,
    actor: string,
  ) {
    const read = lastRead(this);
    const summary = `Forgotten user's ${service} on ${when(dayFrom(day, await zoneOf(this, read)), time)} went from ${from} to ${to}.`;
    const entry = read.entries.find((candidate) => candidate.summary === summary);
    assert.ok(entry, `no entry "${summary}" among ${read.entries.map((e) => e.summary).join(' | ')}`);
    assert.deepEqual(entry.changes, [{ field: 'status', before: from, after: to }]);
    actorIs(this, entry, actor);
  },
);
