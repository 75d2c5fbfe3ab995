import assert from 'node:assert/strict';
import { Given, Then, When } from '@cucumber/cucumber';
import { bookingsOf } from '../drivers/booking';
import {
  clearNotifications,
  deleteNotification,
  notificationsOf,
  type Notification,
} from '../drivers/notifications';
import { eventually } from '../support/assertions';
import { dayFrom } from '../support/days';
import type { Person, PlatformWorld } from '../support/world';

/* Notifications (docs/product.md §3, §7.6), driven through the API as the client does. */

/** Lists the person's notifications and keeps them, to say what was there when a wait gives up. */
const listNotifications = async (world: PlatformWorld, person: Person): Promise<Notification[]> => {
  const notifications = await notificationsOf(world, person);
  world.notificationsSeen.set(person.name, notifications);
  return notifications;
};

const spaces = (text: string) => text.replace(/\s+/g, ' ');
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A notification's text with its time written as `<tomorrow, 9:30 AM>`: the day (in the
 * provider's zone) as "Friday, June 14, 2024" and the time, in either of the usual separators.
 */
const notificationPattern = (text: string, timeZone: string): RegExp => {
  const parts = text.split(/<([^>]+)>/);
  const source = parts
    .map((part, position) => {
      if (position % 2 === 0) return escapeRegExp(spaces(part));
      const [day = '', time = ''] = part.split(',').map((piece) => piece.trim());
      const date = dayFrom(day, timeZone);
      const written = new Intl.DateTimeFormat('en-US', {
        timeZone: 'UTC',
        weekday: 'long',
        month: 'long',
        day: 'numeric',
        year: 'numeric',
      }).format(new Date(`${date}T12:00:00Z`));
      return `${escapeRegExp(written)}(?:,| at) ${escapeRegExp(time)}`;
    })
    .join('');
  return new RegExp(`^${source}$`);
};

Then(
  '{person} soon has the notification {string}',
  async function (this: PlatformWorld, who: string, text: string) {
    const person = this.person(who);
    // Days are read on the clock of the appointment booked last in the scenario.
    const bookings = bookingsOf(this);
    const timeZone = bookings.at(-1)?.appointment.timezone ?? 'UTC';
    const pattern = notificationPattern(text, timeZone);
    await eventually(`${who}'s notification "${text}"`, async () => {
      const notifications = await listNotifications(this, person);
      return notifications.find((notification) => pattern.test(spaces(notification.message)));
    }).catch((error: unknown) => {
      const seen = this.notificationsSeen.get(who) ?? [];
      throw new Error(
        `${String(error)}; ${who} has ${JSON.stringify(seen.map((n) => n.message))}, expected ${pattern}`,
      );
    });
  },
);

const hasNotifications = async function (this: PlatformWorld, who: string, count: number) {
  const person = this.person(who);
  // rm_notifications holds them shortly after the booking; more than expected is a failure at once.
  const seen = await eventually(`${count} notifications for ${who}`, async () => {
    const notifications = await listNotifications(this, person);
    assert.ok(notifications.length <= count, `${who} has ${JSON.stringify(notifications)}`);
    return notifications.length === count ? notifications : undefined;
  });
  assert.equal(seen.length, count);
};
Then('{person} has {int} notification(s)', hasNotifications);
Given('{person} has received {int} notification(s)', hasNotifications);
Then('{person} still has {int} notification(s)', hasNotifications);
Then('{person} has no notifications', async function (this: PlatformWorld, who: string) {
  const notifications = await listNotifications(this, this.person(who));
  assert.deepEqual(notifications, []);
});

When('{person} deletes her/his/their newest notification', async function (this: PlatformWorld, who: string) {
  const person = this.person(who);
  const [newest] = await listNotifications(this, person);
  assert.ok(newest, `${who} has no notifications`);
  const answer = await deleteNotification(this, person, newest);
  const left = await listNotifications(this, person);
  assert.ok(!left.some((n) => n._id === newest._id), 'the deleted notification is still listed');
  // What the person is told is the answer to the deletion, not to the list.
  person.lastResponse = answer;
  this.lastResponse = answer;
});

When(
  "{person} tries to delete {person}'s newest notification",
  async function (this: PlatformWorld, who: string, owner: string) {
    const [newest] = await listNotifications(this, this.person(owner));
    assert.ok(newest, `${owner} has no notifications`);
    await deleteNotification(this, this.person(who), newest);
  },
);

When('{person} clears all her/his/their notifications', async function (this: PlatformWorld, who: string) {
  await clearNotifications(this, this.person(who));
});
