import { clockFrom } from '@appointment/contracts/clock';
import { dayKeyIn } from '@appointment/contracts/schedule';

/**
 * "Now" for tests: the machine's clock, or the run's pinned one (TEST_CLOCK, TEST_CLOCK_ANCHOR;
 * see contracts/src/clock.ts), the same instant the server under test reads. A test that depends
 * on the date takes it from here, never from `new Date()`; the any-hour step of `npm test` runs
 * the files marked `// @any-hour: <why>` (their checks depend on the day or the hour) again at
 * 00:30, 05:00 and 23:30 UTC.
 */
export const testClock = clockFrom(process.env);

/** Real epoch milliseconds of the run's "now". */
export const testNow = (): number => testClock().getTime();

/** The calendar day `offset` days from today in a time zone, YYYY-MM-DD. */
export const dayKeyFromToday = (timeZone: string, offset = 0): string => {
  const [year, month, day] = dayKeyIn(testClock(), timeZone).split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, day! + offset)).toISOString().slice(0, 10);
};
