import pino from 'pino';

export type Logger = pino.Logger;

/** JSON lines for machines; readable lines when a person watches a terminal. */
export const createLogger = (level: string, name = 'appointment'): Logger =>
  pino({
    name,
    level,
    ...(process.stdout.isTTY && level !== 'silent'
      ? {
          transport: {
            target: 'pino-pretty',
            options: { ignore: 'pid,hostname', translateTime: 'HH:MM:ss' },
          },
        }
      : {}),
  });
