import { Router, type Response } from 'express';
import {
  AppointmentCalendarParams,
  CALENDAR_PATHS,
  FeedTokenParams,
  ProviderFeedRequest,
} from '@appointment/contracts/calendar-feeds';
import { MESSAGES } from '@appointment/contracts/messages';
import type { CalendarFeeds } from '../calendar/calendar-feeds';
import { NotFoundError } from '../domain/errors';
import { authOf, requireCapability } from './authenticate';
import { route } from './routes';

const sendCalendar = (res: Response, ics: string, filename?: string): void => {
  // Kept by no cache, as every API answer: a feed's URL is a credential, and a rotated
  // one must stop at once.
  res.type('text/calendar; charset=utf-8');
  if (filename) res.attachment(filename);
  res.send(ics);
};

/** Calendar feeds and .ics downloads (docs/product.md §2.8 Connected Apps). */
export const calendarRouter = (feeds: CalendarFeeds): Router => {
  const router = Router();

  router.get(route(CALENDAR_PATHS.providerFeed), requireCapability('integrations.read'), async (req, res) => {
    const { providerId } = ProviderFeedRequest.parse(req.query);
    const actor = authOf(res);
    res.json(await feeds.state(actor, 'provider', await feeds.providerOf(actor, providerId)));
  });

  router.post(
    route(CALENDAR_PATHS.providerConnect),
    requireCapability('integrations.manage'),
    async (req, res) => {
      const actor = authOf(res);
      const providerId = await feeds.providerOf(actor, ProviderFeedRequest.parse(req.body ?? {}).providerId);
      res.json({
        message: MESSAGES.calendarConnected,
        ...(await feeds.connect(actor, 'provider', providerId)),
      });
    },
  );

  router.post(
    route(CALENDAR_PATHS.providerDisconnect),
    requireCapability('integrations.manage'),
    async (req, res) => {
      const actor = authOf(res);
      const providerId = await feeds.providerOf(actor, ProviderFeedRequest.parse(req.body ?? {}).providerId);
      res.json({
        message: MESSAGES.calendarDisconnected,
        ...(await feeds.disconnect(actor, 'provider', providerId)),
      });
    },
  );

  router.get(route(CALENDAR_PATHS.myFeed), requireCapability('calendar.personal'), async (_req, res) => {
    const actor = authOf(res);
    res.json(await feeds.state(actor, 'user', actor.userId));
  });

  router.post(route(CALENDAR_PATHS.myConnect), requireCapability('calendar.personal'), async (_req, res) => {
    const actor = authOf(res);
    res.json({ message: MESSAGES.calendarConnected, ...(await feeds.connect(actor, 'user', actor.userId)) });
  });

  router.post(
    route(CALENDAR_PATHS.myDisconnect),
    requireCapability('calendar.personal'),
    async (_req, res) => {
      const actor = authOf(res);
      res.json({
        message: MESSAGES.calendarDisconnected,
        ...(await feeds.disconnect(actor, 'user', actor.userId)),
      });
    },
  );

  // No session: the token is the credential. A malformed token is as unknown as a rotated one.
  router.get(route(CALENDAR_PATHS.feed), async (req, res) => {
    const parsed = FeedTokenParams.safeParse(req.params);
    if (!parsed.success) throw new NotFoundError(MESSAGES.calendarFeedNotFound);
    sendCalendar(res, await feeds.feed(parsed.data.token));
  });

  router.get(route(CALENDAR_PATHS.appointment), requireCapability('appointments.view'), async (req, res) => {
    const { appointmentId } = AppointmentCalendarParams.parse(req.params);
    const { filename, ics } = await feeds.appointmentIcs(authOf(res), appointmentId);
    sendCalendar(res, ics, filename);
  });

  return router;
};
