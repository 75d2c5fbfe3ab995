import { existsSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { FORGOTTEN_USER } from '@appointment/contracts/events/privacy';
import { rebuildProjections } from '@appointment/projections/rebuild';
import { PROJECTIONS } from '@appointment/projections/registry';
import { PostgresEventStore } from '../eventstore/postgres-event-store';
import {
  bookAtSunrise,
  startTestPlatform,
  sunriseTimeSlots,
  type Caller,
  type TestPlatform,
  sunriseIdOf,
} from '../testing/test-platform';
import { findText } from './find-text';
import { deleteUser } from '../accounts/delete-user/delete-user';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

/**
 * Deleting an account and rejecting a provider forget the person. Searched on the real database:
 * the raw log and every read model, before and after a rebuild of every read model.
 */
describe('forgetting a person', () => {
  let test: TestPlatform;
  let superadmin: Caller;
  let sunrise: string;

  const rebuildAll = () => rebuildProjections(test.platform.pool, test.platform.store, PROJECTIONS);
  const historyOf = async (providerId: string) =>
    (await superadmin.op('providerHistory', { params: { id: providerId }, query: { limit: 200 } })).body
      .entries;

  beforeAll(async () => {
    test = await startTestPlatform({ demoData: true, name: 'forget', env: { REGISTRATION_LIMIT: '1000' } });
    superadmin = await test.signedIn('superadmin@example.com');
    sunrise = await sunriseIdOf(test);
  });
  afterAll(async () => {
    await test.stop();
  });

  it('keeps the demo data free of clear personal data in the log', async () => {
    const found = await findText(test.platform.pool, ['user@example.com', 'Asha User']);
    expect(found.filter((place) => place.table === 'es.events')).toEqual([]);
    // …while the read models show them as before.
    expect(found.map((place) => place.table)).toContain('rm_accounts.users');
  });

  it('leaves no trace of a deleted user but the facts of their booking', async () => {
    const person = {
      name: 'Zelda Forgetmenot',
      email: 'zelda.forgetmenot@example.org',
      phone: '5550142857',
      password: 'correct horse',
      confirmPassword: 'correct horse',
    };
    const personal = [person.name, person.email, person.phone];
    const user = await test.registeredUser(person);
    const { appointment } = await bookAtSunrise(user, 'General Consultation');
    const admin = await test.signedIn('admin@example.com');
    expect(
      (await admin.op('updateStatus', { body: { id: appointment._id, status: 'scheduled' } })).status,
    ).toBe(200);
    // Sealed from the first write: the log never held them in clear.
    expect((await findText(test.platform.pool, personal)).filter((p) => p.table === 'es.events')).toEqual([]);
    expect(await findText(test.platform.pool, personal)).not.toEqual([]);
    const me = await user.op('getProfile');

    expect((await user.op('deleteAccount', { body: { id: me.body.data.id } })).status).toBe(200);

    expect(await findText(test.platform.pool, personal)).toEqual([]);
    await rebuildAll();
    expect(await findText(test.platform.pool, personal)).toEqual([]);

    const { rows } = await test.platform.pool.query(
      `SELECT username, email, status, starts_at FROM rm_appointments.appointments WHERE id = $1`,
      [appointment._id],
    );
    expect(rows[0]).toMatchObject({ username: FORGOTTEN_USER, email: FORGOTTEN_USER, status: 'scheduled' });
    expect(new Date(rows[0].starts_at).toISOString()).toBe(new Date(appointment.startDateTime).toISOString());

    const entries = await historyOf(sunrise);
    const booked = entries.find(
      (entry) => entry.type === 'IntervalBooked' && entry.actor?.id === me.body.data.id,
    );
    expect(booked?.summary).toMatch(/^Forgotten user booked General Consultation for /);
    expect(booked?.actor?.email).toBe(FORGOTTEN_USER);
    const changed = entries.find(
      (entry) => entry.type === 'AppointmentStatusChanged' && entry.summary.startsWith('Forgotten user'),
    );
    expect(changed?.changes).toEqual([{ field: 'status', before: 'pending', after: 'scheduled' }]);
    // The address is free again.
    expect((await test.caller().op('registerUser', { body: person })).status).toBe(201);
  });

  it('deletes the pictures a forgotten user uploaded: their profile pictures and booking notes', async () => {
    const person = {
      name: 'Pia Picturesque',
      email: 'pia.picturesque@example.org',
      phone: '5550134343',
      password: 'correct horse',
      confirmPassword: 'correct horse',
    };
    const user = await test.registeredUser(person);
    const picture = () => {
      const form = new FormData();
      form.append('image', new Blob([PNG], { type: 'image/png' }), 'me.png');
      return form;
    };
    const upload = async () => (await user.op('uploadProfilePic', { body: picture() })).body.profilePic;
    // An earlier picture, replaced, is theirs too.
    const pictures = [await upload(), await upload()];
    const { sunrise: provider, timeSlots } = await sunriseTimeSlots(user, 'General Consultation');
    const booking = picture();
    for (const [name, value] of Object.entries({
      servicename: 'General Consultation',
      providerId: provider.id,
      timeslotId: timeSlots.at(-1)!._id,
      date: timeSlots.at(-1)!.date,
      index: '1',
    }))
      booking.append(name, value);
    const booked = await user.op('book', { body: booking });
    expect(booked).toMatchObject({ status: 201 });
    const { rows } = await test.platform.pool.query<{ image_url: string }>(
      `SELECT image_url FROM rm_appointments.appointments WHERE email = $1`,
      [person.email],
    );
    pictures.push(rows[0]!.image_url);
    // The booking's picture is private, read with the booker's session.
    expect(pictures.every((url) => /^\/uploads\/(private\/)?[\w-]+\.png$/.test(url))).toBe(true);
    const served = async (url: string) =>
      (await fetch(`${test.base}${url}`, { headers: { authorization: `Bearer ${user.token}` } })).status;
    const stored = (url: string) => existsSync(path.join(test.dataDir, url));
    expect(await Promise.all(pictures.map(served))).toEqual([200, 200, 200]);
    expect(pictures.map(stored)).toEqual([true, true, true]);
    // Someone else's picture stays.
    const other = await test.signedIn('incharge@example.com');
    const kept = (await other.op('uploadProfilePic', { body: picture() })).body.profilePic;

    const me = await user.op('getProfile');
    expect((await user.op('deleteAccount', { body: { id: me.body.data.id } })).status).toBe(200);

    expect(await Promise.all(pictures.map(served))).toEqual([404, 404, 404]);
    expect(pictures.map(stored)).toEqual([false, false, false]);
    expect(await served(kept)).toBe(200);
  });

  it("leaves no trace of a rejected provider's admin and registration", async () => {
    const registration = {
      businessName: 'Quietwater Forgetme Clinic',
      industry: 'Healthcare',
      email: 'quietwater.forgetme@example.org',
      phone: '5550171717',
      address: '9 Hidden Lane, Chicago, IL',
      password: 'correct horse',
      confirmPassword: 'correct horse',
    };
    const personal = [registration.businessName, registration.email, registration.phone, '9 Hidden Lane'];
    expect((await test.caller().op('registerProvider', { body: registration })).status).toBe(201);
    const { body } = await superadmin.op('pendingProviders');
    const pending = body.users.find((user) => user.email === registration.email)!;
    const { rows } = await test.platform.pool.query<{ provider_id: string }>(
      `SELECT data->>'providerId' AS provider_id FROM es.events
        WHERE event_type = 'ProviderRegistered' AND data->>'adminId' = $1`,
      [pending._id],
    );
    const providerId = rows[0]!.provider_id;

    expect((await superadmin.op('rejectProvider', { body: { id: pending._id } })).status).toBe(200);

    expect(await findText(test.platform.pool, personal)).toEqual([]);
    await rebuildAll();
    expect(await findText(test.platform.pool, personal)).toEqual([]);
    const summaries = (await historyOf(providerId)).map((entry) => entry.summary);
    expect(summaries).toEqual([
      'Forgotten user was rejected.',
      'Forgotten user registered as a Healthcare provider and awaits approval.',
      'Forgotten user joined as admin.',
    ]);
  });

  it('hides an old clear event of a forgotten person from every read model, rebuilt or not', async () => {
    // An account recorded in clear, as the demo data was before sealing began.
    const userId = randomUUID();
    const raw = await PostgresEventStore.connect({ connectionString: test.platform.databaseUrl });
    try {
      await raw.append(`user-${userId}`, [
        {
          type: 'UserRegistered',
          data: {
            userId,
            name: 'Olga Oldclear',
            email: 'olga.oldclear@example.org',
            phone: '5550199999',
            role: 'user',
            passwordHash: 'not-a-hash',
            timezone: 'UTC',
            language: 'en',
            notificationPreferences: { email: true, sms: false, whatsapp: false },
            emailVerified: true,
            at: new Date().toISOString(),
          },
        },
      ]);
    } finally {
      await raw.close();
    }
    const personal = ['Olga Oldclear', 'olga.oldclear@example.org', '5550199999'];
    await deleteUser(
      test.platform.accounts,
      { userId: 'ops', role: 'superadmin' },
      userId,
      'Account deleted',
    );

    const readModels = async () =>
      (await findText(test.platform.pool, personal)).filter((place) => place.table !== 'es.events');
    expect(await readModels()).toEqual([]);
    await rebuildAll();
    expect(await readModels()).toEqual([]);
    // The store hands every reader the placeholder; the raw row itself is immutable.
    const [registered] = await test.platform.store.readStream(`user-${userId}`);
    expect(registered!.data).toMatchObject({ name: FORGOTTEN_USER, email: FORGOTTEN_USER, phone: '' });
  });
});
