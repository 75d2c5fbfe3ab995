import { z } from 'zod';

/**
 * Calendar feeds (docs/product.md §2.8 Connected Apps): a private iCalendar URL per
 * provider (the "calendar app" card) and per user (Settings) that Google Calendar, Apple
 * Calendar and Outlook subscribe to. The URL carries a secret token; disconnecting and
 * connecting again gives a new token and the old URL answers 404.
 */
export const CALENDAR_PATHS = {
  /** GET: the caller's provider's feed (`?providerId=` for platform staff). */
  providerFeed: '/api/integrations/calendar',
  providerConnect: '/api/integrations/calendar/connect',
  providerDisconnect: '/api/integrations/calendar/disconnect',
  /** GET: the signed-in user's own feed. */
  myFeed: '/api/calendar/me',
  myConnect: '/api/calendar/me/connect',
  myDisconnect: '/api/calendar/me/disconnect',
  /** The feed itself: no session, the token only. */
  feed: '/api/calendar/:token.ics',
  /** One appointment as an .ics download ("Add to calendar"). */
  appointment: '/api/appointments/:appointmentId/calendar.ics',
} as const;

export const FEED_OWNERS = ['provider', 'user'] as const;
export const FeedOwner = z.enum(FEED_OWNERS);
export type FeedOwner = z.infer<typeof FeedOwner>;

/** A feed as its owner sees it: the subscription URL while connected. */
export const CalendarFeedAnswer = z.object({
  connected: z.boolean(),
  url: z.string().optional(),
  connectedAt: z.string().optional(),
});
export type CalendarFeedAnswer = z.infer<typeof CalendarFeedAnswer>;
/** Connect and disconnect: the feed as it now is, with the change's message. */
export const CalendarFeedChanged = CalendarFeedAnswer.extend({ message: z.string() });

/** Platform staff name the provider; an admin acts on their own and sends nothing. */
export const ProviderFeedRequest = z.object({ providerId: z.string().min(1).max(100).optional() }).strict();
export type ProviderFeedRequest = z.infer<typeof ProviderFeedRequest>;

/** Feed tokens are 32 random bytes in base64url: 43 characters. */
export const FeedTokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });
export const AppointmentCalendarParams = z.object({ appointmentId: z.string().min(1).max(100) });

/** The URL a calendar subscribes to, from the product's public base URL. */
export const feedUrlOf = (publicUrl: string, token: string): string =>
  `${publicUrl.replace(/\/$/, '')}${CALENDAR_PATHS.feed.replace(':token', token)}`;
