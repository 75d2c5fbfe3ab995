import { eventChannel, type EventChannel } from 'redux-saga';
import { io } from 'socket.io-client';
import { SOCKET_RECONNECTION_ATTEMPTS } from '@appointment/contracts/constants';

export interface LiveNotification {
  _id?: string;
  message: string;
}

/**
 * docs/product.md §4, §7.6: one websocket to the host; on every connect it registers the user's id, and it
 * hears the role's live event. Closing the channel disconnects.
 */
export const liveNotificationChannel = (userId: string, eventName: string): EventChannel<LiveNotification> =>
  eventChannel<LiveNotification>((emit) => {
    const socket = io({
      path: '/socket.io',
      transports: ['websocket'],
      reconnectionAttempts: SOCKET_RECONNECTION_ATTEMPTS,
      // The server authenticates the socket from the session cookie of the upgrade request.
      withCredentials: true,
    });
    socket.on('connect', () => {
      socket.emit('register', userId);
    });
    socket.on(eventName, (payload: unknown) => {
      if (!payload || typeof payload !== 'object') return;
      const { message, _id } = payload as Record<string, unknown>;
      if (typeof message !== 'string') return;
      emit({ message, _id: typeof _id === 'string' ? _id : undefined });
    });
    return () => {
      socket.disconnect();
    };
  });
