import type { Logger } from '../logger';

/**
 * Stops the parts in order on SIGINT or SIGTERM, then exits 0. A second signal, or a stop
 * taking longer than the grace period, exits at once with 1.
 */
export const onShutdown = (
  logger: Logger,
  steps: [string, () => Promise<unknown>][],
  graceMs = 15_000,
): void => {
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
    for (const [name, step] of steps) {
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
};
