import { AsyncLocalStorage } from 'node:async_hooks';
import type express from 'express';
import type { Clock } from '@appointment/contracts/clock';

/**
 * Test-only (TEST_CLOCK_SHIFTS, refused in production): a browser test may ask that its own
 * requests see the product's clock later by this many milliseconds, so that an appointment it
 * booked ahead has ended (a no-show) while the tests beside it, on the same server, keep the
 * run's clock. Only forward, and at most a year.
 */
export const CLOCK_SHIFT_HEADER = 'x-test-clock-shift';
const MAX_SHIFT_MS = 366 * 24 * 3600 * 1000;

const shifts = new AsyncLocalStorage<number>();

/** The clock, later by the shift of the request being answered (none outside a request). */
export const shiftedPerRequest =
  (clock: Clock): Clock =>
  () => {
    const shift = shifts.getStore();
    return shift ? new Date(clock().getTime() + shift) : clock();
  };

/** Runs the rest of the request with the shift its header asks for. */
export const clockShiftFromHeader: express.RequestHandler = (req, _res, next) => {
  const shift = Number(req.header(CLOCK_SHIFT_HEADER));
  if (!Number.isSafeInteger(shift) || shift <= 0 || shift > MAX_SHIFT_MS) {
    next();
    return;
  }
  shifts.run(shift, next);
};
