import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServerOptions } from 'socket.io';
import type { Config } from '../config';
import type { Logger } from '../logger';
import { createSocketServer, pushLive } from '../realtime/socket-server';
import type { Platform } from './platform';
import type { Shutdown } from './shutdown';

/**
 * Serves the platform on PORT and HOST: HTTP, and Socket.IO for the live notifications this
 * process records. With a Redis adapter (scale-out) the rooms are shared with the other API
 * processes, and the projector's pushes arrive through it.
 */
export const serve = async (
  platform: Platform,
  config: Config,
  logger: Logger,
  shutdown: Shutdown,
  adapter?: ServerOptions['adapter'],
): Promise<http.Server> => {
  const server = http.createServer(platform.handler);
  const io = createSocketServer(server, platform.sessions, logger, adapter);
  platform.onNotification((notification) => pushLive(io, notification));
  // Done once the HTTP server has closed (the callback), not when io.close's own promise settles.
  shutdown.add(
    'http',
    () =>
      new Promise<void>((resolve, reject) => {
        io.close(() => resolve()).catch(reject);
      }),
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, resolve);
  });
  const { port } = server.address() as AddressInfo;
  logger.info({ port }, `Appointment is running on http://localhost:${port}`);
  return server;
};
