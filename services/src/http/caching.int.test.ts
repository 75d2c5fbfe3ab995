import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { APPOINTMENT_PATHS } from '@appointment/contracts/appointments';
import { bookAtSunrise, startTestPlatform, type Caller, type TestPlatform } from '../testing/test-platform';

/**
 * No API answer is kept by a browser or a shared cache (`Cache-Control: no-store`): read models,
 * errors, the fast path's answers and the feed a token opens alike. The app's static files keep
 * their own caching.
 */
describe('caching of API answers', () => {
  let test: TestPlatform;
  let dist: string;
  let user: Caller;
  let admin: Caller;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'appointment-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets/index-Ab12Cd34.js'), 'console.log(1);\n');
    test = await startTestPlatform({ demoData: true, name: 'caching', frontendDist: dist });
    user = await test.signedIn('user@example.com');
    admin = await test.signedIn('admin@example.com');
  });
  afterAll(async () => {
    await test.stop();
    rmSync(dist, { recursive: true, force: true });
  });

  const cacheControlOf = async (caller: Caller, method: string, pathname: string, body?: unknown) =>
    (await caller.call(method, pathname, body)).headers.get('cache-control');

  it('every kind of API answer says no-store', async () => {
    const anonymous = test.caller();
    const answers = {
      'a read': await cacheControlOf(user, 'GET', '/api/auth/me'),
      'a signed-out read': await cacheControlOf(anonymous, 'GET', '/api/health'),
      'a write': await cacheControlOf(user, 'POST', APPOINTMENT_PATHS.clearNotifications, {}),
      'a refusal by schema': await cacheControlOf(user, 'POST', '/api/auth/login', { email: 1 }),
      'a 401': await cacheControlOf(anonymous, 'GET', '/api/auth/me'),
      'an unknown route': await cacheControlOf(user, 'GET', '/api/no/such/route'),
      'the API document': await cacheControlOf(anonymous, 'GET', '/api/openapi.json'),
    };
    const bad = await fetch(`${test.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{not json',
    });
    expect({ ...answers, 'a body that is not JSON': bad.headers.get('cache-control') }).toEqual(
      Object.fromEntries(
        [...Object.keys(answers), 'a body that is not JSON'].map((what) => [what, 'no-store']),
      ),
    );
  });

  it('the fast path’s answers say no-store too: availability, a booking and its refusal', async () => {
    const { appointment, timeSlot } = await bookAtSunrise(user, 'General Consultation');
    expect(appointment).toBeDefined();
    const slots = await user.op('fetchSlot', {
      body: {
        providerId: timeSlot.providerId,
        serviceId: 'General Consultation',
      },
    });
    expect(slots.status).toBe(200);
    expect(slots.headers.get('cache-control')).toBe('no-store');
    const again = await user.op('book', {
      body: {
        servicename: 'General Consultation',
        providerId: timeSlot.providerId,
        timeslotId: timeSlot._id,
        date: timeSlot.date,
        index: '1',
      },
    });
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(again.headers.get('cache-control')).toBe('no-store');
    // Where its time went is said only with SERVER_TIMING (server-timing.int.test).
    expect(again.headers.get('server-timing')).toBeNull();
  });

  it('a calendar feed, whose URL is a credential, is not kept either', async () => {
    const { url } = (await admin.op('connectProviderCalendar')).body;
    const feed = await fetch(`${test.base}${new URL(url!).pathname}`);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('cache-control')).toBe('no-store');
  });

  it('the app’s static files keep their caching', async () => {
    const asset = await fetch(`${test.base}/assets/index-Ab12Cd34.js`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const shell = await fetch(`${test.base}/dashboard`);
    expect(shell.headers.get('cache-control')).toBe('no-cache');
  });
});
