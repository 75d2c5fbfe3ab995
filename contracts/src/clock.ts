/**
 * Where "now" comes from. Production code takes a `Clock` as an input (docs/architecture.md §1: deciders have
 * no clock; services get one); the machine's clock is only the default.
 *
 * Tests and the any-hour CI step pin the clock with two settings that every process of a run
 * shares (the test runner, the server it starts, the browser it drives):
 * - `TEST_CLOCK`: the instant the run pretends it started at, ISO 8601 (`2026-11-24T00:30:00Z`);
 * - `TEST_CLOCK_ANCHOR`: the real epoch milliseconds that instant stands for (set once by the
 *   runner). Every process then reads `TEST_CLOCK + (real now - anchor)`, so time still passes
 *   and all of them agree to the millisecond. Without an anchor, the process's first read is it.
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

export interface PinnedClockSettings {
  TEST_CLOCK?: string;
  TEST_CLOCK_ANCHOR?: string;
}

/** The instant `TEST_CLOCK` names, or a message saying what is wrong with it. */
export const parsePinnedInstant = (value: string): number | string => {
  const at = Date.parse(value);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value) || Number.isNaN(at))
    return 'TEST_CLOCK must be an ISO 8601 instant with its offset, like 2026-11-24T00:30:00Z';
  return at;
};

/** The clock the settings describe: the machine's, or one pinned at TEST_CLOCK that runs on. */
export const clockFrom = (settings: PinnedClockSettings, realNow: () => number = Date.now): Clock => {
  if (!settings.TEST_CLOCK) return systemClock;
  const pinned = parsePinnedInstant(settings.TEST_CLOCK);
  if (typeof pinned === 'string') throw new Error(pinned);
  const anchor = settings.TEST_CLOCK_ANCHOR ? Number(settings.TEST_CLOCK_ANCHOR) : realNow();
  if (!Number.isFinite(anchor)) throw new Error('TEST_CLOCK_ANCHOR must be epoch milliseconds');
  return () => new Date(pinned + (realNow() - anchor));
};
