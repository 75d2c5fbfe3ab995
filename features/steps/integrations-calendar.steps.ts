import assert from 'node:assert/strict';
import { Given, Then, When } from '@cucumber/cucumber';
import {
  chat,
  connectProviderCalendar,
  disconnectProviderCalendar,
  eventsOf,
  fetchFeed,
} from '../drivers/calendar';
import { providerNamed } from '../drivers/catalogue';
import { eventually } from '../support/assertions';
import type { PlatformWorld } from '../support/world';

/* Calendar feeds and the chat assistant, as a calendar app and a person use them. */

Given('{person} has connected the calendar app', async function (this: PlatformWorld, who: string) {
  this.calendar.url = await connectProviderCalendar(this, this.person(who));
});

When(
  '{person} disconnects the calendar app and connects it again',
  async function (this: PlatformWorld, who: string) {
    const admin = this.person(who);
    this.calendar.oldUrl = this.calendar.url;
    await disconnectProviderCalendar(this, admin);
    this.calendar.url = await connectProviderCalendar(this, admin);
  },
);

const feedEvents = async (world: PlatformWorld) => {
  const answer = await fetchFeed(world, world.calendar.url!);
  assert.equal(answer.status, 200, 'the calendar address does not open');
  return eventsOf(String(answer.body));
};

Then(
  "the provider's calendar lists {string} once, confirmed",
  async function (this: PlatformWorld, summary: string) {
    const listed = await eventually(`the calendar to list "${summary}"`, async () => {
      const matching = (await feedEvents(this)).filter((event) => event.summary === summary);
      return matching.length > 0 ? matching : undefined;
    });
    assert.deepEqual(
      listed.map((event) => event.status),
      ['CONFIRMED'],
    );
  },
);

Then(
  "the provider's calendar no longer lists {string}",
  async function (this: PlatformWorld, summary: string) {
    await eventually(`the calendar to drop "${summary}"`, async () =>
      (await feedEvents(this)).every((event) => event.summary !== summary) ? true : undefined,
    );
  },
);

Then('the old calendar address is not found', async function (this: PlatformWorld) {
  assert.equal((await fetchFeed(this, this.calendar.oldUrl!)).status, 404);
});

Then('the new calendar address opens the calendar', async function (this: PlatformWorld) {
  assert.notEqual(this.calendar.url, this.calendar.oldUrl);
  const answer = await fetchFeed(this, this.calendar.url!);
  assert.equal(answer.status, 200);
  assert.match(String(answer.body), /^BEGIN:VCALENDAR/);
});

When(
  '{person} writes {string} on the booking screen of {string}',
  async function (this: PlatformWorld, who: string, message: string, providerName: string) {
    const provider = await providerNamed(this, providerName);
    this.calendar.reply = (await chat(this, this.person(who), message, provider.id)).reply;
  },
);

When(
  '{person} writes {string} on her/his/their dashboard',
  async function (this: PlatformWorld, who: string, message: string) {
    this.calendar.reply = (await chat(this, this.person(who), message)).reply;
  },
);

Then('the assistant answers {string}', function (this: PlatformWorld, reply: string) {
  assert.equal(this.calendar.reply, reply);
});
