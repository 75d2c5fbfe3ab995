import { addDays, format } from 'date-fns';
import type { TimeSlot } from '@appointment/contracts/schedule';
import { MESSAGES } from '@appointment/contracts/messages';
import { dayKeyIn, intervalOf } from '@appointment/contracts/schedule';
import { testClock } from '@appointment/infra/testing/clock';
import { readMailbox } from '../../mail/mail-outbox';
import { errorOf, startTestPlatform, type Caller, type TestPlatform } from '../../testing/test-platform';

/**
 * Issue 30 through HTTP: the admin edits and deletes time slots. A change that would drop a booking
 * is refused naming it, or cancels it with a full refund (once, at the sandbox gateway) in the
 * same append; a deleted slot is offered nowhere at once and its time is free; bookings racing a
 * delete land before it (and are cancelled by it) or are refused.
 */
describe('editing and deleting time slots', () => {
  let test: TestPlatform;
  let admin: Caller;
  let user: Caller;
  let providerId: string;
  const KOLKATA = 'Asia/Kolkata';
  /** A day far ahead, in the evening: no demo time slot is there. */
  const day = (offset: number) =>
    format(addDays(new Date(`${dayKeyIn(testClock(), KOLKATA)}T12:00:00`), 200 + offset), 'yyyy-MM-dd');
  const SERVICE = 'General Consultation';

  beforeAll(async () => {
    test = await startTestPlatform({
      demoData: true,
      name: 'timeslot-changes',
      jobs: true,
      env: { BOOKING_LIMIT: '0' },
    });
    [admin, user] = await Promise.all([
      test.signedIn('admin@example.com'),
      test.signedIn('user@example.com'),
    ]);
    providerId = (await user.op('fetchProviders', { body: { search: 'Sunrise' } })).body.providers[0]!.id;
  });
  afterAll(async () => {
    await test.stop();
  });

  const add = async (date: string, startTime: string, endTime: string, availableSlots: number) => {
    const added = await admin.op('addTimeSlot', {
      body: { date, startTime, endTime, addAsSlot: true, availableSlots, serviceIds: [SERVICE] },
    });
    expect(added.status).toBe(201);
    return added.body.timeslots[0]!;
  };
  const book = (slot: TimeSlot, index: number) =>
    user.op('book', {
      body: { servicename: SERVICE, providerId, timeslotId: slot._id, date: slot.date, index: String(index) },
    });
  const offered = async () =>
    (await user.op('fetchSlot', { body: { providerId, serviceId: SERVICE } })).body.timeslots.map(
      (s) => s._id,
    );
  const appointmentsIn = async (timeSlotId: string) =>
    (await user.op('list')).body.appointments.filter((a) => a.timeslotId === timeSlotId);
  const eventually = async <T>(read: () => Promise<T | undefined>): Promise<T> => {
    for (let i = 0; i < 200; i++) {
      const value = await read();
      if (value !== undefined) return value;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('timed out waiting');
  };

  it('refuses a change that moves a booked interval, naming the booking; cancelAffected cancels it and frees the old time', async () => {
    const slot = await add(day(0), '20:00', '21:00', 2);
    expect((await book(slot, 2)).status).toBe(201);
    const form = {
      id: slot._id,
      date: slot.date,
      startTime: '20:30',
      endTime: '21:30',
      addAsSlot: true,
      availableSlots: 2,
      serviceIds: [SERVICE],
    };

    const refused = await admin.op('editTimeSlot', { body: form });
    expect(refused.status).toBe(409);
    expect(errorOf(refused)).toMatchObject({
      message: MESSAGES.slotChangeDropsBookings,
      errors: [
        { field: 'bookings', message: expect.stringMatching(/, General Consultation, .* 20:30–21:00$/) },
      ],
    });

    // Growing it keeps the booking where it is.
    const grown = await admin.op('editTimeSlot', {
      body: { ...form, startTime: '20:00', endTime: '21:30', availableSlots: 3 },
    });
    expect(grown.status).toBe(200);
    expect(grown.body).toMatchObject({
      cancelled: [],
      timeslot: { endTime: '21:30', capacity: 3, indexes: [2] },
    });

    const changed = await admin.op('editTimeSlot', {
      body: { ...form, startTime: '21:00', endTime: '22:00', cancelAffected: true },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.cancelled).toHaveLength(1);
    expect(changed.body.timeslot).toMatchObject({ startTime: '21:00', indexes: [] });
    expect((await appointmentsIn(slot._id)).map((a) => a.status)).toEqual(['cancelled']);
    // The person is told, by the booking lifecycle's cancellation mail (only this one in the file so far).
    const told = await eventually(async () =>
      (await readMailbox(test.platform.pool, 'user@example.com')).find((mail) =>
        // A booking still pending that its provider cancels is "Declined", as by Reject.
        /^(Cancelled|Declined): /.test(mail.subject),
      ),
    );
    expect(told.subject).toContain(SERVICE);
    // Its old time is free for another time slot, its new time is not.
    expect((await add(day(0), '20:00', '21:00', 1)).startTime).toBe('20:00');
    const overlap = await admin.op('addTimeSlot', {
      body: { date: day(0), startTime: '21:30', endTime: '22:30', serviceIds: [SERVICE] },
    });
    expect(overlap.status).toBe(409);
  });

  it("deletes a paid booking's slot only with cancelAffected: refunded once, offered nowhere, its time free", async () => {
    const slot = await add(day(1), '20:00', '21:00', 2);
    const booked = await book(slot, 1);
    expect(booked.status).toBe(201);
    const paid = await user.op('sandboxPay', { body: { orderId: booked.body.order!.id } });
    expect((await user.op('paymentSuccess', { body: paid.body })).status).toBe(202);
    const id = booked.body.appointment._id;
    await eventually(async () => ((await appointmentsIn(slot._id))[0]?.paid ? true : undefined));

    const refused = await admin.op('deleteTimeSlot', { body: { id: slot._id } });
    expect(refused.status).toBe(409);
    expect(errorOf(refused).errors).toEqual([
      { field: 'bookings', message: expect.stringContaining(`${SERVICE}, ${slot.date} 20:00–20:30`) },
    ]);
    expect(await offered()).toContain(slot._id);

    const deleted = await admin.op('deleteTimeSlot', { body: { id: slot._id, cancelAffected: true } });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ deleted: [slot._id], cancelled: [id] });
    expect(await offered()).not.toContain(slot._id);
    expect((await admin.op('fetchAllSlots')).body.timeslots.map((s) => s._id)).not.toContain(slot._id);
    const refusedBooking = await book(slot, 2);
    expect(refusedBooking.status).toBe(404);

    await eventually(async () => {
      const [appointment] = await appointmentsIn(slot._id);
      return appointment?.status === 'cancelled' && appointment.refund?.status === 'refunded'
        ? true
        : undefined;
    });
    const { rows } = await test.platform.pool.query<{ key: string; amount: string }>(
      `SELECT key, amount FROM payments_sandbox.refunds WHERE key LIKE $1`,
      [`refund-${id}-%`],
    );
    expect(rows.map((row) => ({ ...row, amount: Number(row.amount) }))).toEqual([
      { key: `refund-${id}-1`, amount: 5000 },
    ]);
    // A retried delete changes nothing; the time is free.
    expect(
      (await admin.op('deleteTimeSlot', { body: { id: slot._id, cancelAffected: true } })).body.cancelled,
    ).toEqual([]);
    expect((await add(day(1), '20:00', '21:00', 1)).startTime).toBe('20:00');
  });

  it('deletes the rest of a repeating series', async () => {
    const added = await admin.op('addTimeSlot', {
      body: {
        date: day(2),
        startTime: '20:00',
        endTime: '21:00',
        repeat: 'daily',
        repeatUntil: day(4),
        serviceIds: [SERVICE],
      },
    });
    const [, second, third] = added.body.timeslots;
    expect(second!.seriesId).toBeDefined();
    const deleted = await admin.op('deleteTimeSlot', { body: { id: second!._id, series: true } });
    expect(deleted.body.deleted).toEqual([second!._id, third!._id]);
    expect(await offered()).toContain(added.body.timeslots[0]!._id);
  });

  it('never leaves an active booking in a deleted slot: 20 bookings racing a delete', async () => {
    // Twenty 30-minute intervals (the duration rule: General Consultation takes 30), far ahead.
    const slot = await add(day(20), '12:00', '22:00', 20);
    const [bookings, deleted] = await Promise.all([
      Promise.all(Array.from({ length: 20 }, (_, i) => book(slot, i + 1))),
      new Promise((resolve) => setTimeout(resolve, 20)).then(() =>
        admin.op('deleteTimeSlot', { body: { id: slot._id, cancelAffected: true } }),
      ),
    ]);
    expect(deleted.status).toBe(200);
    for (const reply of bookings) expect([201, 404, 409]).toContain(reply.status);
    const made = bookings.filter((reply) => reply.status === 201).map((reply) => reply.body.appointment._id);
    expect([...deleted.body.cancelled].sort()).toEqual([...made].sort());
    const { rows } = await test.platform.pool.query<{ event_type: string; appointment_id: string | null }>(
      `SELECT event_type, data->>'appointmentId' AS appointment_id FROM es.events
        WHERE stream_name = $1 ORDER BY stream_revision`,
      [`timeslot-${slot._id}`],
    );
    // No booking after the deletion (a booking's order may still follow it: it is cancelled).
    const deletedAt = rows.findIndex((row) => row.event_type === 'TimeSlotDeleted');
    expect(rows.findLastIndex((row) => row.event_type === 'IntervalBooked')).toBeLessThan(deletedAt);
    expect(rows.filter((row) => row.event_type === 'IntervalBooked')).toHaveLength(made.length);
    expect((await appointmentsIn(slot._id)).filter((a) => a.status !== 'cancelled')).toEqual([]);
  });

  /**
   * Races a shrink of a 20-interval time slot (12:00–22:00 to 12:00–17:00: the first ten intervals
   * keep their instants) with `attempts` bookings spread over its intervals, then checks its stream:
   * every booking it recorded either still holds an interval of the time slot as it now is, at the
   * same instants, or has its cancellation event; every 201 is one of them.
   */
  const raceShrink = async (offset: number, attempts: number, cancelAffected: boolean) => {
    const slot = await add(day(offset), '12:00', '22:00', 20);
    // From the last ten intervals first, so some land before the shrink and others race it.
    const attempted = Array.from({ length: attempts }, (_, i) => book(slot, 20 - (i % 20)));
    // The shrink starts once a booking beyond the tenth interval has answered: one is in the
    // stream before it (a 409 answers once its winner is), while the others are still on their way.
    const [bookings, edited] = await Promise.all([
      Promise.all(attempted),
      Promise.race(attempted.slice(0, 10)).then(() =>
        admin.op('editTimeSlot', {
          body: {
            id: slot._id,
            date: slot.date,
            startTime: '12:00',
            endTime: '17:00',
            addAsSlot: true,
            availableSlots: 10,
            serviceIds: [SERVICE],
            cancelAffected,
          },
        }),
      ),
    ]);
    // A booking lands before the shrink, is refused as taken, or finds its interval gone.
    for (const reply of bookings) expect([201, 400, 409]).toContain(reply.status);
    const made = bookings.filter((reply) => reply.status === 201).map((reply) => reply.body.appointment._id);
    const { rows } = await test.platform.pool.query<{ event_type: string; data: Record<string, unknown> }>(
      `SELECT event_type, data FROM es.events WHERE stream_name = $1 ORDER BY stream_revision`,
      [`timeslot-${slot._id}`],
    );
    const booked = rows.filter((row) => row.event_type === 'IntervalBooked').map((row) => row.data);
    const cancelled = new Set(
      rows
        .filter((row) => row.event_type === 'AppointmentStatusChanged' && row.data.to === 'cancelled')
        .map((row) => row.data.appointmentId),
    );
    const shape = rows.filter((row) => ['TimeSlotAdded', 'TimeSlotChanged'].includes(row.event_type)).at(-1)!
      .data as {
      date: string;
      startTime: string;
      endTime: string;
      startDateTime: string;
      endDateTime: string;
      availableSlots: number;
    };
    expect([...booked.map((data) => data.appointmentId)].sort()).toEqual([...made].sort());
    const active = new Map(
      (await appointmentsIn(slot._id)).filter((a) => a.status !== 'cancelled').map((a) => [a._id, a]),
    );
    for (const data of booked) {
      const id = data.appointmentId as string;
      if (cancelled.has(id)) continue;
      // Not cancelled: it holds an interval of the time slot as it is now, where it was booked.
      const interval = intervalOf({ ...shape, indexes: [] }, data.index as number);
      expect({ id, start: interval?.startDateTime, end: interval?.endDateTime }).toEqual({
        id,
        start: data.startDateTime,
        end: data.endDateTime,
      });
      expect(active.get(id)).toMatchObject({ startDateTime: data.startDateTime });
    }
    return { edited, made, cancelled, shape };
  };

  it('loses no held place to a shrink racing 20 bookings: refused naming them, no booking cancelled', async () => {
    const { edited, cancelled, shape } = await raceShrink(21, 20, false);
    expect(cancelled.size).toBe(0);
    expect([edited.status, errorOf(edited).message]).toEqual([409, MESSAGES.slotChangeDropsBookings]);
    expect(shape.availableSlots).toBe(20);
  });

  it('cancels with an event every booking a shrink with cancelAffected drops, racing 40 bookings', async () => {
    const { edited, made, cancelled } = await raceShrink(22, 40, true);
    expect(edited.status).toBe(200);
    // What the change answers as cancelled is what its events cancel; the others hold their places.
    expect(cancelled.size).toBeGreaterThan(0);
    expect([...edited.body.cancelled].sort()).toEqual([...cancelled].sort());
    expect(made.length - cancelled.size).toBeLessThanOrEqual(10);
  });
});
