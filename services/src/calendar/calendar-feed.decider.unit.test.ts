import type { Command } from '../domain/command-handler';
import { specFor } from '../domain/decider-spec';
import { calendarFeedDecider, type CalendarFeedCommand } from './calendar-feed.decider';

const now = '2026-11-24T09:00:00.000Z';
const metadata: Command['metadata'] = { now, userId: 'admin-1' };
const owner = { owner: 'provider' as const, ownerId: 'p1' };

describe('calendar feed decider', () => {
  const spec = specFor(calendarFeedDecider);
  const connect = (token: string): CalendarFeedCommand => ({
    type: 'ConnectCalendarFeed',
    data: { ...owner, token },
    metadata,
  });
  const disconnect: CalendarFeedCommand = { type: 'DisconnectCalendarFeed', data: owner, metadata };
  const connected = { type: 'CalendarFeedConnected' as const, data: { ...owner, token: 't1', at: now } };
  const disconnected = { type: 'CalendarFeedDisconnected' as const, data: { ...owner, at: now } };

  it('connects a feed with the token it is given', () =>
    spec.given([]).when(connect('t1')).then([connected]));
  it('connecting a connected feed keeps its token: nothing happens', () =>
    spec.given([connected]).when(connect('t2')).thenNothingHappened());
  it('disconnects a connected feed', () => spec.given([connected]).when(disconnect).then([disconnected]));
  it('disconnecting a feed never connected: nothing happens', () =>
    spec.given([]).when(disconnect).thenNothingHappened());
  it('connects again after a disconnect, with a new token (the rotation)', () =>
    spec
      .given([connected, disconnected])
      .when(connect('t2'))
      .then([{ type: 'CalendarFeedConnected', data: { ...owner, token: 't2', at: now } }]));
});
