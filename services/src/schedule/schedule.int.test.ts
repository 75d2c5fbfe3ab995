// @any-hour: time slots from today in the provider's zone; a slot that has begun is refused.
import type { OperationBodyInput } from '@appointment/contracts/api';
import { MESSAGES } from '@appointment/contracts/messages';
import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { addDays, format } from 'date-fns';
import type { Provider } from '@appointment/contracts/catalogue';
import { dayKeyIn } from '@appointment/contracts/schedule';
import { catalogueProjection } from '@appointment/projections/catalogue.projection';
import { rebuildProjection } from '@appointment/projections/rebuild';
import { scheduleProjection } from '@appointment/projections/schedule.projection';
import { startTestPlatform, type Caller, type TestPlatform, errorOf } from '../testing/test-platform';
import { testClock } from '@appointment/infra/testing/clock';

/** Time slots, availability for booking and templates over real HTTP and PostgreSQL (docs/product.md §7.5). */

const KOLKATA = 'Asia/Kolkata';
const day = (offset: number, zone = KOLKATA) =>
  format(addDays(new Date(`${dayKeyIn(testClock(), zone)}T12:00:00`), offset), 'yyyy-MM-dd');

describe('schedule API', () => {
  let test: TestPlatform;
  let admin: Caller;
  let incharge: Caller;
  let user: Caller;
  let sunrise: Provider;

  const slots = (body: OperationBodyInput<'addTimeSlot'>, caller = admin, key?: string) =>
    caller.op('addTimeSlot', { body, headers: key ? { 'Idempotency-Key': key } : {} });
  const fetchSlot = (serviceId: string, providerId = sunrise.id) =>
    user.op('fetchSlot', { body: { providerId, serviceId } });

  beforeAll(async () => {
    test = await startTestPlatform({ demoData: true, name: 'schedule' });
    admin = await test.signedIn('admin@example.com');
    incharge = await test.signedIn('incharge@example.com');
    user = await test.signedIn('user@example.com');
    sunrise = (await user.op('fetchProviders', { body: { search: 'Sunrise' } })).body.providers[0]!;
    await admin.op('addService', { body: { name: 'Physiotherapy', duration: 45, price: 20 } });
  });
  afterAll(async () => {
    await test.stop();
  });

  it('adds one time slot per occurrence of a daily repeat, a year long, in the provider zone', async () => {
    const reply = await slots({
      date: day(1),
      // After the demo's daily 09:00–12:00 and the template's 13:00–17:00: time slots never overlap.
      startTime: '17:00',
      endTime: '21:00',
      addAsSlot: true,
      // 48-minute intervals: Physiotherapy takes 45 (docs/product.md §4 duration rule).
      availableSlots: 5,
      repeat: 'daily',
      repeatUntil: day(366),
      serviceIds: ['physiotherapy'],
    });
    expect(reply.status).toBe(201);
    expect(reply.body.message).toBe('Time slot added successfully');
    expect(reply.body.timeslots).toHaveLength(366);
    const first = reply.body.timeslots[0]!;
    expect(first).toMatchObject({
      date: day(1),
      startTime: '17:00',
      serviceIds: ['Physiotherapy'],
      timezone: KOLKATA,
    });
    // 17:00 in Kolkata (UTC+05:30) is 11:30 UTC.
    expect(first.startDateTime).toBe(`${day(1)}T11:30:00.000Z`);

    const answer = await fetchSlot('Physiotherapy');
    expect(answer.status).toBe(200);
    expect(answer.body.matchedService).toMatchObject({
      name: 'Physiotherapy',
      isPaymentNeeded: true,
      automaticBooking: false,
    });
    expect(answer.body.timeslots).toHaveLength(366);
    expect(answer.body.firstTimeslot).toMatchObject({
      date: day(1),
      index: 1,
      intervalStart: first.startDateTime,
    });
  });

  it('creates the time slots of one request once, however often it is sent with the same key', async () => {
    const form = {
      date: day(2),
      startTime: '21:00',
      endTime: '22:00',
      serviceIds: ['Physiotherapy'],
      repeat: 'weekly' as const,
      repeatUntil: day(16),
    };
    const once = await slots(form, incharge, 'key-weekly-1');
    const twice = await slots(form, incharge, 'key-weekly-1');
    expect(once.body.timeslots).toHaveLength(3);
    expect(twice.body.timeslots.map((slot) => slot._id)).toEqual(once.body.timeslots.map((slot) => slot._id));
    const all = await admin.op('fetchAllSlots');
    expect(all.body.timeslots.filter((slot) => slot.startTime === '21:00')).toHaveLength(3);
    const filtered = await admin.op('serviceByFilter', {
      body: {
        serviceId: 'General Consultation',
      },
    });
    expect(filtered.body.timeslots.every((slot) => slot.serviceIds.includes('General Consultation'))).toBe(
      true,
    );
    expect(filtered.body.timeslots.some((slot) => slot.startTime === '21:00')).toBe(false);
  });

  it('never lets two time slots of one provider overlap: of two added at once, exactly one is kept (issue 18)', async () => {
    const date = day(20);
    const [split, block] = await Promise.all([
      slots({
        date,
        startTime: '22:00',
        endTime: '23:30',
        addAsSlot: true,
        availableSlots: 3,
        serviceIds: ['General Consultation'],
      }),
      slots({
        date,
        startTime: '22:30',
        endTime: '23:00',
        addTotalSlot: true,
        totalSlots: 3,
        serviceIds: ['General Consultation'],
      }),
    ]);
    expect([split.status, block.status].sort()).toEqual([201, 409]);
    const refused = split.status === 409 ? split : block;
    expect(refused.body.message).toMatch(
      new RegExp(`^${MESSAGES.slotOverlaps} ${date} from 22:(00|30) to (23:30|23:00)$`),
    );
    const onThatDay = (await admin.op('fetchAllSlots')).body.timeslots.filter(
      (slot) => slot.date === date && slot.startTime >= '22:00',
    );
    expect(onThatDay).toHaveLength(1);

    // Inside the demo's own 09:00–12:00 time slot: refused, naming it.
    const inside = await slots({
      date: day(2),
      startTime: '10:00',
      endTime: '11:00',
      addAsSlot: true,
      availableSlots: 1,
      serviceIds: ['General Consultation'],
    });
    expect(inside.status).toBe(409);
    expect(inside.body.message).toBe(`${MESSAGES.slotOverlaps} ${day(2)} from 09:00 to 12:00`);
  });

  it('refuses a past date, an unknown service and broken form rules', async () => {
    const past = await slots({
      date: day(-1),
      startTime: '09:00',
      endTime: '10:00',
      serviceIds: ['Physiotherapy'],
    });
    expect(past).toMatchObject({ status: 400, body: { message: 'The date cannot be in the past' } });
    const unknown = await slots({
      date: day(3),
      startTime: '09:00',
      endTime: '10:00',
      serviceIds: ['Massage'],
    });
    expect(unknown.status).toBe(400);
    expect(errorOf(unknown).errors).toEqual([{ field: 'serviceIds', message: 'Unknown service: Massage' }]);
    const broken = await slots({
      date: day(3),
      startTime: '10:00',
      endTime: '09:00',
      serviceIds: [],
      repeat: 'daily',
    });
    expect(errorOf(broken).errors).toEqual([
      { field: 'endTime', message: 'End time must be after start time' },
      { field: 'serviceIds', message: 'At least one service must be selected' },
      { field: 'repeatUntil', message: 'Repeat until date is required' },
    ]);
    const tooShort = await slots({
      date: day(3),
      startTime: '09:00',
      endTime: '09:03',
      addAsSlot: true,
      availableSlots: 5,
      serviceIds: ['Physiotherapy'],
    });
    expect(tooShort.body.message).toBe('Each slot must last at least one minute');
  });

  it('refuses dates outside the accepted range, and a repeat past year 9999, before anything is stored (issue 26)', async () => {
    const base = { startTime: '09:00', endTime: '10:00', serviceIds: ['Physiotherapy'] };
    // The probe's request: 201 and 367 time slots into year 10000, which stopped the read model.
    const yearTenThousand = await slots({
      ...base,
      date: '9999-12-31',
      repeat: 'daily',
      repeatUntil: '9999-12-31',
    });
    expect(yearTenThousand.status).toBe(400);
    const farAhead = await slots({ ...base, date: day(800) });
    expect(farAhead).toMatchObject({
      status: 400,
      body: {
        message: MESSAGES.dateTooFarAhead,
        errors: [{ field: 'date', message: MESSAGES.dateTooFarAhead }],
      },
    });
    const repeatedPast = await slots({ ...base, date: day(700), repeat: 'weekly', repeatUntil: day(760) });
    expect(errorOf(repeatedPast).errors).toEqual([
      { field: 'repeatUntil', message: MESSAGES.dateTooFarAhead },
    ]);
    const week = await admin.op('applyTemplate', {
      body: {
        id: 'standard-work-week',
        weekStart: day(800),
      },
    });
    expect(week).toMatchObject({ status: 400, body: { message: MESSAGES.dateTooFarAhead } });
    // The schedule still moves: a time slot added now is listed at once.
    const added = await slots({ ...base, date: day(30), startTime: '06:00', endTime: '07:00' });
    expect(added.status).toBe(201);
    const listed = await admin.op('fetchAllSlots');
    expect(listed.body.timeslots.map((slot) => slot._id)).toContain(added.body.timeslots[0]!._id);
  });

  it('answers fetchslot from the read model the moment a time slot, a rename or a deletion lands', async () => {
    const before = await fetchSlot('Follow-up Visit');
    const count = before.body.timeslots.length;
    await slots({ date: day(5), startTime: '21:00', endTime: '22:00', serviceIds: ['Follow-up Visit'] });
    expect((await fetchSlot('Follow-up Visit')).body.timeslots).toHaveLength(count + 1);

    const services = (await admin.op('getServices')).body;
    const followUp = services.find((service) => service.name === 'Follow-up Visit')!;
    await admin.op('editService', {
      body: {
        id: followUp._id,
        data: { name: 'Review Visit', duration: 15, price: 5 },
      },
    });
    const renamed = await fetchSlot('Review Visit');
    expect(renamed.body.timeslots).toHaveLength(count + 1);
    expect(renamed.body.matchedService).toMatchObject({ isPaymentNeeded: true, automaticBooking: false });
    expect((await fetchSlot('Follow-up Visit')).status).toBe(404);

    await admin.op('deleteService', { body: { id: followUp._id } });
    expect((await fetchSlot('Review Visit')).status).toBe(404);
    const all = await admin.op('fetchAllSlots');
    expect(all.body.timeslots.some((slot) => slot.serviceIds.includes('Review Visit'))).toBe(false);
  });

  it('splits a time slot across a DST change by the real clock of the provider zone', async () => {
    // A Miami provider: its slots are in America/New_York, where 2027-03-14 02:00 does not exist.
    const superadmin = await test.signedIn('superadmin@example.com');
    const form = new FormData();
    form.append('name', 'Bayfront Clinic');
    form.append('email', 'bayfront@example.com');
    form.append('phone', '3055550123');
    form.append('industry', 'Healthcare');
    form.append('address', '1 Biscayne Blvd, Miami, FL');
    form.append('services', JSON.stringify([{ name: 'Night Clinic', duration: 30, price: 0 }]));
    const created = await superadmin.op('addProvider', { body: form });
    expect(created.body.provider.timezone).toBe('America/New_York');
    const registration = {
      businessName: 'Bayfront Admin',
      industry: 'Healthcare',
      email: 'bayfront-admin@example.com',
      phone: '3055550124',
      address: '1 Biscayne Blvd, Miami, FL',
      password: 'password123',
      confirmPassword: 'password123',
    };
    // The created provider has no admin account; register one of its own for this test.
    await test.caller().op('registerProvider', { body: registration });
    const pending = (await superadmin.op('pendingProviders')).body.users;
    await superadmin.op('approveProvider', {
      body: {
        id: pending.find((p) => p.email === registration.email)!._id,
      },
    });
    const miamiAdmin = await test.signedIn(registration.email);
    await miamiAdmin.op('addService', { body: { name: 'Night Clinic', price: 0 } });
    const reply = await slots(
      {
        date: '2027-03-14',
        startTime: '01:00',
        endTime: '04:00',
        addAsSlot: true,
        availableSlots: 4,
        serviceIds: ['Night Clinic'],
      },
      miamiAdmin,
    );
    expect(reply.status).toBe(201);
    const [timeSlot] = reply.body.timeslots;
    // 01:00 EST is 06:00 UTC; 04:00 EDT is 08:00 UTC: two real hours, four 30-minute parts.
    expect([timeSlot!.startDateTime, timeSlot!.endDateTime]).toEqual([
      '2027-03-14T06:00:00.000Z',
      '2027-03-14T08:00:00.000Z',
    ]);
  });

  it('keeps templates per provider: the default, copies, edits, deletion and a week applied', async () => {
    const list = async () => (await admin.op('templates')).body.templates;
    expect((await list()).map((t) => [t.name, t.isDefault])).toEqual([['Standard Work Week', true]]);
    const copy = await admin.op('duplicateTemplate', { body: { id: 'standard-work-week' } });
    expect(copy.body.template).toMatchObject({ name: 'Standard Work Week (Copy)', isDefault: false });
    const unnamed = await admin.op('saveTemplate', { body: { ...copy.body.template, name: '' } });
    expect(errorOf(unnamed).errors).toEqual([{ field: 'name', message: 'Template name is required' }]);
    expect((await list()).map((t) => t.name)).toEqual(['Standard Work Week', 'Standard Work Week (Copy)']);
    await admin.op('deleteTemplate', { body: { id: copy.body.template.id } });
    expect(await list()).toHaveLength(1);

    // A Monday three weeks on in the provider's zone: after the demo's two weeks of 09:00–12:00.
    const today = new Date(`${dayKeyIn(testClock(), KOLKATA)}T12:00:00`);
    const monday = format(addDays(today, ((8 - today.getDay()) % 7) + 14), 'yyyy-MM-dd');
    const applied = await admin.op('applyTemplate', {
      body: {
        id: 'standard-work-week',
        weekStart: monday,
        serviceIds: ['General Consultation'],
      },
    });
    expect(applied.status).toBe(201);
    expect(applied.body.timeslots).toHaveLength(10);
    expect(
      applied.body.timeslots.slice(0, 2).map((s) => [s.date, s.startTime, s.endTime, s.availableSlots]),
    ).toEqual([
      [monday, '09:00', '12:00', 6],
      [monday, '13:00', '17:00', 8],
    ]);
    const superadmin = await test.signedIn('superadmin@example.com');
    expect((await superadmin.op('templates')).body).toEqual({
      message: 'This action belongs to a provider account',
    });
  });

  it('rebuilds rm_catalogue and rm_schedule from the log into exactly what the live ones hold', async () => {
    const { pool, store } = test.platform;
    const tables = {
      rm_catalogue: ['providers', 'services', 'favourites'],
      rm_schedule: ['time_slots', 'services', 'templates', 'versions'],
    };
    const dump = async () => {
      const out: Record<string, unknown[]> = {};
      for (const [schema, names] of Object.entries(tables)) {
        for (const name of names) {
          // Row order and timestamps of writes do not matter; the rows' content does.
          const { rows } = await pool.query(`SELECT to_jsonb(t) AS row FROM ${schema}.${name} t`);
          out[`${schema}.${name}`] = rows.map((r: { row: unknown }) => JSON.stringify(r.row)).sort();
        }
      }
      return out;
    };
    const before = await dump();
    const answered = (await fetchSlot('Physiotherapy')).body.timeslots.length;
    expect(before['rm_schedule.time_slots']!.length).toBeGreaterThan(366);
    await rebuildProjection(pool, store, catalogueProjection);
    await rebuildProjection(pool, store, scheduleProjection);
    expect(await dump()).toEqual(before);
    // Still answering from the swapped-in read model.
    expect((await fetchSlot('Physiotherapy')).body.timeslots).toHaveLength(answered);
  });

  it('sends fetchslot gzipped to a caller that accepts it, and plain JSON otherwise', async () => {
    const ask = (encoding: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        const request = http.request(
          `${test.base}/api/schedulemanage/fetchslot`,
          {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${user.token}`,
              'accept-encoding': encoding,
            },
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
          },
        );
        request.on('error', reject);
        request.end(JSON.stringify({ providerId: sunrise.id, serviceId: 'Physiotherapy' }));
      });
    const plain = await ask('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const zipped = await ask('gzip, deflate, br');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('Accept-Encoding');
    expect(zipped.body.length * 5).toBeLessThan(plain.body.length);
    expect(JSON.parse(gunzipSync(zipped.body).toString())).toEqual(JSON.parse(plain.body.toString()));
  });

  it('answers fetchslot before Express with the same security headers, and leaves every refusal to the app', async () => {
    const body = JSON.stringify({ providerId: sunrise.id, serviceId: 'Physiotherapy' });
    const post = (headers: Record<string, string>, payload = body) =>
      fetch(`${test.base}/api/schedulemanage/fetchslot`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: payload,
      });
    const fast = await post({ authorization: `Bearer ${user.token}` });
    expect(fast.status).toBe(200);
    const throughApp = await fetch(`${test.base}/api/health`);
    for (const name of [
      'content-security-policy',
      'x-content-type-options',
      'strict-transport-security',
      'x-frame-options',
    ]) {
      expect(fast.headers.get(name)).toBe(throughApp.headers.get(name));
      expect(fast.headers.get(name)).not.toBeNull();
    }
    // The session cookie works as well as the bearer token.
    expect((await post({ cookie: `theme=dark; sid=${user.token}` })).status).toBe(200);

    const anonymous = await post({});
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ message: 'Please sign in to continue' });
    const notJson = await post({ authorization: `Bearer ${user.token}` }, '{"providerId":');
    expect(notJson.status).toBe(400);
    const incomplete = await post(
      { authorization: `Bearer ${user.token}` },
      JSON.stringify({ providerId: sunrise.id }),
    );
    expect(incomplete.status).toBe(400);
    expect(((await incomplete.json()) as { errors: { field: string }[] }).errors[0]!.field).toBe('serviceId');
    const unknown = await post(
      { authorization: `Bearer ${user.token}` },
      JSON.stringify({ providerId: sunrise.id, serviceId: 'Nope' }),
    );
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'Service not found' });
  });
});
