import type { FeedOwner } from '@appointment/contracts/calendar-feeds';
import type { CalendarFeedEvent } from '@appointment/contracts/events/calendar-feed';
import type { Command, Decider } from '../domain/command-handler';

/** A calendar feed: one stream per provider or user. */
export const calendarFeedStream = (owner: FeedOwner, ownerId: string) => `calendarFeed-${owner}-${ownerId}`;

type Owner = { owner: FeedOwner; ownerId: string };

/** The token is made outside (random bytes): decide stays pure. */
export type ConnectCalendarFeed = Command & { type: 'ConnectCalendarFeed'; data: Owner & { token: string } };
export type DisconnectCalendarFeed = Command & { type: 'DisconnectCalendarFeed'; data: Owner };
export type CalendarFeedCommand = ConnectCalendarFeed | DisconnectCalendarFeed;

export type CalendarFeedState = { token: string | null };

/** Connecting a connected feed keeps its URL: only Disconnect, then Connect, rotates it. */
const connect = (command: ConnectCalendarFeed, state: CalendarFeedState): CalendarFeedEvent[] => {
  if (state.token) return [];
  const { owner, ownerId, token } = command.data;
  return [{ type: 'CalendarFeedConnected', data: { owner, ownerId, token, at: command.metadata.now } }];
};

const disconnect = (command: DisconnectCalendarFeed, state: CalendarFeedState): CalendarFeedEvent[] => {
  if (!state.token) return [];
  const { owner, ownerId } = command.data;
  return [{ type: 'CalendarFeedDisconnected', data: { owner, ownerId, at: command.metadata.now } }];
};

const evolve = (state: CalendarFeedState, event: CalendarFeedEvent): CalendarFeedState => {
  switch (event.type) {
    case 'CalendarFeedConnected':
      return { token: event.data.token };
    case 'CalendarFeedDisconnected':
      return { token: null };
    default:
      return state;
  }
};

export const calendarFeedDecider: Decider<CalendarFeedCommand, CalendarFeedEvent, CalendarFeedState> = {
  initialState: () => ({ token: null }),
  evolve,
  decide: (command, state) =>
    command.type === 'ConnectCalendarFeed' ? connect(command, state) : disconnect(command, state),
};
