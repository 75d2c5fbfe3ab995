import type pg from 'pg';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform';
import { SessionStore } from './sessions';

/** Remembered sessions (SessionStore's 5-second cache) never outlive a sign-out in this process. */
describe('session lookups remembered in-process', () => {
  let test: TestPlatform;

  beforeAll(async () => {
    test = await startTestPlatform({ demoData: true, name: 'sessions' });
  });
  afterAll(async () => {
    await test.stop();
  });

  it('refuses a session right after its sign-out, even with requests in flight during it', async () => {
    for (let round = 0; round < 5; round++) {
      const caller = await test.signedIn('user@example.com');
      expect((await caller.op('me')).status).toBe(200);
      const inFlight = Array.from({ length: 20 }, () => caller.op('me'));
      const signOut = caller.op('logout');
      await Promise.all([...inFlight, signOut]);
      expect((await caller.op('me')).status).toBe(401);
    }
  });

  it('answers requests of one session arriving together with one lookup, but none begun before its sign-out', async () => {
    const { pool } = test.platform;
    let lookups = 0;
    // The platform's own pool, its lookups counted (nothing remembered between rounds: cacheMs 0).
    const counted = {
      query: (...args: Parameters<pg.Pool['query']>) => {
        if (String(args[0]).includes('FROM auth.sessions s JOIN')) lookups++;
        return (pool.query as (...a: unknown[]) => unknown)(...args);
      },
    } as unknown as pg.Pool;
    const sessions = new SessionStore(counted, 0);
    const { userId, token } = await sessions.create(
      (
        await test.platform.pool.query<{ id: string }>(
          `SELECT id FROM rm_accounts.users WHERE email = 'user@example.com'`,
        )
      ).rows[0]!.id,
    );
    const together = await Promise.all(Array.from({ length: 30 }, () => sessions.resolve(token)));
    expect(together).toEqual(Array.from({ length: 30 }, () => userId));
    expect(lookups).toBe(1);

    const before = sessions.resolve(token);
    await sessions.destroy(token);
    // Asked after the sign-out: its own lookup, which finds no session.
    expect(await sessions.resolve(token)).toBeUndefined();
    await before;
    expect(lookups).toBe(3);
  });

  it('refuses every session of a deleted account at once', async () => {
    const first = test.caller();
    const email = `gone-${Date.now()}@example.com`;
    await first.op('registerUser', {
      body: {
        name: 'Gone Soon',
        email,
        phone: '5551234567',
        password: 'password123',
        confirmPassword: 'password123',
      },
    });
    await first.login(email);
    const second = test.caller();
    await second.login(email);
    expect((await second.op('getProfile')).status).toBe(200);
    const me = (await first.op('me')).body.user.id;
    expect((await first.op('deleteAccount', { body: { id: me } })).status).toBe(200);
    expect((await second.op('getProfile')).status).toBe(401);
  });
});
