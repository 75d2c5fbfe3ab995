import pino from 'pino';

export type Logger = pino.Logger;

export const createLogger = (level: string, name = 'appointment'): Logger => pino({ name, level });
