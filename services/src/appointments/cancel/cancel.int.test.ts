import { MESSAGES } from '@appointment/contracts/messages';
import { testNow } from '@appointment/infra/testing/clock';
import {
  errorOf,
  startTestPlatform,
  sunriseTimeSlots,
  type Caller,
  type TestPlatform,
} from '../../testing/test-platform';

/**
 * The user cancels their appointment (issue 29): `POST /api/appointments/:id/cancel`. The
 * interval is free at once for anyone else; only the person who booked cancels.
 */
describe('the user cancels an appointment', () => {
  let test: TestPlatform;
  let user: Caller;
  let other: Caller;
  let admin: Caller;

  beforeAll(async () => {
    // Racing requests of one person would otherwise meet the per-account booking limit.
    test = await startTestPlatform({
      demoData: true,
      name: 'cancel_appointment',
      env: { BOOKING_LIMIT: '0' },
    });
    [user, admin] = await Promise.all([
      test.signedIn('user@example.com'),
      test.signedIn('admin@example.com'),
    ]);
    other = await test.registeredUser({ name: 'Olga Other', email: 'olga@example.com', phone: '9995550123' });
  });
  afterAll(async () => {
    await test.stop();
  });

  /** The first Follow-up Visit time slot a day or more ahead. */
  const firstSlot = async () =>
    (await sunriseTimeSlots(user, 'Follow-up Visit', testNow() + 86_400_000)).timeSlots[0]!;
  /** `caller` books part `index` of that time slot. */
  const book = async (caller: Caller, index: number, slot?: Awaited<ReturnType<typeof firstSlot>>) => {
    const timeSlot = slot ?? (await firstSlot());
    return {
      timeSlot,
      reply: await caller.op('book', {
        body: {
          servicename: 'Follow-up Visit',
          providerId: timeSlot.providerId,
          timeslotId: timeSlot._id,
          date: timeSlot.date,
          index: String(index),
        },
      }),
    };
  };
  const takenIndexes = async (timeSlotId: string) => {
    const { timeSlots } = await sunriseTimeSlots(user, 'Follow-up Visit', testNow() + 86_400_000);
    return timeSlots.find((slot) => slot._id === timeSlotId)!.indexes;
  };

  it('frees the interval at once: the next person books it', async () => {
    const { timeSlot, reply } = await book(user, 3);
    expect(reply.status).toBe(201);
    const id = reply.body.appointment._id;
    expect((await book(other, 3)).reply.status).toBe(409);

    const cancelled = await user.op('cancelAppointment', { params: { id } });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({
      message: MESSAGES.appointmentCancelled,
      appointment: { _id: id, status: 'cancelled' },
      refund: null,
    });
    // The answer comes once the slot lists hold it.
    expect(await takenIndexes(timeSlot._id)).not.toContain(3);
    expect((await book(other, 3)).reply.status).toBe(201);

    // The same request again changes nothing and answers the same.
    const again = await user.op('cancelAppointment', { params: { id } });
    expect(again.status).toBe(200);
    expect(again.body.appointment.status).toBe('cancelled');
    const { rows } = await test.platform.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM es.events
        WHERE event_type = 'AppointmentStatusChanged' AND data->>'appointmentId' = $1`,
      [id],
    );
    expect(rows[0]!.n).toBe(1);
    // The provider's history says who cancelled: more than a day ahead, inside the default policy.
    const history = await test.platform.pool.query<{ summary: string }>(
      `SELECT summary FROM rm_history.entries WHERE type = 'AppointmentStatusChanged' AND summary LIKE $1`,
      [`%Follow-up Visit%was cancelled by its user.`],
    );
    expect(history.rows).toHaveLength(1);
  });

  it('lets exactly one of 50 racing requests take the interval a cancellation freed', async () => {
    const { timeSlot, reply } = await book(user, 5);
    expect(reply.status).toBe(201);
    expect((await user.op('cancelAppointment', { params: { id: reply.body.appointment._id } })).status).toBe(
      200,
    );
    const racers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => book(i % 2 === 0 ? other : user, 5, timeSlot)),
    );
    expect(racers.filter(({ reply: r }) => r.status === 201)).toHaveLength(1);
    expect(racers.filter(({ reply: r }) => r.status === 409)).toHaveLength(49);
    const { rows } = await test.platform.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM rm_appointments.appointments
        WHERE timeslot_id = $1 AND interval_number = 5 AND status <> 'cancelled'`,
      [timeSlot._id],
    );
    expect(rows[0]!.n).toBe(1);
  });

  it("is the booker's alone: another person hears of no such appointment, staff may not use it", async () => {
    const { reply } = await book(user, 4);
    const id = reply.body.appointment._id;
    const stranger = await other.op('cancelAppointment', { params: { id } });
    expect(stranger.status).toBe(404);
    expect(errorOf(stranger).message).toBe(MESSAGES.appointmentNotFound);
    expect((await admin.op('cancelAppointment', { params: { id } })).status).toBe(403);
    expect((await test.caller().op('cancelAppointment', { params: { id } })).status).toBe(401);
    expect((await user.op('cancelAppointment', { params: { id: 'no-such-appointment' } })).status).toBe(404);
    const list = await user.op('list', { body: { filters: { status: 'all' } } });
    expect(list.body.appointments.find((a) => a._id === id)?.status).not.toBe('cancelled');
  });
});
