import { test as base, type BrowserContext } from '@playwright/test';

/**
 * The run's "now" in browser tests: the machine's clock, or the pinned one of the any-hour step
 * (TEST_CLOCK at TEST_CLOCK_ANCHOR, read the same way as contracts/src/clock.ts, which e2e files
 * cannot import as a value). The server under test reads the same settings, and every page's
 * clock is installed at the same instant, so browser, server and test agree on "today".
 */
const pinned = process.env.TEST_CLOCK ? Date.parse(process.env.TEST_CLOCK) : undefined;
const anchor = Number(process.env.TEST_CLOCK_ANCHOR ?? Date.now());

export const testClock = (): Date =>
  new Date(pinned === undefined ? Date.now() : pinned + (Date.now() - anchor));

/** The calendar day `offset` days from today in a time zone, YYYY-MM-DD. */
export const dayKeyIn = (timeZone: string, offset = 0): string => {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(testClock());
  const [year, month, day] = today.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, day! + offset)).toISOString().slice(0, 10);
};

/** Installs the run's clock in a context a test makes itself (`browser.newContext()`). */
export const withTestClock = async <T extends BrowserContext>(context: T): Promise<T> => {
  if (pinned !== undefined) await context.clock.install({ time: testClock() });
  return context;
};

/**
 * Playwright's `test` with the run's clock installed in every browser context it makes (its
 * `page.clock`, running on from the pinned instant). Specs import `test` from here.
 */
export const test = base.extend({
  context: async ({ context }, use) => {
    await use(await withTestClock(context));
  },
});

export { expect } from '@playwright/test';
