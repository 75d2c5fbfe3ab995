// @any-hour: counts and lists today's and upcoming appointments, days counted from today in the provider's zone.
import { MESSAGES } from '@appointment/contracts/messages';
import type { Appointment } from '@appointment/contracts/appointments';
import type { Provider } from '@appointment/contracts/catalogue';
import type { TimeSlot } from '@appointment/contracts/schedule';
import { replayInto } from '@appointment/projections/rebuild';
import { PROJECTIONS } from '@appointment/projections/registry';
import { startTestPlatform, type Caller, type TestPlatform, errorOf } from '../testing/test-platform';
import { dayKeyFromToday, testNow } from '@appointment/infra/testing/clock';

/** Booking and appointment status over real HTTP and PostgreSQL (docs/product.md §4, §7.3, docs/architecture.md §5). */

describe('appointments API', () => {
  let test: TestPlatform;
  let admin: Caller;
  let user: Caller;
  let sunrise: Provider;
  let timeSlots: TimeSlot[];

  const book = (
    caller: Caller,
    slot: TimeSlot,
    index: number | null,
    service = 'General Consultation',
    key?: string,
  ) =>
    caller.op('book', {
      body: {
        servicename: service,
        providerId: sunrise.id,
        timeslotId: slot._id,
        date: slot.date,
        starttime: slot.startTime,
        endtime: slot.endTime,
        ...(index === null ? {} : { index: String(index) }),
        note: 'First visit',
      },
      headers: key ? { 'Idempotency-Key': key } : {},
    });

  beforeAll(async () => {
    test = await startTestPlatform({ demoData: true, name: 'appointments' });
    admin = await test.signedIn('admin@example.com');
    user = await test.signedIn('user@example.com');
    sunrise = (await user.op('fetchProviders', { body: { search: 'Sunrise' } })).body.providers[0]!;
    const answer = await user.op('fetchSlot', {
      body: {
        providerId: sunrise.id,
        serviceId: 'General Consultation',
      },
    });
    // Time slots that start tomorrow or later: every interval of theirs is in the future.
    timeSlots = answer.body.timeslots.filter(
      (slot) => Date.parse(slot.startDateTime) > testNow() + 3_600_000,
    );
  });
  afterAll(async () => {
    await test.stop();
  });

  it('books an interval of a paid service as pending, with the price from the service', async () => {
    const reply = await book(user, timeSlots[0]!, 2);
    expect(reply.status).toBe(201);
    expect(reply.body.appointment).toMatchObject({
      serviceName: 'General Consultation',
      providerName: 'Sunrise Clinic',
      email: 'user@example.com',
      status: 'pending',
      paymentNeeded: true,
      amount: 50,
      index: 2,
      date: timeSlots[0]!.date,
      startTime: '09:30',
      endTime: '10:00',
      note: 'First visit',
    });
    const after = await user.op('fetchSlot', {
      body: {
        providerId: sunrise.id,
        serviceId: 'General Consultation',
      },
    });
    expect(after.body.timeslots.find((slot) => slot._id === timeSlots[0]!._id)!.indexes).toEqual([2]);
  });

  it('lets exactly one of 50 racing requests take an interval', async () => {
    const racers = await Promise.all(Array.from({ length: 50 }, () => book(user, timeSlots[1]!, 3)));
    const statuses = racers.map((reply) => reply.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    expect(racers.find((reply) => reply.status === 409)!.body).toEqual({
      message: 'This slot was just booked',
    });
    // The refusals answered at once; the person's next read of the slots waits for what won.
    const slots = await user.op('fetchSlot', {
      body: { providerId: sunrise.id, serviceId: 'General Consultation' },
    });
    expect(slots.body.timeslots.find((slot) => slot._id === timeSlots[1]!._id)!.indexes).toContain(3);
    const { rows } = await test.platform.pool.query(
      `SELECT count(*)::int AS n FROM rm_appointments.appointments WHERE timeslot_id = $1 AND interval_number = 3 AND status <> 'cancelled'`,
      [timeSlots[1]!._id],
    );
    expect(rows[0].n).toBe(1);
  });

  it('shows whoever lost a race the interval taken in the slots they read next', async () => {
    const rival = await test.registeredUser({
      name: 'Rival User',
      email: 'rival@example.com',
      phone: '5551234568',
    });
    const slot = timeSlots[8]!;
    const replies = await Promise.all([book(user, slot, 2), book(rival, slot, 2)]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([201, 409]);
    const loser = replies[0]!.status === 409 ? user : rival;
    const after = await loser.op('fetchSlot', {
      body: { providerId: sunrise.id, serviceId: 'General Consultation' },
    });
    expect(after.body.timeslots.find((candidate) => candidate._id === slot._id)!.indexes).toContain(2);
  });

  it('never lets a block take more people than its capacity', async () => {
    const tomorrowPlus = timeSlots[2]!.date;
    const added = await admin.op('addTimeSlot', {
      body: {
        date: tomorrowPlus,
        startTime: '15:00',
        endTime: '16:00',
        addTotalSlot: true,
        totalSlots: 3,
        serviceIds: ['General Consultation'],
      },
    });
    const block = added.body.timeslots[0]!;
    const racers = await Promise.all(Array.from({ length: 50 }, () => book(user, block, null)));
    expect(racers.filter((reply) => reply.status === 201)).toHaveLength(3);
    expect(racers.filter((reply) => reply.status === 409)).toHaveLength(47);
    const after = await admin.op('fetchAllSlots');
    expect(after.body.timeslots.find((slot) => slot._id === block._id)!.availableSlots).toBe(0);
  });

  it('books once however often the same request is repeated with its idempotency key', async () => {
    const replies = await Promise.all(
      Array.from({ length: 5 }, () => book(user, timeSlots[3]!, 4, 'General Consultation', 'booking-key-1')),
    );
    const ids = new Set(replies.map((reply) => reply.body.appointment._id));
    expect(replies.every((reply) => reply.status === 201)).toBe(true);
    expect(ids.size).toBe(1);
  });

  it('schedules a free service with automatic booking at once', async () => {
    const reply = await book(user, timeSlots[4]!, 1, 'Follow-up Visit');
    expect(reply.body.appointment).toMatchObject({ status: 'scheduled', paymentNeeded: false, amount: 0 });
  });

  it('answers a booking with the appointment exactly as the booker reads it right after', async () => {
    const reply = await book(user, timeSlots[4]!, 2, 'Follow-up Visit');
    expect(reply.status).toBe(201);
    // No pause: the list waits, if it must, for the read model to hold this person's booking.
    const listed = await user.op('list', {
      body: {
        filters: { status: 'all' },
      },
    });
    expect(listed.body.appointments.find((a) => a._id === reply.body.appointment._id)).toEqual(
      reply.body.appointment,
    );
  });

  it('refuses an interval that does not exist or a service the time slot does not offer', async () => {
    expect((await book(user, timeSlots[5]!, 99)).body).toMatchObject({
      message: "Choose one of the slot's intervals",
    });
    expect((await book(user, timeSlots[5]!, null)).status).toBe(400);
    expect((await book(user, { ...timeSlots[5]!, _id: 'nope' }, 1)).status).toBe(404);
    expect((await book(admin, timeSlots[5]!, 1)).status).toBe(403);
  });

  it('refuses a date or time it cannot read with 400 and the field, as JSON and as a form (issue 16)', async () => {
    const base = { servicename: 'General Consultation', providerId: sunrise.id, index: '1' };
    for (const bad of [
      { date: 'bad-date' },
      { date: '2026-02-30' },
      { date: timeSlots[0]!.date, starttime: '25:99' },
      { date: `${timeSlots[0]!.date}Tnonsense` },
    ]) {
      const json = await user.op('book', { body: { ...base, ...bad } });
      expect(json.status).toBe(400);
      expect(errorOf(json).errors).toContainEqual({
        field: 'date' in bad && !('starttime' in bad) ? 'date' : 'starttime',
        message: MESSAGES.invalidDateFormat,
      });
      const form = new FormData();
      for (const [key, value] of Object.entries({ ...base, ...bad })) form.append(key, value);
      const multipart = await user.op('book', { body: form });
      expect(multipart.status).toBe(400);
    }
  });

  it('answers a JSON booking (taken before Express) as it answers a form, headers and refusals alike', async () => {
    const fields = {
      servicename: 'Follow-up Visit',
      providerId: sunrise.id,
      timeslotId: timeSlots[7]!._id,
      date: timeSlots[7]!.date,
      note: 'Same answer',
    };
    const form = new FormData();
    for (const [name, value] of Object.entries({ ...fields, index: '1' })) form.append(name, value);
    const asForm = await user.op('book', { body: form });
    const asJson = await user.op('book', { body: { ...fields, index: '2' } });
    expect(asForm.status).toBe(201);
    expect(asJson.status).toBe(201);
    const [fromForm, fromJson] = [asForm.body.appointment, asJson.body.appointment];
    expect(Object.keys(fromJson).sort()).toEqual(Object.keys(fromForm).sort());
    const same = [
      'serviceName',
      'providerName',
      'email',
      'status',
      'paymentNeeded',
      'amount',
      'note',
      'date',
    ];
    for (const field of same)
      expect([field, fromJson[field as keyof Appointment]]).toEqual([
        field,
        fromForm[field as keyof Appointment],
      ]);
    expect([fromForm.index, fromJson.index]).toEqual([1, 2]);
    expect(fromJson._id).not.toBe(fromForm._id);
    expect(asJson.body.message).toBe(asForm.body.message);
    for (const header of ['content-security-policy', 'x-content-type-options', 'content-type']) {
      expect(asJson.headers.get(header)).toBe(asForm.headers.get(header));
    }

    // Refusals: the same messages whichever way the booking came.
    const again = await user.op('book', { body: { ...fields, index: '1' } });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'This slot was just booked' });
    expect(again.headers.get('content-security-policy')).toBe(asForm.headers.get('content-security-policy'));
    expect((await test.caller().op('book', { body: fields })).status).toBe(401);
    const noService = await user.op('book', {
      body: {
        ...fields,
        servicename: 'Nothing Like It',
        index: '3',
      },
    });
    expect(noService.status).toBe(400);
    // A body that is not JSON at all goes on to Express, which says so.
    const broken = await fetch(`${test.base}/api/appointments/bookappointment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token!}` },
      body: '{"servicename":',
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ message: 'The request body is not valid JSON' });
  });

  it('lets the admin move any status to any other; cancelling frees the interval', async () => {
    const first = (await book(user, timeSlots[6]!, 1)).body.appointment;
    const changed = await admin.op('updateStatus', {
      body: {
        id: first._id,
        status: 'cancelled',
      },
    });
    expect(changed.body.message).toBe('Appointment marked as cancelled');
    const second = await book(user, timeSlots[6]!, 1);
    expect(second.status).toBe(201);
    const back = await admin.op('updateStatus', { body: { id: first._id, status: 'scheduled' } });
    expect(back).toMatchObject({ status: 409, body: { message: 'This slot was just booked' } });
    const done = await admin.op('updateStatus', {
      body: {
        id: second.body.appointment._id,
        status: 'completed',
      },
    });
    expect(done.body.message).toBe('Appointment marked as completed');
    const incharge = await test.signedIn('incharge@example.com');
    expect((await incharge.op('updateStatus', { body: { id: first._id, status: 'pending' } })).status).toBe(
      403,
    );
  });

  it('lists and counts each person their own appointments', async () => {
    const counts = (await user.op('stats')).body;
    const mine = (await user.op('list')).body.appointments;
    expect(counts.totalAppointments).toBe(mine.length);
    expect(counts.cancelledAppointments).toBe(1);
    expect(counts.completedAppointments).toBe(1);
    const pending = await user.op('list', {
      body: {
        filters: { status: 'pending' },
      },
    });
    expect(pending.body.appointments.every((a) => a.status === 'pending')).toBe(true);
    expect(pending.body.appointments).toHaveLength(counts.pendingAppointments);

    const other = test.caller();
    await other.op('registerUser', {
      body: {
        name: 'Other User',
        email: 'other@example.com',
        phone: '5551234567',
        password: 'password123',
        confirmPassword: 'password123',
      },
    });
    await other.login('other@example.com');
    expect((await other.op('stats')).body.totalAppointments).toBe(0);
    const providerCounts = (await admin.op('stats')).body;
    expect(providerCounts.totalAppointments).toBe(counts.totalAppointments);
  });

  it('gives each role its dashboard details', async () => {
    const mine = await user.op('dashboardDetails');
    expect(mine.body.appointmentsWithProviderDetails.length).toBeGreaterThan(0);
    expect(mine.body.appointmentsWithProviderDetails[0]!.providerDetails!.name).toBe('Sunrise Clinic');
    const theirs = await admin.op('dashboardDetails');
    expect(theirs.body.appointmentsWithServiceDetails[0]).toMatchObject({
      serviceDetails: { price: 50 },
      userDetails: { username: 'Asha User', email: 'user@example.com' },
    });
  });

  it('books at the price a service has now, right after the admin changed it', async () => {
    const added = await admin.op('addService', {
      body: {
        name: 'Price Check',
        price: 20,
        duration: 15,
      },
    });
    const day = dayKeyFromToday('Asia/Kolkata', 3);
    const slot = await admin.op('addTimeSlot', {
      body: {
        date: day,
        // After the demo's daily 09:00–12:00: a provider's time slots never overlap.
        startTime: '13:00',
        endTime: '14:00',
        addAsSlot: true,
        availableSlots: 2,
        serviceIds: ['Price Check'],
      },
    });
    const timeSlot = slot.body.timeslots[0]!;
    expect((await book(user, timeSlot, 1, 'Price Check')).body.appointment.amount).toBe(20);
    await admin.op('editService', {
      body: {
        id: added.body.service._id,
        data: { name: 'Price Check', price: 35, duration: 15 },
      },
    });
    expect((await book(user, timeSlot, 2, 'Price Check')).body.appointment.amount).toBe(35);
  });

  it('builds every read model in batches exactly as event by event', async () => {
    const { pool, store } = test.platform;
    const snapshot = async (schema: string) => {
      const { rows: tables } = await pool.query<{ table_name: string }>(
        'SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name',
        [schema],
      );
      const result: Record<string, string[]> = {};
      for (const { table_name: table } of tables) {
        const { rows } = await pool.query(`SELECT * FROM ${schema}."${table}"`);
        result[table] = rows.map((row) => JSON.stringify(row)).sort();
      }
      return result;
    };
    for (const projection of PROJECTIONS.filter((p) => p.applyBatch)) {
      // Small pages, so runs are cut at many places.
      await replayInto(pool, store, projection, `cmp_batch_${projection.name}`, { batchSize: 7 });
      await replayInto(pool, store, { ...projection, applyBatch: undefined }, `cmp_one_${projection.name}`);
      const batched = await snapshot(`cmp_batch_${projection.name}`);
      expect(Object.keys(batched).length).toBeGreaterThan(0);
      expect(batched).toEqual(await snapshot(`cmp_one_${projection.name}`));
    }
  });
});
