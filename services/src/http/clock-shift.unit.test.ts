import type express from 'express';
import { CLOCK_SHIFT_HEADER, clockShiftFromHeader, shiftedPerRequest } from './clock-shift';

const at = new Date('2030-01-06T09:00:00Z');
const clock = shiftedPerRequest(() => at);

/** What the clock reads inside a request that carries this header value. */
const readWithin = (header: string | undefined): Promise<string> =>
  new Promise((resolve) => {
    const req = { header: (name: string) => (name === CLOCK_SHIFT_HEADER ? header : undefined) };
    clockShiftFromHeader(req as express.Request, {} as express.Response, () => {
      // Later in the request, after an await, as a handler reads it.
      void Promise.resolve().then(() => resolve(clock().toISOString()));
    });
  });

describe('a test request moving its own clock (TEST_CLOCK_SHIFTS)', () => {
  it('answers the request as if that much later, and nothing outside it', async () => {
    expect(await readWithin(String(2 * 24 * 3600 * 1000))).toBe('2030-01-08T09:00:00.000Z');
    expect(clock().toISOString()).toBe(at.toISOString());
  });

  it('ignores a missing, backward, fractional or too long shift', async () => {
    for (const header of [undefined, '', '-60000', '1.5', 'soon', String(400 * 24 * 3600 * 1000)])
      expect(await readWithin(header)).toBe(at.toISOString());
  });
});
