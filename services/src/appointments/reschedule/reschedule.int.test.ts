import type { Appointment } from '@appointment/contracts/appointments';
import { MESSAGES } from '@appointment/contracts/messages';
import type { TimeSlot } from '@appointment/contracts/schedule';
import { testNow } from '@appointment/infra/testing/clock';
import {
  errorOf,
  startTestPlatform,
  sunriseTimeSlots,
  type Caller,
  type TestPlatform,
} from '../../testing/test-platform';
import {
  movingOf,
  placeOf,
  timeSlotDecider,
  timeSlotStream,
  type TimeSlotState,
} from '../book/time-slot.decider';
import { onTimeSlot } from '../appointments-context';
import { SETTLE_MOVE_AFTER_MS, settleMove, settleStrandedMoves } from './reschedule';

/**
 * Rescheduling (issue 29), `POST /api/appointments/:id/reschedule`: within a time slot and between
 * two, with its payment; lost to a racer it keeps its old place; under a crowd of moves no place is
 * ever held twice and no booking lost.
 */
describe('rescheduling an appointment', () => {
  let test: TestPlatform;
  let user: Caller;
  let other: Caller;
  let admin: Caller;
  /** Sunrise's Follow-up Visit time slots, two days or more ahead. */
  let slots: TimeSlot[];

  beforeAll(async () => {
    test = await startTestPlatform({
      demoData: true,
      name: 'reschedule',
      jobs: true,
      env: { BOOKING_LIMIT: '0' },
    });
    [user, admin] = await Promise.all([
      test.signedIn('user@example.com'),
      test.signedIn('admin@example.com'),
    ]);
    other = await test.registeredUser({ name: 'Olga Other', email: 'olga@example.com', phone: '9995550123' });
    ({ timeSlots: slots } = await sunriseTimeSlots(user, 'Follow-up Visit', testNow() + 2 * 86_400_000));
  });
  afterAll(async () => {
    await test.stop();
  });

  const book = async (caller: Caller, slot: TimeSlot, index: number, service = 'Follow-up Visit') => {
    const reply = await caller.op('book', {
      body: {
        servicename: service,
        providerId: slot.providerId,
        timeslotId: slot._id,
        date: slot.date,
        index: String(index),
      },
    });
    return reply;
  };
  const move = (caller: Caller, id: string, slot: TimeSlot, index?: number) =>
    caller.opUnchecked('rescheduleAppointment', {
      params: { id },
      body: { timeslotId: slot._id, ...(index === undefined ? {} : { index }) },
    });
  const takenIn = async (slotId: string, service = 'Follow-up Visit') => {
    const { timeSlots } = await sunriseTimeSlots(user, service, testNow() + 2 * 86_400_000);
    return timeSlots.find((slot) => slot._id === slotId)!.indexes;
  };
  const mine = async (id: string): Promise<Appointment> =>
    (await user.op('list')).body.appointments.find((a) => a._id === id)!;

  it('moves within a time slot and to another, freeing each old interval; the booker is told', async () => {
    const [first, second] = [slots[0]!, slots[1]!];
    const booked = await book(user, first, 1);
    expect(booked.status).toBe(201);
    const id = booked.body.appointment._id;

    const within = await move(user, id, first, 3);
    expect(within.status).toBe(200);
    expect(within.body).toMatchObject({
      message: MESSAGES.appointmentRescheduled,
      appointment: { _id: id, timeslotId: first._id, index: 3, reschedules: 1 },
      from: { timeslotId: first._id, index: 1 },
    });
    expect(await takenIn(first._id)).toEqual(expect.arrayContaining([3]));
    expect(await takenIn(first._id)).not.toContain(1);
    expect((await book(other, first, 1)).status).toBe(201);

    const between = await move(user, id, second, 2);
    expect(between.status).toBe(200);
    expect(between.body.appointment).toMatchObject({ timeslotId: second._id, index: 2, date: second.date });
    expect(await takenIn(first._id)).not.toContain(3);
    expect(await takenIn(second._id)).toContain(2);
    expect((await book(other, first, 3)).status).toBe(201);

    // The policy's default allows two moves; the third is refused and changes nothing.
    const third = await move(user, id, second, 4);
    expect(third.status).toBe(422);
    expect(errorOf(third).message).toBe(MESSAGES.rescheduleLimit);
    expect(await mine(id)).toMatchObject({ timeslotId: second._id, index: 2, reschedules: 2 });

    const messages = (await user.op('notifications')).body.notifications.map(
      (n: { message: string }) => n.message,
    );
    expect(messages).toContainEqual(
      expect.stringMatching(/^Your appointment for Follow-up Visit at Sunrise Clinic moved from .* to .*\.$/),
    );
  });

  it('keeps the old place when the new one is taken, and only its booker or the clinic may move it', async () => {
    const [first, second] = [slots[2]!, slots[3]!];
    const id = (await book(user, first, 1)).body.appointment._id;
    expect((await book(other, second, 1)).status).toBe(201);
    const lost = await move(user, id, second, 1);
    expect(lost.status).toBe(409);
    expect(errorOf(lost).message).toBe(MESSAGES.slotJustBooked);
    expect(await mine(id)).toMatchObject({ timeslotId: first._id, index: 1 });
    expect(await takenIn(first._id)).toContain(1);

    expect((await move(other, id, second, 5)).status).toBe(404);
    const byClinic = await move(admin, id, second, 5);
    expect(byClinic.status).toBe(200);
    expect(await mine(id)).toMatchObject({ timeslotId: second._id, index: 5 });
    // Unlocked after each move: the booker may still cancel it.
    expect((await user.op('cancelAppointment', { params: { id } })).status).toBe(200);
  });

  it('moves a paid booking with its payment: cancelled after the move, it is refunded in full', async () => {
    const [first, second] = [slots[4]!, slots[5]!];
    const booked = await book(user, first, 2, 'General Consultation');
    expect(booked.status).toBe(201);
    const id = booked.body.appointment._id;
    const paid = await user.op('sandboxPay', { body: { orderId: booked.body.order!.id } });
    await user.op('paymentSuccess', { body: paid.body });
    for (let i = 0; i < 100 && !(await mine(id)).paid; i++) await new Promise((r) => setTimeout(r, 100));
    expect((await move(user, id, second, 2)).status).toBe(200);
    expect(await mine(id)).toMatchObject({ paid: true, timeslotId: second._id });
    const cancelled = await user.op('cancelAppointment', { params: { id } });
    expect(cancelled.body.refund).toMatchObject({ amount: 50, fee: 0 });
  });

  /** Each stream's own state: who holds which interval. */
  const holders = async (slotId: string) => {
    const events = await test.platform.store.readStream(timeSlotStream(slotId));
    const state = events.reduce(
      (s: TimeSlotState, e) => timeSlotDecider.evolve(s, e as never),
      timeSlotDecider.initialState(),
    );
    if (state.status !== 'open') return [];
    return state.appointments
      .filter((a) => a.status !== 'cancelled' && a.movedOut === undefined)
      .map((a) => ({ id: a.appointmentId, index: a.intervalNumber, moving: a.moving }));
  };

  it('under 40 simultaneous moves and a booking racing for the same places, holds every booking exactly once', async () => {
    const date = slots[6]!.date;
    // Six-minute intervals: a service that fits them (docs/product.md §4 duration rule).
    await admin.op('addService', { body: { name: 'Quick Move', duration: 5, price: 0 } });
    const added = async (startTime: string, endTime: string, intervals: number) =>
      (
        await admin.op('addTimeSlot', {
          body: {
            date,
            startTime,
            endTime,
            addAsSlot: true,
            availableSlots: intervals,
            serviceIds: ['Quick Move'],
          },
        })
      ).status;
    expect(await added('13:00', '17:00', 40)).toBe(201);
    expect(await added('17:00', '18:00', 10)).toBe(201);
    const all = (await sunriseTimeSlots(user, 'Quick Move', testNow() + 2 * 86_400_000)).timeSlots.filter(
      (slot) => slot.date === date,
    );
    const from = all.find((slot) => slot.startTime === '13:00')!;
    const to = all.find((slot) => slot.startTime === '17:00')!;
    const ids: string[] = [];
    for (let index = 1; index <= 40; index++)
      ids.push((await book(user, from, index, 'Quick Move')).body.appointment._id);

    // Everyone wants interval 1 of the new time slot, and a booking too: exactly one gets it.
    const [racer, ...moves] = await Promise.all([
      book(other, to, 1, 'Quick Move'),
      ...ids.map((id) => move(user, id, to, 1)),
    ]);
    const winners = [racer, ...moves].filter((reply) => reply.status === 200 || reply.status === 201);
    expect(winners).toHaveLength(1);
    expect(moves.filter((reply) => reply.status !== 200).every((reply) => reply.status === 409)).toBe(true);

    // Then each asks for an interval of ten: ten move, thirty stay.
    const spread = await Promise.all(ids.map((id, n) => move(user, id, to, (n % 9) + 2)));
    const moved = spread.filter((reply) => reply.status === 200).length;
    expect(moved).toBeLessThanOrEqual(9);
    expect(moved).toBeGreaterThan(0);

    const [left, arrived] = [await holders(from._id), await holders(to._id)];
    const held = [...left, ...arrived].filter((h) => ids.includes(h.id)).map((h) => h.id);
    // Every booking held once, in one place, none left locked; no interval of either held twice.
    expect(held.sort()).toEqual([...ids].sort());
    expect([...left, ...arrived].every((h) => h.moving === undefined)).toBe(true);
    for (const holdersOf of [left, arrived]) {
      const indexes = holdersOf.map((h) => h.index);
      expect(new Set(indexes).size).toBe(indexes.length);
    }
    // The slot lists say the same.
    expect((await takenIn(to._id, 'Quick Move')).sort((a, b) => a - b)).toEqual(
      arrived.map((h) => h.index!).sort((a, b) => a - b),
    );
    expect((await takenIn(from._id, 'Quick Move')).sort((a, b) => a - b)).toEqual(
      left.map((h) => h.index!).sort((a, b) => a - b),
    );
  });

  it('settles a move its request did not finish: completed when it arrived, abandoned when it did not', async () => {
    const [first, second] = [slots[7]!, slots[8]!];
    const context = test.platform.appointments;
    const by = { role: 'provider' as const };
    /** Step 1 alone, as a request that died after it; answers the locked booking. */
    const started = async (index: number) => {
      const id = (await book(user, first, index)).body.appointment._id;
      const state = await onTimeSlot(context, undefined, first._id, {
        type: 'RequestReschedule',
        data: { appointmentId: id, by, to: { timeSlotId: second._id, index } },
      });
      const locked =
        state.status === 'open' ? state.appointments.find((a) => a.appointmentId === id) : undefined;
      return { id, locked: locked!, from: state.status === 'open' ? placeOf(state, locked!) : undefined };
    };
    // Died before step 2: the sweep gives the booking back its place, unlocked.
    const stranded = await started(1);
    expect((await user.op('cancelAppointment', { params: { id: stranded.id } })).status).toBe(409);
    // Died after step 2: the sweep frees the old place, once.
    const arrived = await started(2);
    await onTimeSlot(context, undefined, second._id, {
      type: 'MoveIn',
      data: {
        ...movingOf(arrived.locked, 'provider'),
        reschedules: 1,
        from: arrived.from!,
        intervalNumber: 2,
      },
    });

    // A move the sweep cannot settle is logged; none here.
    const warned: unknown[] = [];
    const logger = { warn: (...args: unknown[]) => warned.push(args) };
    // Not yet due: a move under way is left to its request for SETTLE_MOVE_AFTER_MS.
    expect(await settleStrandedMoves(context, logger)).toBe(0);
    const later = { ...context, now: () => new Date(context.now().getTime() + SETTLE_MOVE_AFTER_MS + 1000) };
    expect(await settleStrandedMoves(later, logger)).toBe(2);
    expect((await holders(first._id)).find((h) => h.id === stranded.id)).toMatchObject({
      index: 1,
      moving: undefined,
    });
    expect((await holders(first._id)).find((h) => h.id === arrived.id)).toBeUndefined();
    expect((await holders(second._id)).find((h) => h.id === arrived.id)).toMatchObject({ index: 2 });
    // Settled, neither is under way any more; settling again (a second sweeper) records nothing.
    expect(await settleStrandedMoves(later, logger)).toBe(0);
    await settleMove(context, {
      fromTimeSlotId: first._id,
      toTimeSlotId: second._id,
      reschedules: 1,
      appointmentId: arrived.id,
    });
    const movedOut = (await test.platform.store.readStream(timeSlotStream(first._id))).filter(
      (event) =>
        event.type === 'AppointmentMovedOut' &&
        (event.data as { appointmentId: string }).appointmentId === arrived.id,
    );
    expect(movedOut).toHaveLength(1);
    expect(warned).toEqual([]);
    expect(await mine(arrived.id)).toMatchObject({ timeslotId: second._id, index: 2 });
  });
});
