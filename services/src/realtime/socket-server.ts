import type http from 'node:http';
import { Server } from 'socket.io';
import { LIVE_EVENT_FOR_ROLE } from '@appointment/contracts/roles';
import type { SessionStore } from '../auth/sessions';
import { bearerOf, cookieTokenOf } from '../http/authenticate';
import type { Logger } from '../logger';

export const userRoom = (userId: string) => `user:${userId}`;

/** A notification to push live (SPEC §7.6): the event name follows the audience. */
export interface LiveNotification {
  userId: string;
  audience: 'user' | 'admin';
  _id: string;
  message: string;
}

/**
 * The live channel (SPEC §7.6), websocket only. A socket is authenticated from its session (the
 * `sid` cookie of the upgrade request, or `auth.token`) and joins its own user's room; the id a
 * client sends with `register` is never trusted, only compared.
 */
export const createSocketServer = (server: http.Server, sessions: SessionStore, logger: Logger): Server => {
  const io = new Server(server, { path: '/socket.io', transports: ['websocket'], serveClient: false });
  io.use((socket, next) => {
    const auth = socket.handshake.auth as { token?: unknown } | undefined;
    const token =
      (typeof auth?.token === 'string' && auth.token) ||
      bearerOf(socket.handshake.headers.authorization) ||
      cookieTokenOf(socket.handshake.headers.cookie);
    if (!token) {
      next(new Error('Please sign in to continue'));
      return;
    }
    sessions
      .resolveActor(token)
      .then((actor) => {
        if (!actor) {
          next(new Error('Please sign in to continue'));
          return;
        }
        socket.data.userId = actor.userId;
        void socket.join(userRoom(actor.userId));
        next();
      })
      .catch((error: unknown) => next(error instanceof Error ? error : new Error(String(error))));
  });
  io.on('connection', (socket) => {
    socket.on('register', (userId: unknown) => {
      if (userId !== socket.data.userId) {
        logger.warn({ socket: socket.id }, 'socket register with another user id ignored');
      }
    });
  });
  return io;
};

/** Pushes a notification to its recipient's sockets. */
export const pushLive = (io: Server, notification: LiveNotification): void => {
  io.to(userRoom(notification.userId)).emit(LIVE_EVENT_FOR_ROLE[notification.audience]!, {
    message: notification.message,
    _id: notification._id,
  });
};
