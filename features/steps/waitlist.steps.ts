import assert from 'node:assert/strict';
import { Given, Then, When } from '@cucumber/cucumber';
import { WAITLIST_PATHS, type WaitlistAnswer, type WaitlistEntry } from '@appointment/contracts/waitlist';
import { mailTo } from '../drivers/accounts';
import { slotAt } from '../drivers/schedule';
import { eventually } from '../support/assertions';
import type { Person, PlatformWorld } from '../support/world';

/* The waitlist of a full place (issue 31), driven through the API as the booking screen does. */

const join = async (
  world: PlatformWorld,
  who: string,
  index: number,
  day: string,
  time: string,
  provider: string,
) => {
  const person = world.person(who);
  const { timeSlot } = await slotAt(world, person, provider, 'Follow-up Visit', day, time);
  return world.request(person, 'POST', WAITLIST_PATHS.waitlist, {
    body: { timeslotId: timeSlot._id, index, serviceName: 'Follow-up Visit' },
  });
};

const entriesOf = async (world: PlatformWorld, person: Person): Promise<WaitlistEntry[]> => {
  const response = await world.request(person, 'GET', WAITLIST_PATHS.waitlist);
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return (response.body as WaitlistAnswer).entries;
};

/** The person's open offer, once the waitlist shows it. */
const offerOf = (world: PlatformWorld, person: Person) =>
  eventually(
    `an offer to ${person.name}`,
    async () => (await entriesOf(world, person)).find((e) => e.offer)?.offer ?? undefined,
  );

When(
  '{person} joins the waitlist of interval {int} of the time slot {day} at {time} at {string}',
  async function (
    this: PlatformWorld,
    who: string,
    index: number,
    day: string,
    time: string,
    provider: string,
  ) {
    await join(this, who, index, day, time, provider);
  },
);

Given(
  '{person} has joined the waitlist of interval {int} of the time slot {day} at {time} at {string}',
  async function (
    this: PlatformWorld,
    who: string,
    index: number,
    day: string,
    time: string,
    provider: string,
  ) {
    const joined = await join(this, who, index, day, time, provider);
    assert.equal(joined.status, 201, JSON.stringify(joined.body));
  },
);

Then(
  '{person} is number {int} on the waitlist',
  async function (this: PlatformWorld, who: string, n: number) {
    const [entry] = await entriesOf(this, this.person(who));
    assert.equal(entry?.position, n);
  },
);

Then('{person} is soon offered the place', async function (this: PlatformWorld, who: string) {
  await offerOf(this, this.person(who));
});

Then(
  '{person} soon has an e-mail {string} with the link to claim it',
  async function (this: PlatformWorld, who: string, subject: string) {
    const person = this.person(who);
    const offer = await offerOf(this, person);
    const mail = await eventually(`an e-mail "${subject}" to ${person.email}`, async () =>
      (await mailTo(this, person.email)).find((message) => message.subject.startsWith(subject)),
    );
    assert.ok(mail.text.includes(`/waitlist/offers/${offer.id}`), mail.text);
  },
);

When('{person} claims the place offered to him/her/them', async function (this: PlatformWorld, who: string) {
  const person = this.person(who);
  const offer = await offerOf(this, person);
  await this.request(person, 'POST', WAITLIST_PATHS.claim.replace(':id', encodeURIComponent(offer.id)), {
    body: {},
  });
});

When(
  '{person} declines the place offered to him/her/them',
  async function (this: PlatformWorld, who: string) {
    const person = this.person(who);
    const offer = await offerOf(this, person);
    await this.request(person, 'POST', WAITLIST_PATHS.decline.replace(':id', encodeURIComponent(offer.id)), {
      body: {},
    });
  },
);
