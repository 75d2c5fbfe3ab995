import type { Logger } from '../logger';

export interface Shutdown {
  /** Registers a part to stop; parts stop in the reverse order of registration. */
  add(name: string, stop: () => Promise<unknown>): void;
}

/**
 * Installed first thing at start, so Ctrl-C during start-up also stops what already runs.
 * On SIGINT or SIGTERM the parts stop in reverse order, then the process exits 0. A second
 * signal, or a stop taking longer than the grace period, exits at once with 1.
 */
export const installShutdown = (logger: Logger, graceMs = 15_000): Shutdown => {
  const steps: [string, () => Promise<unknown>][] = [];
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      logger.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error('shutdown took too long: exiting');
      process.exit(1);
    }, graceMs);
    timer.unref();
    for (const [name, step] of [...steps].reverse()) {
      try {
        await step();
      } catch (error) {
        logger.warn({ err: error, step: name }, 'error while stopping');
      }
    }
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  return { add: (name, step) => steps.push([name, step]) };
};
