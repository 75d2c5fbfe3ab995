import type http from 'node:http';
import { Server } from 'socket.io';
import type { Logger } from '../logger';

export const userRoom = (userId: string) => `user:${userId}`;

/**
 * The live channel (SPEC §7.6): a client emits `register` with its user id once connected
 * and joins that user's room; reactors emit to the room.
 */
export const createSocketServer = (server: http.Server, logger: Logger): Server => {
  const io = new Server(server, { path: '/socket.io', transports: ['websocket'], serveClient: false });
  io.on('connection', (socket) => {
    socket.on('register', (userId: unknown) => {
      if (typeof userId !== 'string' || userId.length === 0 || userId.length > 200) return;
      void socket.join(userRoom(userId));
      logger.debug({ socket: socket.id, userId }, 'socket registered');
    });
  });
  return io;
};
