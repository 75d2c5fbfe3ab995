import { CALENDAR_PATHS, type CalendarFeedAnswer } from '@appointment/contracts/calendar-feeds';
import { INTEGRATION_SETTINGS_PATHS, type ChatReply } from '@appointment/contracts/integration-settings';
import { ok } from '../support/assertions';
import type { Person, PlatformWorld } from '../support/world';

/*
 * Calendar feeds and the chat assistant (docs/product.md §2.8, §7.8) as a client and a
 * calendar app drive them: the admin connects the provider's feed, a calendar fetches its URL
 * with no session, and a person chats with the provider's assistant.
 */

export const connectProviderCalendar = async (world: PlatformWorld, admin: Person): Promise<string> => {
  const answer = ok(
    await world.request(admin, 'POST', CALENDAR_PATHS.providerConnect, { body: {} }),
    200,
    `${admin.name} cannot connect the calendar`,
  ) as CalendarFeedAnswer;
  return answer.url!;
};

export const disconnectProviderCalendar = async (world: PlatformWorld, admin: Person): Promise<void> => {
  ok(
    await world.request(admin, 'POST', CALENDAR_PATHS.providerDisconnect, { body: {} }),
    200,
    `${admin.name} cannot disconnect the calendar`,
  );
};

/** The feed as a calendar app fetches it: the URL alone. */
export const fetchFeed = async (world: PlatformWorld, url: string) =>
  world.request(undefined, 'GET', new URL(url).pathname);

/** The events of an iCalendar text: UID, SUMMARY and STATUS of each. */
export const eventsOf = (ics: string): { uid: string; summary: string; status: string }[] =>
  ics
    .split('BEGIN:VEVENT')
    .slice(1)
    .map((block) => {
      const field = (name: string) =>
        block
          .match(new RegExp(`^${name}[^:\\r\\n]*:(.*)$`, 'm'))?.[1]
          ?.trim()
          .replace(/\\,/g, ',') ?? '';
      return { uid: field('UID'), summary: field('SUMMARY'), status: field('STATUS') };
    });

export const chat = async (world: PlatformWorld, person: Person, message: string, providerId?: string) =>
  ok(
    await world.request(person, 'POST', INTEGRATION_SETTINGS_PATHS.chat, {
      body: { message, type: 'text', context: providerId ? { providerId } : {} },
    }),
    200,
    `${person.name} cannot chat`,
  ) as ChatReply;
