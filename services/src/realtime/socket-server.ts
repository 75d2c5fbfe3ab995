import type http from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { Emitter } from '@socket.io/redis-emitter';
import { Redis } from 'ioredis';
import { Server, type ServerOptions } from 'socket.io';
import { LIVE_EVENT_FOR_ROLE } from '@appointment/contracts/roles';
import { sessionIdOf, type SessionStore } from '../auth/sessions';
import { bearerOf, cookieTokenOf } from '../http/authenticate';
import { isCrossSite } from '../http/cross-site';
import type { Logger } from '../logger';

export const userRoom = (userId: string) => `user:${userId}`;
/** The sockets of one session, closed when it ends. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/**
 * The Redis channel of the live push in the scale-out profile: API processes share it through
 * the Socket.IO Redis adapter and the projector emits into it. Named per deployment (JOBS_PREFIX).
 */
export const liveChannelKey = (prefix: string) => `${prefix}:socket.io`;

/** Whatever can send an event to a room: this process's Socket.IO server, or the Redis emitter. */
export interface LiveEmitter {
  to(room: string): { emit(event: string, payload: { message: string; _id: string }): unknown };
}

/** The Redis emitter of a process that records notifications but holds no sockets. */
export interface RedisLive {
  /** Pushes notifications and resolves once Redis has taken them (the projector's live push). */
  publish(notifications: LiveNotification[]): Promise<void>;
  close(): Promise<void>;
}

/** A notification to push live (docs/product.md §7.6): the event name follows the audience. */
export interface LiveNotification {
  userId: string;
  audience: 'user' | 'admin';
  _id: string;
  message: string;
}

/**
 * The live channel (docs/product.md §7.6), websocket only. A socket is authenticated from its session (the
 * `sid` cookie of the upgrade request, or `auth.token`) and joins its own user's room; the id a
 * client sends with `register` is never trusted, only compared.
 */
export const createSocketServer = (
  server: http.Server,
  sessions: SessionStore,
  logger: Logger,
  /** Scale-out: rooms shared with the other API processes and the projector (redisRooms). */
  adapter?: ServerOptions['adapter'],
): Server => {
  const io = new Server(server, {
    path: '/socket.io',
    transports: ['websocket'],
    serveClient: false,
    ...(adapter ? { adapter } : {}),
    // A page of another site may not open a socket with this site's cookie.
    allowRequest: (req, callback) => callback(null, !isCrossSite(req)),
  });
  // A socket lives no longer than its session, in whichever process it is connected.
  sessions.onEnded((ended) => {
    if ('sessionId' in ended) io.in(sessionRoom(ended.sessionId)).disconnectSockets(true);
    else {
      const sockets = io.in(userRoom(ended.userId));
      (ended.except ? sockets.except(sessionRoom(ended.except)) : sockets).disconnectSockets(true);
    }
  });
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
        void socket.join([userRoom(actor.userId), sessionRoom(sessionIdOf(token))]);
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

/** Closes a live-channel connection: politely, or at once when Redis cannot be reached. */
const closeRedis = async (client: Redis): Promise<void> => {
  await client.quit().catch(() => client.disconnect());
};

/** The Socket.IO Redis adapter of an API process, with its two connections to close at the end. */
export const redisRooms = (
  url: string,
  prefix: string,
  logger: Logger,
): { adapter: ServerOptions['adapter']; close(): Promise<void> } => {
  const pub = new Redis(url);
  const sub = pub.duplicate();
  for (const client of [pub, sub]) client.on('error', (error) => logger.warn({ err: error }, 'live channel'));
  return {
    adapter: createAdapter(pub, sub, { key: liveChannelKey(prefix) }),
    close: async () => {
      await Promise.all([pub, sub].map(closeRedis));
    },
  };
};

/** The emitter of a process without sockets (the projector) into the live channel on Redis. */
export const redisLive = (url: string, prefix: string, logger: Logger): RedisLive => {
  const client = new Redis(url);
  client.on('error', (error) => logger.warn({ err: error }, 'live channel'));
  const emitter = new Emitter(client, { key: liveChannelKey(prefix) });
  const live: LiveEmitter = { to: (room) => emitter.to(room) };
  return {
    publish: async (notifications) => {
      for (const notification of notifications) pushLive(live, notification);
      // The emitter publishes without an answer; Redis answers commands in order, so the answer to
      // one PING sent after them says every publish was taken.
      await client.ping();
    },
    close: () => closeRedis(client),
  };
};

/** Pushes a notification to its recipient's sockets, wherever they are connected. */
export const pushLive = (io: LiveEmitter, notification: LiveNotification): void => {
  io.to(userRoom(notification.userId)).emit(LIVE_EVENT_FOR_ROLE[notification.audience]!, {
    message: notification.message,
    _id: notification._id,
  });
};
