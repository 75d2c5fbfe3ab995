import type { Provider } from '@appointment/contracts/catalogue';
import { MESSAGES } from '@appointment/contracts/messages';
import type { TimeSlot } from '@appointment/contracts/schedule';
import {
  startTestPlatform,
  sunriseTimeSlots,
  type Caller,
  type TestPlatform,
} from '../testing/test-platform';

/**
 * A state-changing request that a page of another site makes the browser send with this
 * site's session cookie is refused, by Origin or Sec-Fetch-Site. Bearer calls and requests
 * that no browser page made (no such headers) are not affected.
 */
describe('cross-site requests', () => {
  let test: TestPlatform;
  let user: Caller;
  let sunrise: Provider;
  let timeSlot: TimeSlot;

  beforeAll(async () => {
    test = await startTestPlatform({ demoData: true, name: 'crosssite' });
    user = await test.signedIn('user@example.com');
    const found = await sunriseTimeSlots(user, 'Follow-up Visit');
    sunrise = found.sunrise;
    timeSlot = found.timeSlots[0]!;
  });
  afterAll(async () => {
    await test.stop();
  });

  /** A booking of one part, as JSON (the fast path) or as a form (Express). */
  const book = (headers: Record<string, string>, as: 'json' | 'form', part: number, bearer = false) => {
    const fields = {
      servicename: 'Follow-up Visit',
      providerId: sunrise.id,
      timeslotId: timeSlot._id,
      date: timeSlot.date,
      index: String(part),
    };
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    const caller = test.caller();
    if (bearer) caller.token = user.token;
    return caller.op('book', {
      body: as === 'json' ? fields : form,
      headers: {
        ...(bearer ? {} : { cookie: `sid=${user.token!}` }),
        ...headers,
      },
    });
  };

  it.each(['json', 'form'] as const)(
    'refuses a %s booking with the cookie from another origin or site',
    async (as) => {
      const attempts: Record<string, string>[] = [
        { origin: 'https://evil.example' },
        { origin: 'null' },
        { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
        // A sibling subdomain is the same site, but not the same origin: SameSite=Lax lets it through.
        { 'sec-fetch-site': 'same-site', origin: 'https://sibling.example' },
        { 'sec-fetch-site': 'cross-site' },
      ];
      for (const headers of attempts) {
        const refused = await book(headers, as, 1);
        expect(refused.status).toBe(403);
        expect(refused.body.message).toBe(MESSAGES.crossSiteRefused);
      }
    },
  );

  it('takes a booking with the cookie from the app itself, and a bearer call from anywhere', async () => {
    const own = new URL(test.base).origin;
    expect((await book({ origin: own, 'sec-fetch-site': 'same-origin' }, 'form', 1)).status).toBe(201);
    expect((await book({ origin: own }, 'json', 2)).status).toBe(201);
    expect((await book({ origin: 'https://evil.example' }, 'json', 3, true)).status).toBe(201);
    // No browser headers at all: a script or server, which holds the cookie itself.
    expect((await book({}, 'form', 4)).status).toBe(201);
  });

  it('leaves reads alone: a GET with the cookie from another site is answered', async () => {
    const me = await test.caller().op('me', {
      headers: {
        cookie: `sid=${user.token!}`,
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
      },
    });
    expect(me.status).toBe(200);
  });
});
