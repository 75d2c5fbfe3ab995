import type { Logger } from '../logger';
import type { JobWorker } from './job-queues';

/**
 * Runs `work` every `intervalMs`, one pass at a time, until closed: work that is due by the clock
 * rather than by a job (a sweep). A pass that throws is logged and the next one runs as usual.
 * Closing waits for the pass under way.
 */
export const every = (
  intervalMs: number,
  work: () => Promise<unknown>,
  logger: Pick<Logger, 'error'>,
  name: string,
): JobWorker => {
  let running = true;
  let timer: NodeJS.Timeout | undefined;
  let pass: Promise<void> = Promise.resolve();
  const schedule = () => {
    timer = setTimeout(() => {
      pass = work()
        .then(
          () => undefined,
          (error: unknown) => logger.error({ err: error }, `${name} failed`),
        )
        .finally(() => {
          if (running) schedule();
        });
    }, intervalMs);
    // A sweep never keeps the process alive by itself.
    timer.unref();
  };
  schedule();
  return {
    close: async () => {
      running = false;
      clearTimeout(timer);
      await pass;
    },
  };
};
