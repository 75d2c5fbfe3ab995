import type { Store } from 'express-rate-limit';
import { Redis } from 'ioredis';
import { RedisStore, type RedisReply } from 'rate-limit-redis';
import type { Logger } from '../logger';
import type { SessionStore, SessionsEnded } from './sessions';

/**
 * What the API processes of the scale-out profile share through Redis (docs/architecture.md §4,
 * §6): the counts of the sign-in and registration limits, and the news that sessions ended, so
 * every process drops its cached copy at once.
 */
export interface SharedState {
  /** A store for one express-rate-limit limiter, its keys under the limiter's name. */
  limitStore(name: string): Store;
  close(): Promise<void>;
}

const isSessionsEnded = (value: unknown): value is SessionsEnded =>
  typeof value === 'object' &&
  value !== null &&
  (typeof (value as { sessionId?: unknown }).sessionId === 'string' ||
    typeof (value as { userId?: unknown }).userId === 'string');

/** Connects to Redis at `url`; resolves once this process hears sessions ending elsewhere. */
export const redisSharedState = async (
  url: string,
  prefix: string,
  sessions: SessionStore,
  logger: Pick<Logger, 'warn'>,
): Promise<SharedState> => {
  const client = new Redis(url);
  const subscriber = client.duplicate();
  for (const connection of [client, subscriber]) {
    connection.on('error', (error) => logger.warn({ err: error }, 'shared state on Redis'));
  }
  const channel = `${prefix}:sessions-ended`;
  subscriber.on('message', (from: string, message: string) => {
    if (from !== channel) return;
    try {
      const ended: unknown = JSON.parse(message);
      if (isSessionsEnded(ended)) sessions.endedElsewhere(ended);
    } catch (error) {
      logger.warn({ err: error }, 'an unreadable sessions-ended message');
    }
  });
  await subscriber.subscribe(channel);
  sessions.shareEndings(async (ended) => {
    // The sessions are gone from the database already; a process that misses the news still
    // stops trusting its copy within SESSION_CACHE_MS.
    await client.publish(channel, JSON.stringify(ended)).catch((error: unknown) => {
      logger.warn({ err: error }, 'sessions ended but the other API processes were not told');
    });
  });
  return {
    limitStore: (name) =>
      new RedisStore({
        prefix: `${prefix}:limit:${name}:`,
        sendCommand: (command: string, ...args: string[]) =>
          client.call(command, ...args) as Promise<RedisReply>,
      }),
    close: async () => {
      await Promise.all(
        [subscriber, client].map((connection) => connection.quit().catch(() => connection.disconnect())),
      );
    },
  };
};
