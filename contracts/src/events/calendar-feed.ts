import { z } from 'zod';
import { FeedOwner } from '../calendar-feeds';

/** The events of a calendar feed's stream (one per provider or user), written once. */
const FeedRef = z.object({ owner: FeedOwner, ownerId: z.string(), at: z.string() });

/** The token is the feed's secret: whoever holds the URL reads the feed, until it is rotated. */
export const CalendarFeedConnected = FeedRef.extend({ token: z.string() });
export const CalendarFeedDisconnected = FeedRef;

export const CALENDAR_FEED_EVENTS = { CalendarFeedConnected, CalendarFeedDisconnected } as const;

type DataOf = { [K in keyof typeof CALENDAR_FEED_EVENTS]: z.infer<(typeof CALENDAR_FEED_EVENTS)[K]> };
export type CalendarFeedEvent = { [K in keyof DataOf]: { type: K; data: DataOf[K] } }[keyof DataOf];

/** A recorded event as a calendar-feed event, if it is one and its data fits. */
export const asCalendarFeedEvent = (event: {
  type: string;
  data: unknown;
}): CalendarFeedEvent | undefined => {
  if (!Object.hasOwn(CALENDAR_FEED_EVENTS, event.type)) return undefined;
  const type = event.type as keyof typeof CALENDAR_FEED_EVENTS;
  const parsed = CALENDAR_FEED_EVENTS[type].safeParse(event.data);
  return parsed.success ? ({ type, data: parsed.data } as CalendarFeedEvent) : undefined;
};
