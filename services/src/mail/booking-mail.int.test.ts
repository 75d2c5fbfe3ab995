import type { BookingLinkAnswer } from '@appointment/contracts/appointments';
import { MESSAGES } from '@appointment/contracts/messages';
import type { TimeSlot } from '@appointment/contracts/schedule';
import { testNow } from '@appointment/infra/testing/clock';
import {
  errorOf,
  startTestPlatform,
  sunriseTimeSlots,
  type Caller,
  type TestPlatform,
} from '../testing/test-platform';
import { bookingLinkToken } from './booking-links';
import { readMailbox, type MailboxMessage } from './mail-outbox';

/**
 * Telling people by e-mail (issue 29): each change of a booking reaches its user in their
 * account's language, with its calendar entry and its signed links; the provider's admins hear of
 * cancellations and moves. The links work without signing in, for one purpose, one appointment,
 * until its start, and never after the booking moved; used twice they change nothing twice.
 */
describe('booking e-mails and their signed links', () => {
  let test: TestPlatform;
  let user: Caller;
  let elena: Caller;
  let anonymous: Caller;
  let free: TimeSlot[];
  let paid: TimeSlot[];
  const ELENA = 'elena.mail@example.com';

  beforeAll(async () => {
    test = await startTestPlatform({
      demoData: true,
      name: 'booking_mail',
      jobs: true,
      env: { BOOKING_LIMIT: '0' },
    });
    anonymous = test.caller();
    user = await test.signedIn('user@example.com');
    elena = await test.registeredUser({ name: 'Elena Correo', email: ELENA, phone: '9995550142' });
    const profile = await elena.op('updateProfile', {
      body: {
        name: 'Elena Correo',
        email: ELENA,
        phone: '9995550142',
        timezone: 'America/New_York',
        language: 'es',
        notificationPreferences: { email: true, sms: false, whatsapp: false },
      },
    });
    expect(profile.status).toBe(200);
    const after = testNow() + 2 * 86_400_000;
    ({ timeSlots: free } = await sunriseTimeSlots(elena, 'Follow-up Visit', after));
    ({ timeSlots: paid } = await sunriseTimeSlots(user, 'General Consultation', after));
  });
  afterAll(async () => {
    await test.stop();
  });

  /** The newest mail to `to` whose subject matches, once the outbox holds it. */
  const mailTo = async (to: string, subject: RegExp): Promise<MailboxMessage> => {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const found = (await readMailbox(test.platform.pool, to)).find((mail) => subject.test(mail.subject));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no mail ${String(subject)} reached ${to}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const mailsTo = async (to: string, subject: RegExp) =>
    (await readMailbox(test.platform.pool, to)).filter((mail) => subject.test(mail.subject));
  /** The signed link of `purpose` in a mail, as its id, expiry and token. */
  const linkIn = (mail: MailboxMessage, purpose: 'cancel' | 'reschedule') => {
    const found = new RegExp(`https?://\\S+/booking-link/${purpose}\\?\\S+`).exec(mail.text)?.[0];
    expect(found).toBeDefined();
    const query = new URL(found!).searchParams;
    return { id: query.get('appointment')!, expires: query.get('expires')!, token: query.get('token')! };
  };
  const sequenceOf = (ics: string | undefined) => Number(/^SEQUENCE:(\d+)/m.exec(ics ?? '')?.[1]);
  const uidOf = (ics: string | undefined) => /^UID:(.+)$/m.exec(ics ?? '')?.[1]?.trim();
  const book = async (caller: Caller, slot: TimeSlot, service: string, index = 1) => {
    const booked = await caller.op('book', {
      body: {
        servicename: service,
        providerId: slot.providerId,
        timeslotId: slot._id,
        date: slot.date,
        index: String(index),
      },
    });
    expect(booked.status).toBe(201);
    return booked.body;
  };

  it('books, moves and cancels by the links without signing in; each change mailed, with its .ics', async () => {
    const { appointment } = await book(elena, free[0]!, 'Follow-up Visit');
    // Booked: in Spanish, with both links and the calendar entry.
    const booked = await mailTo(ELENA, /^Reservada: Follow-up Visit/);
    expect(booked.text).toContain('Sunrise Clinic');
    expect(booked.ics).toMatch(/^METHOD:REQUEST/m);
    expect(sequenceOf(booked.ics)).toBe(0);
    expect(uidOf(booked.ics)).toBe(`${appointment._id}@appointment`);
    const firstCancel = linkIn(booked, 'cancel');
    const firstMove = linkIn(booked, 'reschedule');
    expect(firstMove.id).toBe(appointment._id);
    expect(firstMove.expires).toBe(String(Date.parse(appointment.startDateTime)));

    // Refused links: another purpose, a tampered token, another appointment, an expired one.
    const read = (id: string, query: Record<string, string>) =>
      anonymous.opUnchecked('bookingLink', { params: { id }, query });
    const wrongPurpose = await read(appointment._id, { ...firstCancel, purpose: 'reschedule' });
    expect(wrongPurpose.status).toBe(403);
    expect(errorOf(wrongPurpose).message).toBe(MESSAGES.bookingLinkInvalid);
    const tampered = `${firstCancel.token.slice(0, -2)}${firstCancel.token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await read(appointment._id, { ...firstCancel, token: tampered, purpose: 'cancel' })).status).toBe(
      403,
    );
    expect(
      (
        await anonymous.opUnchecked('cancelByLink', {
          params: { id: appointment._id },
          body: { ...firstMove },
        })
      ).status,
    ).toBe(403);
    const secret = await test.platform.sessions.secret('email-verification');
    const past = String(testNow() - 60_000);
    const expired = bookingLinkToken(secret, {
      purpose: 'cancel',
      appointmentId: appointment._id,
      expires: Number(past),
      reschedules: 0,
    });
    const expiredReply = await read(appointment._id, { expires: past, token: expired, purpose: 'cancel' });
    expect(expiredReply.status).toBe(403);
    expect(errorOf(expiredReply).message).toBe(MESSAGES.bookingLinkExpired);

    // The reschedule link: the free places of the service, then one move.
    const page = await read(appointment._id, { ...firstMove, purpose: 'reschedule' });
    expect(page.status).toBe(200);
    const places = (page.body as BookingLinkAnswer).places!;
    expect(places.length).toBeGreaterThan(0);
    const target = places.find((place) => place.timeslotId !== free[0]!._id)!;
    const moved = await anonymous.op('rescheduleByLink', {
      params: { id: appointment._id },
      body: {
        ...firstMove,
        timeslotId: target.timeslotId,
        ...(target.index === null ? {} : { index: target.index }),
      },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.appointment.startDateTime).toBe(target.startDateTime);
    const rescheduled = await mailTo(ELENA, /^Cambiada de hora/);
    expect(rescheduled.text).toContain('→');
    expect(uidOf(rescheduled.ics)).toBe(uidOf(booked.ics));
    expect(sequenceOf(rescheduled.ics)).toBe(1);
    // The provider's admin is told, in English.
    expect((await mailTo('admin@example.com', /^Rescheduled: Elena Correo/)).text).toContain('→');

    // Links mailed before the move are stale: no second move, no cancellation by them.
    const again = await anonymous.opUnchecked('rescheduleByLink', {
      params: { id: appointment._id },
      body: { ...firstMove, timeslotId: free[0]!._id, index: 1 },
    });
    expect(again.status).toBe(403);
    expect(errorOf(again).message).toBe(MESSAGES.bookingLinkUsed);
    expect(
      (await anonymous.opUnchecked('cancelByLink', { params: { id: appointment._id }, body: firstCancel }))
        .status,
    ).toBe(403);

    // The new mail's cancel link: what cancelling does, then the cancellation.
    const cancelLink = linkIn(rescheduled, 'cancel');
    const terms = await read(appointment._id, { ...cancelLink, purpose: 'cancel' });
    expect(terms.status).toBe(200);
    expect((terms.body as BookingLinkAnswer).cancellation).toMatchObject({ fee: 0, refund: 0 });
    const cancelled = await anonymous.op('cancelByLink', {
      params: { id: appointment._id },
      body: cancelLink,
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.appointment.status).toBe('cancelled');
    const cancelMail = await mailTo(ELENA, /^Cancelada/);
    expect(cancelMail.text).toContain('como pidió');
    expect(cancelMail.ics).toMatch(/^METHOD:CANCEL/m);
    expect(cancelMail.ics).toMatch(/^STATUS:CANCELLED/m);
    expect(sequenceOf(cancelMail.ics)).toBe(2);
    expect(uidOf(cancelMail.ics)).toBe(uidOf(booked.ics));
    expect((await mailTo('admin@example.com', /^Cancelled: Elena Correo/)).text).toContain(
      'cancelled by Elena Correo',
    );
    // Used again: nothing more happens, and nothing more is mailed.
    expect(
      (await anonymous.op('cancelByLink', { params: { id: appointment._id }, body: cancelLink })).body
        .appointment.status,
    ).toBe('cancelled');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await mailsTo(ELENA, /^Cancelada/)).toHaveLength(1);
  });

  it('a paid booking: its payment mailed as awaiting the provider, cancelled by the link twice, refunded once', async () => {
    const slot = paid[0]!;
    const booked = await book(user, slot, 'General Consultation', 2);
    const id = booked.appointment._id;
    const pay = await user.op('sandboxPay', { body: { orderId: booked.order!.id } });
    expect((await user.op('paymentSuccess', { body: pay.body })).status).toBe(202);
    const mail = (subject: RegExp) =>
      mailTo('user@example.com', subject).then((found) => {
        expect(found.text).toContain('General Consultation');
        return found;
      });
    expect((await mail(/^Booked: General Consultation/)).text).toContain('held until you pay');
    // Not confirmed by paying (the service waits for its provider): the mail says so.
    const paidMail = await mail(/^Paid: General Consultation/);
    expect(paidMail.text).toContain("awaits the provider's confirmation");
    expect(await mailsTo('user@example.com', /^Confirmed: General Consultation/)).toHaveLength(0);
    const link = linkIn(paidMail, 'cancel');
    expect(link.id).toBe(id);
    const [first, second] = await Promise.all([
      anonymous.op('cancelByLink', { params: { id }, body: link }),
      anonymous.op('cancelByLink', { params: { id }, body: link }),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const refund = await mail(/^Refund of ₹50\.00/);
    expect(refund.text).toContain('₹50.00');
    await new Promise((resolve) => setTimeout(resolve, 500));
    const { rows } = await test.platform.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM payments_sandbox.refunds WHERE key LIKE $1`,
      [`refund-${id}-%`],
    );
    expect(rows[0]!.n).toBe(1);
    expect(await mailsTo('user@example.com', /^Refund of .*General Consultation/)).toHaveLength(1);
    expect(await mailsTo('user@example.com', /^Cancelled: General Consultation/)).toHaveLength(1);
  });

  it('tells the superadmins of a registration and its admin of the approval', async () => {
    const email = 'owner.mail@example.com';
    const registered = await anonymous.op('registerProvider', {
      body: {
        businessName: 'Harbour Physio',
        industry: 'Fitness',
        email,
        phone: '9995550177',
        address: '3 Quay Street, Kochi',
        password: 'correct horse battery',
        confirmPassword: 'correct horse battery',
      },
    });
    expect(registered.status).toBe(201);
    expect(
      (await mailTo('superadmin@example.com', /^New provider to review: Harbour Physio/)).text,
    ).toContain(email);
    const superadmin = await test.signedIn('superadmin@example.com');
    const { rows } = await test.platform.pool.query<{ id: string }>(
      'SELECT id FROM rm_accounts.users WHERE email = $1',
      [email],
    );
    expect((await superadmin.op('approveProvider', { body: { id: rows[0]!.id } })).status).toBe(200);
    expect((await mailTo(email, /^Harbour Physio is approved/)).text).toMatch(/\/login/);

    // A rejected registration: its applicant is told before being forgotten (which then takes the
    // mail's words and address from the outbox, as everything of theirs).
    const rejectedEmail = 'owner.rejected@example.com';
    expect(
      (
        await anonymous.op('registerProvider', {
          body: {
            businessName: 'Tideway Physio',
            industry: 'Fitness',
            email: rejectedEmail,
            phone: '9995550178',
            address: '4 Quay Street, Kochi',
            password: 'correct horse battery',
            confirmPassword: 'correct horse battery',
          },
        })
      ).status,
    ).toBe(201);
    const pending = await test.platform.pool.query<{ id: string }>(
      'SELECT id FROM rm_accounts.users WHERE email = $1',
      [rejectedEmail],
    );
    expect((await superadmin.op('rejectProvider', { body: { id: pending.rows[0]!.id } })).status).toBe(200);
    const { rows: notices } = await test.platform.pool.query<{ transport: string; recipient: string }>(
      `SELECT m.transport, m.recipient FROM rm_mail_outbox.messages m
         JOIN es.events e ON e.event_id::text = m.id::text
        WHERE e.event_type = 'ProviderRejected'`,
    );
    expect(notices).toEqual([{ transport: 'local', recipient: 'Forgotten user' }]);
  });
});
