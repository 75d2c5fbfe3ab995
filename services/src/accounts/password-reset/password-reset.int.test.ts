import { randomUUID } from 'node:crypto';
import { readMailbox } from '../../mail/mail-outbox';
import { startTestPlatform, type Caller, type TestPlatform, errorOf } from '../../testing/test-platform';

/** Forgot password, over HTTP, with the mail read from the local outbox. */

const NEUTRAL = {
  message:
    'If an account uses this address, a link to reset its password is on its way. The link works for 30 minutes.',
};

const person = (n: string) => ({
  name: `Person ${n}`,
  email: `reset.${n}@example.org`,
  phone: '5551234567',
  password: 'correct horse',
  confirmPassword: 'correct horse',
});

interface ResetLink {
  url: URL;
  user: string;
  request: string;
  token: string;
}

describe('forgot password over HTTP (issue 26)', () => {
  let test: TestPlatform;
  let anonymous: Caller;

  beforeAll(async () => {
    test = await startTestPlatform({
      demoData: false,
      name: 'password_reset',
      env: { REGISTRATION_LIMIT: '1000' },
    });
    anonymous = test.caller();
  });
  afterAll(async () => {
    await test.stop();
  });

  /** The links of the reset mails to `email`, newest first, once there are `count` of them. */
  const resetLinks = async (email: string, count: number): Promise<ResetLink[]> => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const mails = (await readMailbox(test.platform.pool, email)).filter(
        (mail) => mail.subject === 'Reset your password',
      );
      if (mails.length >= count || Date.now() > deadline) {
        return mails.map((mail) => {
          const url = new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
          return {
            url,
            user: url.searchParams.get('user')!,
            request: url.searchParams.get('request')!,
            token: url.searchParams.get('token')!,
          };
        });
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  const registered = async (n: string) => {
    expect((await anonymous.op('registerUser', { body: person(n) })).status).toBe(201);
    return person(n).email;
  };

  const resetWith = (link: ResetLink, password = 'a new horse battery') =>
    anonymous.op('resetPassword', {
      body: {
        user: link.user,
        request: link.request,
        token: link.token,
        password,
        confirmPassword: password,
      },
    });

  const requestsRecorded = async (): Promise<number> => {
    const { rows } = await test.platform.pool.query<{ n: string }>(
      `SELECT count(*) AS n FROM es.events WHERE event_type = 'PasswordResetRequested'`,
    );
    return Number(rows[0]!.n);
  };

  it('answers a known and an unknown address alike, and mails only the known one', async () => {
    const known = await registered('known');
    const before = await requestsRecorded();
    const timed = async (email: string) => {
      const started = performance.now();
      const reply = await anonymous.op('forgotPassword', { body: { email } });
      return { status: reply.status, body: reply.body, ms: performance.now() - started };
    };
    const forKnown = await timed(known.toUpperCase());
    const forUnknown = await timed('nobody.here@example.org');
    expect(forKnown).toMatchObject({ status: 200, body: NEUTRAL });
    expect(forUnknown).toMatchObject({ status: 200, body: NEUTRAL });
    // Both answer after the same floor, so the time taken does not tell either.
    expect(forKnown.ms).toBeGreaterThanOrEqual(240);
    expect(forUnknown.ms).toBeGreaterThanOrEqual(240);
    expect(await requestsRecorded()).toBe(before + 1);

    const [link] = await resetLinks(known, 1);
    expect(link!.url.pathname).toBe('/reset-password');
    expect(await readMailbox(test.platform.pool, 'nobody.here@example.org')).toEqual([]);
    // The log holds the request, never the token that its link carries.
    const { rows } = await test.platform.pool.query(
      `SELECT data FROM es.events WHERE event_type = 'PasswordResetRequested'`,
    );
    expect(JSON.stringify(rows)).not.toContain(link!.token);
  });

  it('resets the password with the mailed link and signs out every session of the person', async () => {
    const email = await registered('sessions');
    const phone = test.caller();
    const laptop = test.caller();
    expect((await phone.login(email, 'correct horse')).status).toBe(200);
    expect((await laptop.login(email, 'correct horse')).status).toBe(200);
    expect((await phone.op('me')).status).toBe(200);

    expect(await anonymous.op('forgotPassword', { body: { email } })).toMatchObject({
      status: 200,
      body: NEUTRAL,
    });
    const [link] = await resetLinks(email, 1);
    expect(await resetWith(link!)).toMatchObject({
      status: 200,
      body: { message: 'Your password has been reset. Please sign in with your new password.' },
    });

    expect((await phone.op('me')).status).toBe(401);
    expect((await laptop.op('me')).status).toBe(401);
    expect((await test.caller().login(email, 'correct horse')).status).toBe(401);
    expect((await test.caller().login(email, 'a new horse battery')).status).toBe(200);
  });

  it('writes the mail in the language saved on the account', async () => {
    const email = await registered('french');
    const caller = test.caller();
    await caller.login(email, 'correct horse');
    const profile = await caller.op('updateProfile', {
      body: {
        name: 'Person french',
        email,
        phone: '5551234567',
        timezone: 'America/New_York',
        language: 'fr',
        notificationPreferences: { email: true, sms: false, whatsapp: false },
      },
    });
    expect(profile.status).toBe(200);
    await anonymous.op('forgotPassword', { body: { email } });
    const deadline = Date.now() + 10_000;
    let mail;
    while (!mail && Date.now() < deadline) {
      mail = (await readMailbox(test.platform.pool, email)).find(
        (m) => m.subject !== 'Confirm your e-mail address',
      );
      if (!mail) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(mail).toMatchObject({ subject: 'Réinitialisez votre mot de passe' });
    expect(mail!.text).toContain('30 minutes');
    expect(mail!.text).toMatch(/\/reset-password\?user=[\w-]+&request=[\w-]+&token=[\w-]{43}\s/);
  });

  it('does not take a link twice', async () => {
    const email = await registered('twice');
    await anonymous.op('forgotPassword', { body: { email } });
    const [link] = await resetLinks(email, 1);
    expect((await resetWith(link!)).status).toBe(200);
    expect(await resetWith(link!, 'yet another password')).toMatchObject({
      status: 400,
      body: { message: 'This password reset link has already been used. Please ask for a new one.' },
    });
    expect((await test.caller().login(email, 'yet another password')).status).toBe(401);
    expect((await test.caller().login(email, 'a new horse battery')).status).toBe(200);
  });

  it('kills an older link once a newer one is asked for; the newer works', async () => {
    const email = await registered('newer');
    await anonymous.op('forgotPassword', { body: { email } });
    await resetLinks(email, 1);
    await anonymous.op('forgotPassword', { body: { email } });
    const [newer, older] = await resetLinks(email, 2);
    expect(newer!.request).not.toBe(older!.request);
    expect(await resetWith(older!)).toMatchObject({
      status: 400,
      body: { message: 'A newer password reset link was sent since this one. Please use the newest link.' },
    });
    expect((await resetWith(newer!)).status).toBe(200);
  });

  it('refuses a link asked for more than 30 minutes ago', async () => {
    const email = await registered('expired');
    const { rows } = await test.platform.pool.query<{ id: string }>(
      'SELECT id FROM rm_accounts.users WHERE email = $1',
      [email],
    );
    const userId = rows[0]!.id;
    // A request recorded 31 minutes ago, as the service records one (the clock is the command's).
    const asked = new Date(Date.now() - 31 * 60_000);
    await test.platform.store.append(`user-${userId}`, [
      {
        type: 'PasswordResetRequested',
        data: {
          requestId: randomUUID(),
          expiresAt: new Date(asked.getTime() + 30 * 60_000).toISOString(),
          at: asked.toISOString(),
        },
      },
    ]);
    const [link] = await resetLinks(email, 1);
    expect(await resetWith(link!)).toMatchObject({
      status: 400,
      body: { message: 'This password reset link has expired. Please ask for a new one.' },
    });
    expect((await test.caller().login(email, 'correct horse')).status).toBe(200);
  });

  it('refuses a forged or altered link with 400 and changes nothing', async () => {
    const email = await registered('forged');
    await anonymous.op('forgotPassword', { body: { email } });
    const [link] = await resetLinks(email, 1);
    const invalid = {
      status: 400,
      body: { message: 'This password reset link is invalid. Please ask for a new one.' },
    };
    expect(await resetWith({ ...link!, token: 'forged-token-1234567890' })).toMatchObject(invalid);
    expect(await resetWith({ ...link!, request: randomUUID() })).toMatchObject(invalid);
    const other = await registered('forged-other');
    const { rows } = await test.platform.pool.query<{ id: string }>(
      'SELECT id FROM rm_accounts.users WHERE email = $1',
      [other],
    );
    expect(await resetWith({ ...link!, user: rows[0]!.id })).toMatchObject(invalid);
    expect(
      (await anonymous.opUnchecked('resetPassword', { body: { ...link!, user: 'not-a-uuid' } })).status,
    ).toBe(400);
    expect((await test.caller().login(email, 'correct horse')).status).toBe(200);
    expect((await test.caller().login(other, 'correct horse')).status).toBe(200);
  });

  it('holds the new password to the rules of registration', async () => {
    const email = await registered('rules');
    await anonymous.op('forgotPassword', { body: { email } });
    const [link] = await resetLinks(email, 1);
    const short = await resetWith(link!, 'short');
    expect(short.status).toBe(400);
    expect(errorOf(short).errors).toEqual([
      { field: 'password', message: 'Password must be at least 8 characters' },
    ]);
    const mismatch = await anonymous.op('resetPassword', {
      body: {
        user: link!.user,
        request: link!.request,
        token: link!.token,
        password: 'long enough one',
        confirmPassword: 'long enough two',
      },
    });
    expect(mismatch).toMatchObject({ status: 400 });
    expect(errorOf(mismatch).errors).toEqual([
      { field: 'confirmPassword', message: "Passwords don't match" },
    ]);
    // A refused password leaves the link usable.
    expect((await resetWith(link!)).status).toBe(200);
  });

  it('refuses a malformed address with 400 and the registration message', async () => {
    const reply = await anonymous.op('forgotPassword', { body: { email: 'not-an-email' } });
    expect(reply.status).toBe(400);
    expect(errorOf(reply).errors).toEqual([{ field: 'email', message: 'Invalid email address' }]);
  });

  /** A request from another client address (the test server trusts its loopback proxy). */
  const from = (client: string, id: 'forgotPassword' | 'resetPassword', body: object) =>
    anonymous.opUnchecked(id, { body, headers: { 'x-forwarded-for': client } });
  const TOO_MANY = {
    status: 429,
    body: { message: 'Too many password reset requests. Please try again later.' },
  };

  it('limits requests per address asked about, known or not alike, from any client address', async () => {
    const known = await registered('limit');
    for (const [n, email] of [known, 'unknown.limit@example.org'].entries()) {
      for (let i = 0; i < 5; i++)
        expect((await from(`198.51.100.${n * 10 + i}`, 'forgotPassword', { email })).status).toBe(200);
      expect(await from(`198.51.100.${n * 10 + 5}`, 'forgotPassword', { email })).toMatchObject(TOO_MANY);
    }
  });

  it('limits requests per client address, whatever the addresses asked about', async () => {
    for (let i = 0; i < 20; i++)
      expect((await from('203.0.113.7', 'forgotPassword', { email: `spray.${i}@example.org` })).status).toBe(
        200,
      );
    expect(await from('203.0.113.7', 'forgotPassword', { email: 'spray.20@example.org' })).toMatchObject(
      TOO_MANY,
    );
    expect((await from('203.0.113.8', 'forgotPassword', { email: 'spray.20@example.org' })).status).toBe(200);
  });

  it('limits reset attempts per client address', async () => {
    const attempt = () =>
      from('203.0.113.9', 'resetPassword', {
        user: randomUUID(),
        request: randomUUID(),
        token: 'guessed-token-1234567890',
        password: 'a new horse battery',
        confirmPassword: 'a new horse battery',
      });
    for (let i = 0; i < 20; i++) expect((await attempt()).status).toBe(400);
    expect(await attempt()).toMatchObject(TOO_MANY);
  });
});
