import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Appointment } from '@appointment/contracts/appointments';
import { MESSAGES } from '@appointment/contracts/messages';
import type { Provider } from '@appointment/contracts/catalogue';
import type { TimeSlot } from '@appointment/contracts/schedule';
import {
  startTestPlatform,
  sunriseTimeSlots,
  type Caller,
  type TestPlatform,
} from '../testing/test-platform';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Issue 26: an uploaded picture is kept only with the command that names it, and at most so many a day. */
describe('uploads', () => {
  let test: TestPlatform;
  let user: Caller;
  let sunrise: Provider;
  let timeSlots: TimeSlot[];

  beforeAll(async () => {
    test = await startTestPlatform({ demoData: true, name: 'uploads', env: { UPLOAD_LIMIT: '6' } });
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
    const taken = await user.post('/api/appointments/bookappointment', bookingFields(slot, 1));
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
      statuses.push(
        (await user.call('POST', '/api/appointments/bookappointment', withPicture(fields))).status,
      );
    expect(statuses).toEqual([409, 409, 404, 404, 400]);
    expect(await storedFiles()).toEqual([]);

    const accepted = await user.call<{ appointment: Appointment }>(
      'POST',
      '/api/appointments/bookappointment',
      withPicture(bookingFields(slot, 2)),
    );
    expect(accepted.status).toBe(201);
    const imageUrl = accepted.body.appointment.imageUrl!;
    expect(await storedFiles()).toEqual([path.basename(imageUrl)]);
  });

  it('caps the pictures one person uploads a day, whatever they are for', async () => {
    const incharge = await test.signedIn('incharge@example.com');
    const upload = (caller: Caller) =>
      caller.call<{ message: string; profilePic: string }>(
        'POST',
        '/api/profile/uploadprofilepic',
        withPicture({}),
      );
    for (let i = 0; i < 6; i++) expect((await upload(incharge)).status).toBe(200);
    const capped = await upload(incharge);
    expect(capped.status).toBe(429);
    expect(capped.body.message).toBe(MESSAGES.tooManyUploads);
    // Someone else still uploads.
    expect((await test.signedIn('admin@example.com').then(upload)).status).toBe(200);
    // The user above sent six (five refused): their next picture is one too many.
    const seventh = await user.call(
      'POST',
      '/api/appointments/bookappointment',
      withPicture(bookingFields(timeSlots[1]!, 1)),
    );
    expect(seventh.status).toBe(429);
    // A booking without a picture is not an upload.
    const plain = await user.call(
      'POST',
      '/api/appointments/bookappointment',
      bookingFields(timeSlots[1]!, 1),
    );
    expect(plain.status).toBe(201);
  });
});
