import { addDays, format } from 'date-fns';
import { MESSAGES } from '@appointment/contracts/messages';
import { dayKeyIn, type TimeSlot } from '@appointment/contracts/schedule';
import type { WaitlistEntry } from '@appointment/contracts/waitlist';
import { testClock } from '@appointment/infra/testing/clock';
import { CLOCK_SHIFT_HEADER } from '../../http/clock-shift';
import { readMailbox } from '../../mail/mail-outbox';
import { errorOf, startTestPlatform, type Caller, type TestPlatform } from '../../testing/test-platform';
import { appointmentsContext } from '../appointments-context';
import { expireOffers } from './waitlist';

/**
 * The waitlist over HTTP (issue 31): people join a full place; a cancellation offers it to the
 * first of them, held against every other booking; the claim books it once; a decline or an
 * expired offer passes it to the next; with nobody left it is bookable again.
 */
describe('the waitlist', () => {
  let test: TestPlatform;
  let admin: Caller;
  let providerId: string;
  const SERVICE = 'Follow-up Visit';
  const KOLKATA = 'Asia/Kolkata';
  let dayOffset = 0;
  /** A fresh day far ahead for each test, in the evening: no demo time slot is there. */
  const nextDay = () =>
    format(addDays(new Date(`${dayKeyIn(testClock(), KOLKATA)}T12:00:00`), 150 + dayOffset++), 'yyyy-MM-dd');
  let people = 0;
  const emails = new Map<Caller, string>();
  const person = async () => {
    people += 1;
    const email = `waiter-${people}@example.com`;
    const caller = await test.registeredUser({
      name: `Waiter ${people}`,
      email,
      phone: `99955${String(people).padStart(5, '0')}`,
    });
    emails.set(caller, email);
    return caller;
  };
  /** The newest mail to the caller whose subject matches, once the outbox has it. */
  const mailTo = async (caller: Caller, subject: RegExp) => {
    for (let i = 0; i < 200; i++) {
      const mail = (await readMailbox(test.platform.pool, emails.get(caller))).find((m) =>
        subject.test(m.subject),
      );
      if (mail) return mail;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no mail ${String(subject)}`);
  };

  beforeAll(async () => {
    test = await startTestPlatform({
      demoData: true,
      name: 'waitlist',
      // The payment jobs, with a short unpaid timeout: a paid claim's place is seen to pass on.
      jobs: true,
      env: { BOOKING_LIMIT: '0', TEST_CLOCK_SHIFTS: 'true', PAYMENT_TIMEOUT_MS: '5000' },
    });
    admin = await test.signedIn('admin@example.com');
    const user = await test.signedIn('user@example.com');
    providerId = (await user.op('fetchProviders', { body: { search: 'Sunrise' } })).body.providers[0]!.id;
  });
  afterAll(async () => {
    await test.stop();
  });

  /** A block of one place (or `places`) of the service. */
  const block = async (places = 1, service = SERVICE): Promise<TimeSlot> => {
    const added = await admin.op('addTimeSlot', {
      body: {
        date: nextDay(),
        startTime: '19:00',
        endTime: '19:30',
        addAsSlot: false,
        availableSlots: places,
        serviceIds: [service],
      },
    });
    expect(added.status).toBe(201);
    return added.body.timeslots[0]!;
  };
  const book = (caller: Caller, slot: TimeSlot) =>
    caller.op('book', { body: { servicename: SERVICE, providerId, timeslotId: slot._id, date: slot.date } });
  const join = (caller: Caller, slot: TimeSlot) =>
    caller.op('joinWaitlist', { body: { timeslotId: slot._id } });
  /** Whether the booking screen offers a place of the block (its places left). */
  const listed = async (caller: Caller, slot: TimeSlot) =>
    (await caller.op('fetchSlot', { body: { providerId, serviceId: SERVICE } })).body.timeslots.some(
      (s) => s._id === slot._id && s.availableSlots > 0,
    );
  const entriesOf = async (caller: Caller): Promise<WaitlistEntry[]> =>
    (await caller.op('listWaitlist', { query: {} })).body.entries;
  /** The caller's entry of a time slot, once the read model shows it as `status`. */
  const entryOf = async (caller: Caller, slot: TimeSlot, status: WaitlistEntry['status']) => {
    for (let i = 0; i < 200; i++) {
      const entry = (await entriesOf(caller)).find((e) => e.timeslotId === slot._id && e.status === status);
      if (entry) return entry;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no ${status} entry`);
  };

  it('offers a freed place to the first waiter only; the claim books it once; nobody else can take it', async () => {
    const slot = await block();
    const [holder, first, second, other] = await Promise.all([person(), person(), person(), person()]);
    const held = await book(holder, slot);
    expect(held.status).toBe(201);
    // A free place is booked, not waited for.
    const freeSlot = await block();
    expect(errorOf(await join(first, freeSlot)).message).toBe(MESSAGES.waitlistPlaceFree);

    const joined = await join(first, slot);
    expect(joined.status).toBe(201);
    expect(joined.body.entry).toMatchObject({ status: 'waiting', position: 1 });
    expect((await join(second, slot)).body.entry).toMatchObject({ position: 2 });
    expect((await join(first, slot)).status).toBe(409);

    expect((await holder.op('cancelAppointment', { params: { id: held.body.appointment._id } })).status).toBe(
      200,
    );
    const offered = await entryOf(first, slot, 'offered');
    expect(offered.offer).not.toBeNull();
    // Told by e-mail, with the claim link, and by a notification (pushed live as it is written).
    const mail = await mailTo(first, /^A place is free/);
    expect(mail.text).toContain(`/waitlist/offers/${offered.offer!.id}`);
    const notices = (await first.op('notifications')).body.notifications.map((n) => n.message);
    expect(notices.some((m) => m.includes('held for you'))).toBe(true);
    expect((await entryOf(second, slot, 'waiting')).position).toBe(1);
    // Held for the first waiter: not offered on the booking screen; a normal booking and the
    // second waiter's claim are refused.
    expect(await listed(other, slot)).toBe(false);
    expect((await book(other, slot)).status).toBe(409);
    expect((await second.op('claimOffer', { params: { id: offered.offer!.id } })).status).toBe(404);

    const claims = await Promise.all([
      first.op('claimOffer', { params: { id: offered.offer!.id } }),
      first.op('claimOffer', { params: { id: offered.offer!.id } }),
    ]);
    expect(claims.map((c) => c.status)).toEqual([201, 201]);
    expect(claims[0].body.appointment._id).toBe(claims[1].body.appointment._id);
    const mine = (await first.op('list')).body.appointments.filter((a) => a.timeslotId === slot._id);
    expect(mine).toHaveLength(1);
    expect((await entryOf(first, slot, 'claimed')).appointmentId).toBe(mine[0]!._id);
  });

  it('passes a declined offer to the next waiter, an expired one too, and with nobody left the place is bookable', async () => {
    const slot = await block();
    const [holder, first, second, other] = await Promise.all([person(), person(), person(), person()]);
    const held = await book(holder, slot);
    await join(first, slot);
    await join(second, slot);
    await holder.op('cancelAppointment', { params: { id: held.body.appointment._id } });

    const offerOfFirst = (await entryOf(first, slot, 'offered')).offer!;
    expect((await first.op('declineOffer', { params: { id: offerOfFirst.id } })).status).toBe(200);
    const offerOfSecond = (await entryOf(second, slot, 'offered')).offer!;
    // A claim after the window is refused.
    const late = Date.parse(offerOfSecond.expiresAt) - testClock().getTime() + 60_000;
    const refused = await second.opUnchecked('claimOffer', {
      params: { id: offerOfSecond.id },
      headers: { [CLOCK_SHIFT_HEADER]: String(late) },
    });
    expect(refused.status).toBe(422);
    expect(errorOf(refused).message).toBe(MESSAGES.offerExpired);
    expect((await book(other, slot)).status).toBe(409);

    // The sweep, later than the window: the offer expires and, nobody left, the place is free.
    const later = appointmentsContext({
      ...test.platform.appointments.deps,
      now: () => new Date(Date.parse(offerOfSecond.expiresAt) + 1_000),
    });
    await expireOffers(later, { error: () => undefined });
    await entryOf(second, slot, 'expired');
    expect(await listed(other, slot)).toBe(true);
    expect((await book(other, slot)).status).toBe(201);
  });

  it("lets a waiter leave; the admin sees the time slot's list in order of joining", async () => {
    const slot = await block();
    const [holder, first, second] = await Promise.all([person(), person(), person()]);
    await book(holder, slot);
    const a = (await join(first, slot)).body.entry;
    await join(second, slot);
    const list = (await admin.op('listWaitlist', { query: { timeslotId: slot._id } })).body.entries;
    expect(list.map((e) => e.username)).toEqual([
      expect.stringMatching(/^Waiter/),
      expect.stringMatching(/^Waiter/),
    ]);
    expect(list[0]!._id).toBe(a._id);
    expect((await second.op('leaveWaitlist', { params: { id: a._id } })).status).toBe(404);
    expect((await first.op('leaveWaitlist', { params: { id: a._id } })).status).toBe(200);
    expect((await entryOf(second, slot, 'waiting')).position).toBe(1);
  });

  it('keeps an offered place when the admin lowers the capacity, unless they withdraw the offer; its waiter is told', async () => {
    const slot = await block(2);
    const [ana, bo, cy, dee] = await Promise.all([person(), person(), person(), person()]);
    await book(ana, slot);
    const cys = await book(cy, slot);
    await join(bo, slot);
    await join(dee, slot);
    await cy.op('cancelAppointment', { params: { id: cys.body.appointment._id } });
    await entryOf(bo, slot, 'offered');
    const form = {
      id: slot._id,
      date: slot.date,
      startTime: '19:00',
      endTime: '19:30',
      addAsSlot: false,
      availableSlots: 1,
      serviceIds: [SERVICE],
    };

    const refused = await admin.op('editTimeSlot', { body: form });
    expect(refused.status).toBe(409);
    expect(errorOf(refused)).toMatchObject({
      message: MESSAGES.slotChangeDropsBookings,
      errors: [
        {
          field: 'offers',
          message: expect.stringMatching(/^Offered from the waitlist, Follow-up Visit, .* 19:00–19:30$/),
        },
      ],
    });
    expect((await entryOf(bo, slot, 'offered')).offer).not.toBeNull();

    const changed = await admin.op('editTimeSlot', { body: { ...form, cancelAffected: true } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ cancelled: [], timeslot: { capacity: 1 } });
    // Withdrawn and told; Ana keeps her place, and the next waiter is not offered one that is gone.
    await entryOf(bo, slot, 'withdrawn');
    const notices = (await bo.op('notifications')).body.notifications.map((n) => n.message);
    expect(notices.some((m) => m.includes('no longer available'))).toBe(true);
    expect((await entryOf(dee, slot, 'waiting')).position).toBe(1);
  });

  it('takes a paid claim to checkout: left unpaid, the place passes to the next waiter; paid, it is booked', async () => {
    const PAID = 'Waitlist Express';
    expect(
      (
        await admin.op('addService', {
          body: { name: PAID, description: 'A paid check', price: 10, automaticBooking: true },
        })
      ).status,
    ).toBe(201);
    const slot = await block(1, PAID);
    const [holder, first, second, other] = await Promise.all([person(), person(), person(), person()]);
    const bookPaid = (caller: Caller) =>
      caller.op('book', { body: { servicename: PAID, providerId, timeslotId: slot._id, date: slot.date } });
    const held = await bookPaid(holder);
    expect(held.status).toBe(201);
    await join(first, slot);
    await join(second, slot);
    await holder.op('cancelAppointment', { params: { id: held.body.appointment._id } });

    // The claim is a paid booking: its order and checkout, pending until paid, the place held.
    const offerOfFirst = (await entryOf(first, slot, 'offered')).offer!;
    const claimed = await first.op('claimOffer', { params: { id: offerOfFirst.id } });
    expect(claimed.status).toBe(201);
    expect(claimed.body).toMatchObject({
      appointment: { status: 'pending', paymentNeeded: true, paid: false, timeslotId: slot._id },
      order: { amount: 1000 },
      checkout: { gateway: 'sandbox' },
    });
    await entryOf(first, slot, 'claimed');
    expect((await bookPaid(other)).status).toBe(409);

    // Unpaid past the timeout: cancelled, and the place is offered to the next waiter at once.
    const offerOfSecond = (await entryOf(second, slot, 'offered')).offer!;
    const firsts = (await first.op('list')).body.appointments.find(
      (a) => a._id === claimed.body.appointment._id,
    );
    expect(firsts?.status).toBe('cancelled');
    expect((await bookPaid(other)).status).toBe(409);

    // Paid: booked (the service books automatically once paid).
    const second_ = await second.op('claimOffer', { params: { id: offerOfSecond.id } });
    expect(second_.status).toBe(201);
    const paid = await second.op('sandboxPay', { body: { orderId: second_.body.order!.id } });
    expect((await second.op('paymentSuccess', { body: paid.body })).status).toBe(202);
    for (let i = 0; i < 200; i++) {
      const mine = (await second.op('list')).body.appointments.find(
        (a) => a._id === second_.body.appointment._id,
      );
      if (mine?.status === 'scheduled' && mine.paid) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the paid claim was not booked');
  });

  it('waits for any place of the service on a day: listed once, offered one place only, whatever the races', async () => {
    const date = nextDay();
    const blockAt = async (startTime: string, endTime: string): Promise<TimeSlot> =>
      (
        await admin.op('addTimeSlot', {
          body: { date, startTime, endTime, addAsSlot: false, availableSlots: 1, serviceIds: [SERVICE] },
        })
      ).body.timeslots[0]!;
    const [a, b] = [await blockAt('19:00', '19:30'), await blockAt('20:00', '20:30')];
    const [holderA, holderB, waiter, next] = await Promise.all([person(), person(), person(), person()]);
    const heldA = await book(holderA, a);
    const heldB = await book(holderB, b);

    // A day with a free place is booked, not waited for.
    const free = await block();
    const refused = await waiter.op('joinWaitlist', { body: { timeslotId: free._id, day: free.date } });
    expect([refused.status, errorOf(refused).message]).toEqual([422, MESSAGES.waitlistPlaceFree]);

    const joined = await waiter.op('joinWaitlist', { body: { timeslotId: a._id, day: date } });
    expect(joined.status).toBe(201);
    expect(joined.body.entry).toMatchObject({ day: date, status: 'waiting', position: 1 });
    expect((await waiter.op('joinWaitlist', { body: { timeslotId: b._id, day: date } })).status).toBe(409);
    expect((await join(next, a)).body.entry).toMatchObject({ position: 2 });
    expect(await entriesOf(waiter)).toHaveLength(1);

    // Both places free at once: the day entry is offered one of them, the other goes on.
    const cancels = await Promise.all([
      holderA.op('cancelAppointment', { params: { id: heldA.body.appointment._id } }),
      holderB.op('cancelAppointment', { params: { id: heldB.body.appointment._id } }),
    ]);
    expect(cancels.map((c) => c.status)).toEqual([200, 200]);
    const streams = await Promise.all(
      [a, b].map((slot) => test.platform.store.readStream(`timeslot-${slot._id}`)),
    );
    const offersTo = (entryId: string) =>
      streams
        .flat()
        .filter((e) => e.type === 'PlaceOffered' && (e.data as { entryId: string }).entryId === entryId);
    const entryId = joined.body.entry._id;
    expect(offersTo(entryId)).toHaveLength(1);
    const offeredIn = (offersTo(entryId)[0]!.data as { timeSlotId: string }).timeSlotId;
    // A's place is held for someone (the day entry or the next in its line); B's, if not the day
    // entry's, is free to book.
    const nextEntry = (await entriesOf(next))[0]!;
    if (offeredIn === a._id) {
      expect(nextEntry.status).toBe('waiting');
      expect(await listed(holderB, b)).toBe(true);
    } else {
      expect(offersTo(nextEntry._id)).toHaveLength(1);
    }
    const mine = await entryOf(waiter, offeredIn === a._id ? a : b, 'offered');
    expect(await entriesOf(waiter)).toHaveLength(1);
    const claimed = await waiter.op('claimOffer', { params: { id: mine.offer!.id } });
    expect(claimed.status).toBe(201);
    expect(claimed.body.appointment.timeslotId).toBe(offeredIn);
    expect((await entriesOf(waiter)).map((e) => e.status)).toEqual(['claimed']);
  });
});
