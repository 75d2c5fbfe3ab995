import type { Response } from 'express';
import { MESSAGES } from '@appointment/contracts/messages';
import { handlers, type OperationHandlers } from '../http/mount-operations';
import type { CalendarFeeds } from './calendar-feeds';

const sendCalendar = (res: Response, ics: string, filename?: string): void => {
  // Kept by no cache, as every API answer: a feed's URL is a credential, and a rotated
  // one must stop at once.
  res.type('text/calendar; charset=utf-8');
  if (filename) res.attachment(filename);
  res.send(ics);
};

/** Calendar feeds and .ics downloads (docs/product.md §2.8 Connected Apps). */
export const calendarHandlers = (feeds: CalendarFeeds): OperationHandlers =>
  handlers({
    providerCalendarFeed: async ({ auth, query }) =>
      feeds.state(auth, 'provider', await feeds.providerOf(auth, query.providerId)),
    connectProviderCalendar: async ({ auth, body }) => ({
      message: MESSAGES.calendarConnected,
      ...(await feeds.connect(auth, 'provider', await feeds.providerOf(auth, body.providerId))),
    }),
    disconnectProviderCalendar: async ({ auth, body }) => ({
      message: MESSAGES.calendarDisconnected,
      ...(await feeds.disconnect(auth, 'provider', await feeds.providerOf(auth, body.providerId))),
    }),
    myCalendarFeed: ({ auth }) => feeds.state(auth, 'user', auth.userId),
    connectMyCalendar: async ({ auth }) => ({
      message: MESSAGES.calendarConnected,
      ...(await feeds.connect(auth, 'user', auth.userId)),
    }),
    disconnectMyCalendar: async ({ auth }) => ({
      message: MESSAGES.calendarDisconnected,
      ...(await feeds.disconnect(auth, 'user', auth.userId)),
    }),
    // No session: the token is the credential (a malformed one is as unknown as a rotated one,
    // the table's paramsNotFound).
    calendarFeed: async ({ res, params }) => sendCalendar(res, await feeds.feed(params.token)),
    appointmentCalendar: async ({ res, auth, params }) => {
      const { filename, ics } = await feeds.appointmentIcs(auth, params.appointmentId);
      sendCalendar(res, ics, filename);
    },
  });
