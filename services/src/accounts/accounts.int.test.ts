import { MESSAGES } from '@appointment/contracts/messages';
import { readMailbox } from '../mail/mail-outbox';
import {
  startTestPlatform,
  sunriseTimeSlots,
  type Caller,
  type TestPlatform,
  errorOf,
} from '../testing/test-platform';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

const person = (n: string) => ({
  name: `Person ${n}`,
  email: `person.${n}@example.org`,
  phone: '5551234567',
  password: 'correct horse',
  confirmPassword: 'correct horse',
});

const provider = (n: string) => ({
  businessName: `Clinic ${n}`,
  industry: 'Healthcare',
  email: `clinic.${n}@example.org`,
  phone: '5559876543',
  address: '1 Main Street, Chicago, IL',
  password: 'correct horse',
  confirmPassword: 'correct horse',
});

describe('accounts over HTTP', () => {
  let test: TestPlatform;
  let anonymous: Caller;

  beforeAll(async () => {
    test = await startTestPlatform({ demoData: true, name: 'accounts', env: { REGISTRATION_LIMIT: '1000' } });
    anonymous = test.caller();
  });
  afterAll(async () => {
    await test.stop();
  });

  describe('registration', () => {
    it('creates a user once and answers a second registration with 409 "User already exists"', async () => {
      const first = await anonymous.op('registerUser', { body: person('one') });
      expect(first).toMatchObject({
        status: 201,
        body: { success: true, message: 'User created successfully' },
      });
      const again = await anonymous.op('registerUser', {
        body: {
          ...person('one'),
          email: 'PERSON.ONE@example.org',
        },
      });
      expect(again).toMatchObject({ status: 409, body: { message: 'User already exists' } });
    });

    it('registers only one of many concurrent registrations of one e-mail', async () => {
      const replies = await Promise.all(
        Array.from({ length: 6 }, () => test.caller().op('registerUser', { body: person('race') })),
      );
      expect(replies.map((reply) => reply.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    });

    it('answers bad input with 400 and the spec messages on their fields', async () => {
      const reply = await anonymous.op('registerUser', {
        body: {
          name: 'A',
          email: 'not-an-email',
          phone: '123',
          password: 'short',
          confirmPassword: 'other',
        },
      });
      expect(reply.status).toBe(400);
      expect(errorOf(reply).errors).toEqual(
        expect.arrayContaining([
          { field: 'name', message: 'Name must be at least 2 characters' },
          { field: 'email', message: 'Invalid email address' },
          { field: 'phone', message: 'Phone number must be at least 10 digits' },
          { field: 'password', message: 'Password must be at least 8 characters' },
        ]),
      );
      const mismatch = await anonymous.op('registerUser', {
        body: {
          ...person('two'),
          confirmPassword: 'different',
        },
      });
      expect(errorOf(mismatch).errors).toEqual([
        { field: 'confirmPassword', message: "Passwords don't match" },
      ]);
    });

    it('stores only an Argon2id hash of the password', async () => {
      await anonymous.op('registerUser', { body: person('hash') });
      const { rows } = await test.platform.pool.query<{ data: { passwordHash: string } }>(
        // The log holds the address sealed: the event is found by the account's id.
        `SELECT e.data FROM es.events e JOIN rm_accounts.users u ON u.id = e.data->>'userId'
          WHERE e.event_type = 'UserRegistered' AND u.email = 'person.hash@example.org'`,
      );
      expect(rows[0]!.data.passwordHash).toMatch(/^\$argon2id\$v=19\$/);
      expect(JSON.stringify(rows)).not.toContain('correct horse');
    });

    it('sends a verification e-mail whose link verifies the address', async () => {
      await anonymous.op('registerUser', { body: person('mail') });
      let link: string | undefined;
      const deadline = Date.now() + 10_000;
      while (!link && Date.now() < deadline) {
        const { body } = await anonymous.get<{ messages: { text: string; sentAt: string | null }[] }>(
          '/api/dev/mailbox?to=person.mail@example.org',
        );
        link = body.messages.find((message) => message.sentAt)?.text.match(/https?:\/\/\S+/)?.[0];
        if (!link) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(link).toBeDefined();
      const url = new URL(link!);
      const forged = await anonymous.get(
        `${url.pathname}?user=${url.searchParams.get('user')}&token=forged-token-123`,
      );
      expect(forged).toMatchObject({
        status: 400,
        body: { message: 'This verification link is invalid or has expired' },
      });
      const verified = await anonymous.get(`${url.pathname}${url.search}`);
      expect(verified.status).toBe(303);
      expect(verified.headers.get('location')).toBe('/login?verified=1');
      const { rows } = await test.platform.pool.query(
        `SELECT email_verified FROM rm_accounts.users WHERE email = 'person.mail@example.org'`,
      );
      expect(rows[0]).toEqual({ email_verified: true });
    });

    it('lets an unconfirmed address sign in and look, but not book, until its link is opened (issue 26)', async () => {
      // The probe: a stranger registered someone else's address, signed in and booked under it.
      const stranger = person('stranger');
      expect((await anonymous.op('registerUser', { body: stranger })).status).toBe(201);
      const caller = test.caller();
      const signedIn = await caller.login(stranger.email, stranger.password);
      expect(signedIn.status).toBe(200);
      expect(signedIn.body.user).toMatchObject({ email: stranger.email, emailVerified: false });
      const { sunrise, timeSlots } = await sunriseTimeSlots(caller, 'General Consultation');
      const book = () =>
        caller.op('book', {
          body: {
            servicename: 'General Consultation',
            providerId: sunrise.id,
            timeslotId: timeSlots[0]!._id,
            date: timeSlots[0]!.date,
            index: '1',
          },
        });
      expect(await book()).toMatchObject({ status: 403, body: { message: MESSAGES.emailNotVerified } });
      // The link again, on request: a second mail, limited to three every 15 minutes.
      for (let i = 0; i < 3; i++) {
        const again = await caller.op('resendVerification');
        expect(again).toMatchObject({ status: 200, body: { message: MESSAGES.verificationSent } });
      }
      const tooOften = await caller.op('resendVerification');
      expect(tooOften).toMatchObject({ status: 429, body: { message: MESSAGES.tooManyVerificationMails } });
      let mails: { subject: string }[] = [];
      for (let wait = 0; wait < 200 && mails.length < 4; wait++) {
        mails = (await readMailbox(test.platform.pool, stranger.email)).filter((mail) =>
          mail.subject.startsWith('Confirm your e-mail'),
        );
        if (mails.length < 4) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(mails).toHaveLength(4);
      // Its owner opens the link: the same session may book at once.
      await test.confirmAddress(stranger.email);
      expect((await caller.op('me')).body.user.emailVerified).toBe(true);
      expect((await book()).status).toBe(201);
    });
  });

  describe('changing the e-mail address (issue 26)', () => {
    it('takes the current password, and the new address only once its owner opens the link; the old address is told', async () => {
      const owner = person('mover');
      expect((await anonymous.op('registerUser', { body: owner })).status).toBe(201);
      await test.confirmAddress(owner.email);
      const caller = test.caller();
      await caller.login(owner.email, owner.password);
      const own = (await caller.op('getProfile')).body.data;
      const update = (changes: object) => caller.op('updateProfile', { body: { ...own, ...changes } });
      const newEmail = 'mover.new@example.org';
      expect(await update({ email: newEmail })).toMatchObject({
        status: 400,
        body: { message: MESSAGES.currentPasswordForEmail },
      });
      expect(await update({ email: newEmail, currentPassword: 'wrong password' })).toMatchObject({
        status: 400,
        body: { message: MESSAGES.currentPasswordWrong },
      });
      const asked = await update({ email: newEmail, currentPassword: owner.password, name: 'Mover Renamed' });
      expect(asked).toMatchObject({
        status: 200,
        body: { data: { email: owner.email, pendingEmail: newEmail, name: 'Mover Renamed' } },
      });
      // Nothing changed yet: the old address still signs in, the new one does not.
      expect((await test.caller().login(newEmail, owner.password)).status).toBe(401);
      let notice: { subject: string; text: string } | undefined;
      for (let wait = 0; wait < 200 && !notice; wait++) {
        notice = (await readMailbox(test.platform.pool, owner.email)).find((mail) =>
          mail.subject.includes('about to change'),
        );
        if (!notice) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(notice?.text).toContain(newEmail);
      // A forged link changes nothing.
      const forged = await anonymous.op('confirmEmailChange', {
        query: { user: String(own.id), request: 'x', token: 'forged' },
      });
      expect(forged.status).toBe(400);
      await test.confirmAddress(newEmail);
      expect((await test.caller().login(newEmail, owner.password)).status).toBe(200);
      expect((await test.caller().login(owner.email, owner.password)).status).toBe(401);
      const after = (await caller.op('getProfile')).body.data;
      expect(after.email).toBe(newEmail);
      expect(after.pendingEmail).toBeUndefined();
      // The link works once.
      const links = (await readMailbox(test.platform.pool, newEmail))
        .map((mail) => /\/api\/auth\/email-change\?\S+/.exec(mail.text)?.[0])
        .filter(Boolean);
      expect((await anonymous.get(links[0]!)).status).toBe(400);
    });
  });

  describe('sessions', () => {
    it('gives the token in the body only to an API client that asks for it (issue 16)', async () => {
      const browser = await fetch(`${test.base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'user@example.com', password: 'password123' }),
      });
      expect(browser.status).toBe(200);
      expect(await browser.json()).not.toHaveProperty('token');
      expect(browser.headers.get('set-cookie')).toMatch(/HttpOnly/);
    });

    it('signs in with a cookie and a bearer token for the same session, and signs out', async () => {
      const raw = await fetch(`${test.base}/api/auth/login?token=true`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'user@example.com', password: 'password123' }),
      });
      const body = (await raw.json()) as {
        message: string;
        role: string;
        token: string;
        user: { email: string };
      };
      expect(body).toMatchObject({
        message: 'Login successful',
        role: 'user',
        user: { email: 'user@example.com' },
      });
      const cookie = raw.headers.get('set-cookie')!;
      expect(cookie).toMatch(/^sid=[\w-]{40,};/);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      expect(cookie).toContain(`sid=${body.token};`);

      const byCookie = await fetch(`${test.base}/api/auth/me`, { headers: { cookie: `sid=${body.token}` } });
      expect(byCookie.status).toBe(200);
      const bearer = test.caller();
      bearer.token = body.token;
      expect((await bearer.op('me')).body).toMatchObject({ role: 'user' });

      expect(await bearer.op('logout')).toMatchObject({ status: 200 });
      expect((await bearer.op('me')).status).toBe(401);
      expect(
        (await fetch(`${test.base}/api/auth/me`, { headers: { cookie: `sid=${body.token}` } })).status,
      ).toBe(401);
    });

    it('gives a new session at every sign-in', async () => {
      const a = await test.signedIn('user@example.com');
      const b = await test.signedIn('user@example.com');
      expect(a.token).not.toBe(b.token);
    });

    it('refuses a wrong password and an unknown account with the same message', async () => {
      for (const [email, password] of [
        ['user@example.com', 'wrong-password'],
        ['nobody@example.com', 'password123'],
      ]) {
        expect(await anonymous.op('login', { body: { email, password } })).toMatchObject({
          status: 401,
          body: { message: 'Invalid email or password' },
        });
      }
    });

    it('limits failed sign-ins to 10 a minute for one address and e-mail', async () => {
      await anonymous.op('registerUser', { body: person('limited') });
      await anonymous.op('registerUser', { body: person('unlimited') });
      const attempt = (email: string) =>
        anonymous.op('login', { body: { email, password: 'not-the-password' } });
      for (let i = 0; i < 10; i++) expect((await attempt('person.limited@example.org')).status).toBe(401);
      expect(await attempt('person.limited@example.org')).toMatchObject({
        status: 429,
        body: { message: 'Too many failed sign-in attempts. Please wait a minute and try again.' },
      });
      // Even the right password waits; another account from the same address does not.
      const right = { email: 'person.limited@example.org', password: 'correct horse' };
      expect((await anonymous.op('login', { body: right })).status).toBe(429);
      expect((await attempt('person.unlimited@example.org')).status).toBe(401);
    });
  });

  describe('providers', () => {
    it('keeps a new provider pending until a superadmin accepts it', async () => {
      expect((await anonymous.op('registerProvider', { body: provider('a') })).status).toBe(201);
      const pendingLogin = await test.caller().login('clinic.a@example.org', 'correct horse');
      expect(pendingLogin).toMatchObject({
        status: 403,
        body: { message: 'Your provider registration is still being reviewed' },
      });

      const superadmin = await test.signedIn('superadmin@example.com');
      const { body } = await superadmin.op('pendingProviders');
      const pending = body.users.find((user) => user.email === 'clinic.a@example.org')!;
      expect(pending).toMatchObject({ businessname: 'Clinic a', industry: 'Healthcare' });
      expect(body.users.map((user) => user.email)).toContain('harbor@example.com');

      const support = await test.signedIn('support@example.com');
      expect((await support.op('approveProvider', { body: { id: pending._id } })).status).toBe(403);
      expect(await superadmin.op('approveProvider', { body: { id: pending._id } })).toMatchObject({
        status: 200,
      });

      const admin = test.caller();
      expect(await admin.login('clinic.a@example.org', 'correct horse')).toMatchObject({
        status: 200,
        body: { role: 'admin', user: { industry: 'healthcare' } },
      });
      const after = await superadmin.op('pendingProviders');
      expect(after.body.users.map((user) => user.email)).not.toContain('clinic.a@example.org');
    });

    it('deletes the user of a rejected registration, who may then register again', async () => {
      await anonymous.op('registerProvider', { body: provider('b') });
      const superadmin = await test.signedIn('superadmin@example.com');
      const { body } = await superadmin.op('pendingProviders');
      const pending = body.users.find((user) => user.email === 'clinic.b@example.org')!;
      expect(await superadmin.op('rejectProvider', { body: { id: pending._id } })).toMatchObject({
        status: 200,
        body: { message: 'User deleted successfully' },
      });
      expect((await superadmin.op('rejectProvider', { body: { id: pending._id } })).status).toBe(404);
      expect((await anonymous.op('registerProvider', { body: provider('b') })).status).toBe(201);
    });
  });

  describe('one person never reaches another person’s data', () => {
    it('acts on the caller’s own profile whatever id a request carries', async () => {
      const user = await test.signedIn('user@example.com');
      const admin = await test.signedIn('admin@example.com');
      const adminProfile = (await admin.op('getProfile')).body.data;

      const update = await user.opUnchecked('updateProfile', {
        body: {
          id: adminProfile.id,
          name: 'Asha Updated',
          email: 'user@example.com',
          phone: '9995550102',
          timezone: 'America/Chicago',
          language: 'es',
          notificationPreferences: { email: true, sms: true, whatsapp: false },
        },
      });
      expect(update).toMatchObject({ status: 200, body: { data: { name: 'Asha Updated', language: 'es' } } });
      expect((await admin.op('getProfile')).body).toMatchObject({
        data: { name: adminProfile.name },
      });

      const deletion = await user.op('deleteAccount', { body: { id: adminProfile.id } });
      expect(deletion).toMatchObject({
        status: 403,
        body: { message: 'You do not have permission to do this' },
      });
      expect((await test.caller().login('admin@example.com')).status).toBe(200);
    });

    it('shows an admin and an incharge only their own provider’s staff', async () => {
      await anonymous.op('registerProvider', { body: provider('c') });
      const superadmin = await test.signedIn('superadmin@example.com');
      const { body } = await superadmin.op('pendingProviders');
      await superadmin.op('approveProvider', {
        body: {
          id: body.users.find((user) => user.email === 'clinic.c@example.org')!._id,
        },
      });
      const other = test.caller();
      await other.login('clinic.c@example.org', 'correct horse');

      const staffOf = async (caller: Caller) =>
        (await caller.op('staff')).body.businessUsers.map((staff) => staff.email).sort();
      expect(await staffOf(await test.signedIn('admin@example.com'))).toEqual([
        'admin@example.com',
        'incharge@example.com',
      ]);
      expect(await staffOf(await test.signedIn('incharge@example.com'))).toEqual([
        'admin@example.com',
        'incharge@example.com',
      ]);
      expect(await staffOf(other)).toEqual(['clinic.c@example.org']);
    });
  });

  describe('profile', () => {
    it('takes a picture only when its bytes are an image, and serves it back', async () => {
      const user = await test.signedIn('incharge@example.com');
      const form = new FormData();
      form.append('image', new Blob([PNG], { type: 'image/png' }), 'me.png');
      const upload = await user.op('uploadProfilePic', { body: form });
      expect(upload.status).toBe(200);
      expect(upload.body.profilePic).toMatch(/^\/uploads\/[\w-]+\.png$/);
      expect(upload.body.imageUrl).toBe(upload.body.profilePic);
      const served = await fetch(`${test.base}${upload.body.profilePic}`);
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
      expect((await user.op('me')).body).toMatchObject({
        user: { imageurl: upload.body.profilePic },
      });

      const fake = new FormData();
      fake.append('image', new Blob(['<script>alert(1)</script>'], { type: 'image/png' }), 'evil.png');
      expect(await user.op('uploadProfilePic', { body: fake })).toMatchObject({
        status: 400,
        body: { message: 'Please select a valid image file.' },
      });
    });

    it('changes the password only with the current one, ending the other sessions', async () => {
      await anonymous.op('registerUser', { body: person('pw') });
      const here = test.caller();
      await here.login('person.pw@example.org', 'correct horse');
      const elsewhere = test.caller();
      await elsewhere.login('person.pw@example.org', 'correct horse');

      const wrong = await here.op('updatePassword', {
        body: {
          currentPassword: 'not the one',
          newPassword: 'battery staple',
          confirmPassword: 'battery staple',
        },
      });
      expect(wrong).toMatchObject({ status: 400, body: { message: 'Current password is incorrect' } });
      const mismatch = await here.op('updatePassword', {
        body: {
          currentPassword: 'correct horse',
          newPassword: 'battery staple',
          confirmPassword: 'battery stapler',
        },
      });
      expect(errorOf(mismatch).errors).toEqual([
        { field: 'confirmPassword', message: "Passwords don't match" },
      ]);

      const done = await here.op('updatePassword', {
        body: {
          currentPassword: 'correct horse',
          newPassword: 'battery staple',
          confirmPassword: 'battery staple',
        },
      });
      expect(done).toMatchObject({ status: 200, body: { message: 'Password updated successfully' } });
      expect((await here.op('me')).status).toBe(200);
      expect((await elsewhere.op('me')).status).toBe(401);
      expect((await test.caller().login('person.pw@example.org', 'correct horse')).status).toBe(401);
      expect((await test.caller().login('person.pw@example.org', 'battery staple')).status).toBe(200);
    });
  });
});

describe('registration rate limit', () => {
  let test: TestPlatform;
  beforeAll(async () => {
    test = await startTestPlatform({ demoData: false, name: 'reglimit', env: { REGISTRATION_LIMIT: '3' } });
  });
  afterAll(async () => {
    await test.stop();
  });

  it('refuses registrations from one address beyond the limit with a clear 429', async () => {
    const caller = test.caller();
    for (const n of ['r1', 'r2', 'r3'])
      expect((await caller.op('registerUser', { body: person(n) })).status).toBe(201);
    expect(await caller.op('registerProvider', { body: provider('r4') })).toMatchObject({
      status: 429,
      body: { message: 'Too many registrations from this address. Please try again later.' },
    });
  });
});
