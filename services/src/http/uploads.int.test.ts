import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MESSAGES } from '@appointment/contracts/messages';
import type { Provider } from '@appointment/contracts/catalogue';
import type { TimeSlot } from '@appointment/contracts/schedule';
import {
  startTestPlatform,
  sunriseTimeSlots,
  type Caller,
  type TestPlatform,
  errorOf,
} from '../testing/test-platform';
import { movePrivatePictures } from './private-uploads';
import { book } from '../appointments/book/book';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** An uploaded picture is kept only with the command that names it, and at most so many a day. */
describe('uploads', () => {
  let test: TestPlatform;
  let user: Caller;
  let sunrise: Provider;
  let timeSlots: TimeSlot[];

  beforeAll(async () => {
    test = await startTestPlatform({ demoData: true, name: 'uploads', env: { UPLOAD_LIMIT: '8' } });
    user = await test.signedIn('user@example.com');
    ({ sunrise, timeSlots } = await sunriseTimeSlots(user, 'General Consultation'));
  });
  afterAll(async () => {
    await test.stop();
  });

  /** Every file under DATA_DIR/uploads, however deep. */
  const storedFiles = async (): Promise<string[]> => {
    try {
      const entries = await readdir(path.join(test.dataDir, 'uploads'), {
        recursive: true,
        withFileTypes: true,
      });
      return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
    } catch {
      return [];
    }
  };

  /** The status of a GET of `target` exactly as written (fetch would normalise it). */
  const rawStatus = (target: string, headers: Record<string, string> = {}) =>
    new Promise<number>((resolve, reject) => {
      const { hostname, port } = new URL(test.base);
      http
        .get({ hostname, port, path: target, headers }, (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        })
        .on('error', reject);
    });

  const withPicture = (fields: Record<string, string>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('image', new Blob([PNG], { type: 'image/png' }), 'note.png');
    return form;
  };

  const bookingFields = (slot: TimeSlot, index: number, overrides: Record<string, string> = {}) => ({
    servicename: 'General Consultation',
    providerId: sunrise.id,
    timeslotId: slot._id,
    date: slot.date,
    index: String(index),
    ...overrides,
  });

  it('keeps no picture of a refused booking, and keeps the picture of an accepted one', async () => {
    const slot = timeSlots[0]!;
    const taken = await user.op('book', { body: bookingFields(slot, 1) });
    expect(taken.status).toBe(201);

    const refused = [
      bookingFields(slot, 1),
      bookingFields(slot, 1),
      bookingFields(slot, 2, { timeslotId: 'no-such-time-slot' }),
      bookingFields(slot, 2, { providerId: '00000000-0000-4000-8000-000000000000' }),
      bookingFields(slot, 2, { servicename: 'No Such Service' }),
    ];
    const statuses = [];
    for (const fields of refused)
      statuses.push((await user.op('book', { body: withPicture(fields) })).status);
    expect(statuses).toEqual([409, 409, 404, 404, 400]);
    expect(await storedFiles()).toEqual([]);

    const accepted = await user.op('book', { body: withPicture(bookingFields(slot, 2)) });
    expect(accepted.status).toBe(201);
    const imageUrl = accepted.body.appointment.imageUrl!;
    expect(await storedFiles()).toEqual([path.basename(imageUrl)]);
  });

  it("shows a booking's picture only to its booker and the provider's staff, privately cached", async () => {
    const booked = await user.op('book', { body: withPicture(bookingFields(timeSlots[2]!, 1)) });
    expect(booked.status).toBe(201);
    const imageUrl = booked.body.appointment.imageUrl!;
    const read = (caller?: Caller) =>
      fetch(`${test.base}${imageUrl}`, {
        headers: caller?.token ? { authorization: `Bearer ${caller.token}` } : {},
      });

    const own = await read(user);
    expect(own.status).toBe(200);
    expect(Buffer.from(await own.arrayBuffer()).equals(PNG)).toBe(true);
    expect(own.headers.get('content-type')).toBe('image/png');
    expect(own.headers.get('cache-control')).toMatch(/^private\b/);
    expect(own.headers.get('x-content-type-options')).toBe('nosniff');
    // The session cookie the browser sends with <img src> is enough.
    const byCookie = await fetch(`${test.base}${imageUrl}`, { headers: { cookie: `sid=${user.token}` } });
    expect(byCookie.status).toBe(200);
    for (const staff of ['admin@example.com', 'incharge@example.com'])
      expect([staff, (await read(await test.signedIn(staff))).status]).toEqual([staff, 200]);

    // Anyone else: as if there were no such picture.
    const stranger = test.caller();
    const registration = {
      name: 'Nosy Parker',
      email: 'nosy.parker@example.org',
      phone: '5550199999',
      password: 'correct horse',
      confirmPassword: 'correct horse',
    };
    expect((await stranger.op('registerUser', { body: registration })).status).toBe(201);
    expect((await stranger.login(registration.email, registration.password)).status).toBe(200);
    for (const [who, caller] of [
      ['signed out', undefined],
      ['another user', stranger],
      ['platform staff', await test.signedIn('superadmin@example.com')],
    ] as const) {
      const answer = await read(caller);
      expect([who, answer.status]).toEqual([who, 404]);
      expect(await answer.json()).toEqual({ message: 'Not Found' });
    }

    // However the path spells it, the public files do not reach the private ones.
    const name = path.basename(imageUrl);
    for (const spelling of [
      `/uploads/private%2F${name}`,
      `/uploads/private%2f${name}`,
      `/uploads/./private/${name}`,
      `/uploads//private/${name}`,
      `/uploads/x/../private/${name}`,
      `/uploads/PRIVATE/${name}`,
      `/uploads/%2e/private/${name}`,
    ])
      expect([spelling, await rawStatus(spelling)]).toEqual([spelling, 404]);
    expect(await rawStatus(imageUrl, { authorization: `Bearer ${user.token}` })).toBe(200);

    // A profile picture stays public, cached for a week.
    const profile = await user.op('uploadProfilePic', { body: withPicture({}) });
    const publicPicture = await fetch(`${test.base}${profile.body.profilePic}`);
    expect(publicPicture.status).toBe(200);
    expect(publicPicture.headers.get('cache-control')).toBe('public, max-age=604800');
  });

  it('makes the pictures of bookings from before private too', async () => {
    const profile = await user.op('getProfile');
    const legacyUrl = `/uploads/${randomUUID()}.png`;
    await book(
      test.platform.appointments,
      { userId: profile.body.data.id, role: 'user' },
      {
        providerId: sunrise.id,
        serviceName: 'General Consultation',
        timeSlotId: timeSlots[3]!._id,
        date: timeSlots[3]!.date,
        intervalNumber: 1,
      },
      legacyUrl,
    );
    const uploads = path.join(test.dataDir, 'uploads');
    await mkdir(uploads, { recursive: true });
    await writeFile(path.join(uploads, path.basename(legacyUrl)), PNG);
    // The read model holds the booking once the booker's own list shows it.
    const listed = await user.op('list');
    expect(listed.body.appointments.some((a) => a.imageUrl === legacyUrl)).toBe(true);

    expect(await movePrivatePictures(uploads, test.platform.pool)).toBe(1);
    expect((await fetch(`${test.base}${legacyUrl}`)).status).toBe(404);
    const own = await fetch(`${test.base}${legacyUrl}`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toMatch(/^private\b/);
    const admin = await test.signedIn('admin@example.com');
    expect(
      (await fetch(`${test.base}${legacyUrl}`, { headers: { authorization: `Bearer ${admin.token}` } }))
        .status,
    ).toBe(200);
    // Run again (every start runs it): nothing left to move.
    expect(await movePrivatePictures(uploads, test.platform.pool)).toBe(0);
  });

  it('caps the pictures one person uploads a day, whatever they are for', async () => {
    const incharge = await test.signedIn('incharge@example.com');
    const upload = (caller: Caller) => caller.op('uploadProfilePic', { body: withPicture({}) });
    for (let i = 0; i < 8; i++) expect((await upload(incharge)).status).toBe(200);
    const capped = await upload(incharge);
    expect(capped.status).toBe(429);
    expect(errorOf(capped).message).toBe(MESSAGES.tooManyUploads);
    // Someone else still uploads.
    expect((await test.signedIn('admin@example.com').then(upload)).status).toBe(200);
    // The user above sent eight (five refused): their next picture is one too many.
    const seventh = await user.op('book', { body: withPicture(bookingFields(timeSlots[1]!, 1)) });
    expect(seventh.status).toBe(429);
    // A booking without a picture is not an upload.
    const plain = await user.op('book', { body: bookingFields(timeSlots[1]!, 1) });
    expect(plain.status).toBe(201);
  });
});
