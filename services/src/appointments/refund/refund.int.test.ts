import type { Appointment } from '@appointment/contracts/appointments';
import { DEFAULT_BOOKING_POLICY } from '@appointment/contracts/policy';
import type { TimeSlot } from '@appointment/contracts/schedule';
import { testNow } from '@appointment/infra/testing/clock';
import {
  startTestPlatform,
  sunriseTimeSlots,
  type Caller,
  type TestPlatform,
} from '../../testing/test-platform';
import { issueRefund } from './refund';

/**
 * Refunds (issue 29) through the sandbox gateway and the refund job: a paid booking cancelled in
 * time comes back whole, late it keeps the fee of the policy it was booked under, the provider's
 * Reject gives all back; each refund is made once at the gateway, however often its job runs.
 */
describe('refunds', () => {
  let test: TestPlatform;
  let user: Caller;
  let admin: Caller;
  let timeSlots: TimeSlot[];

  beforeAll(async () => {
    test = await startTestPlatform({
      demoData: true,
      name: 'refunds',
      jobs: true,
      env: { BOOKING_LIMIT: '0' },
    });
    [user, admin] = await Promise.all([
      test.signedIn('user@example.com'),
      test.signedIn('admin@example.com'),
    ]);
    // General Consultation: ₹50.00, two days or more ahead (inside no 24-hour deadline).
    ({ timeSlots } = await sunriseTimeSlots(user, 'General Consultation', testNow() + 2 * 86_400_000));
  });
  afterAll(async () => {
    await test.stop();
  });

  const eventually = async <T>(read: () => Promise<T | undefined>): Promise<T> => {
    for (let i = 0; i < 200; i++) {
      const value = await read();
      if (value !== undefined) return value;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('timed out waiting');
  };
  const appointment = async (id: string) =>
    (await user.op('list')).body.appointments.find((a) => a._id === id)!;
  /** Books interval `index` of the first time slot and pays it through the sandbox checkout. */
  const bookAndPay = async (index: number): Promise<Appointment> => {
    const slot = timeSlots[0]!;
    const booked = await user.op('book', {
      body: {
        servicename: 'General Consultation',
        providerId: slot.providerId,
        timeslotId: slot._id,
        date: slot.date,
        index: String(index),
      },
    });
    expect(booked.status).toBe(201);
    const paid = await user.op('sandboxPay', { body: { orderId: booked.body.order!.id } });
    expect((await user.op('paymentSuccess', { body: paid.body })).status).toBe(202);
    return eventually(async () => {
      const found = await appointment(booked.body.appointment._id);
      return found.paid ? found : undefined;
    });
  };
  const ledger = async (appointmentId: string) =>
    (
      await test.platform.pool.query<{ key: string; amount: string; attempts: number }>(
        `SELECT key, amount, attempts FROM payments_sandbox.refunds WHERE key LIKE $1 ORDER BY key`,
        [`refund-${appointmentId}-%`],
      )
    ).rows.map((row) => ({ ...row, amount: Number(row.amount) }));
  const refunded = (id: string) =>
    eventually(async () => {
      const found = await appointment(id);
      return found.refund?.status === 'refunded' ? found : undefined;
    });

  it('gives a payment back whole before the deadline, once, however often the refund job runs', async () => {
    const paid = await bookAndPay(1);
    const cancelled = await user.op('cancelAppointment', { params: { id: paid._id } });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.refund).toMatchObject({ amount: 50, fee: 0, currency: 'INR' });
    expect(cancelled.body.appointment).toMatchObject({ status: 'cancelled', cancelledBy: 'user' });

    const done = await refunded(paid._id);
    expect(done.refund).toEqual({ amount: 50, fee: 0, currency: 'INR', status: 'refunded' });
    expect(await ledger(paid._id)).toEqual([{ key: `refund-${paid._id}-1`, amount: 5000, attempts: 1 }]);

    // The job again, as after a worker killed between the gateway's answer and the record.
    const job = {
      appointmentId: paid._id,
      timeSlotId: paid.timeslotId,
      refundKey: `refund-${paid._id}-1`,
      paymentId: (await ledgerPayment(paid._id))!,
      amount: 5000,
      currency: 'INR',
    };
    await issueRefund(test.platform.appointments, job);
    expect(await ledger(paid._id)).toEqual([{ key: job.refundKey, amount: 5000, attempts: 2 }]);
    const { rows } = await test.platform.pool.query(
      `SELECT 1 FROM es.events WHERE event_type = 'PaymentRefunded' AND data->>'appointmentId' = $1`,
      [paid._id],
    );
    expect(rows).toHaveLength(1);
    const { body } = await user.op('notifications');
    expect(body.notifications.map((n: { message: string }) => n.message)).toContainEqual(
      expect.stringMatching(
        /^₹50\.00 of your payment for General Consultation at Sunrise Clinic on .* was refunded\.$/,
      ),
    );
  });

  it('keeps the late fee of the policy a booking was made under, whatever the policy says later', async () => {
    const underDefault = await bookAndPay(2);
    // 30 days' notice and a 20 % fee from now on: only bookings made from now are late.
    await admin.op('setBookingPolicy', {
      body: {
        ...DEFAULT_BOOKING_POLICY,
        cancelDeadlineHours: 720,
        lateCancelFee: { kind: 'percent', value: 20 },
      },
    });
    const underStrict = await bookAndPay(3);
    expect(underStrict.policy).toMatchObject({ cancelDeadlineHours: 720 });

    const inTime = await user.op('cancelAppointment', { params: { id: underDefault._id } });
    expect(inTime.body.refund).toMatchObject({ amount: 50, fee: 0 });
    const late = await user.op('cancelAppointment', { params: { id: underStrict._id } });
    expect(late.body.refund).toMatchObject({ amount: 40, fee: 10 });
    expect(late.body.appointment).toMatchObject({ lateCancel: true });
    expect((await refunded(underStrict._id)).refund).toEqual({
      amount: 40,
      fee: 10,
      currency: 'INR',
      status: 'refunded',
    });
    expect(await ledger(underStrict._id)).toEqual([
      { key: `refund-${underStrict._id}-1`, amount: 4000, attempts: 1 },
    ]);
    await admin.op('setBookingPolicy', { body: DEFAULT_BOOKING_POLICY });
  });

  it('gives all back when the provider rejects a paid booking, and tells the user', async () => {
    const refundNotices = async () =>
      (await user.op('notifications')).body.notifications.filter((n: { message: string }) =>
        /^₹50\.00 of your payment/.test(n.message),
      ).length;
    const before = await refundNotices();
    const paid = await bookAndPay(4);
    const rejected = await admin.op('updateStatus', { body: { id: paid._id, status: 'cancelled' } });
    expect(rejected.status).toBe(200);
    const done = await refunded(paid._id);
    expect(done).toMatchObject({
      cancelledBy: 'provider',
      refund: { amount: 50, fee: 0, status: 'refunded' },
    });
    expect(await ledger(paid._id)).toEqual([{ key: `refund-${paid._id}-1`, amount: 5000, attempts: 1 }]);
    const messages = (await user.op('notifications')).body.notifications.map(
      (n: { message: string }) => n.message,
    );
    expect(
      messages.filter((m: string) => m.includes('was cancelled by the provider.')).length,
    ).toBeGreaterThan(0);
    expect(await refundNotices()).toBe(before + 1);
  });

  /** The payment the sandbox refunded for an appointment. */
  const ledgerPayment = async (appointmentId: string) =>
    (
      await test.platform.pool.query<{ payment_id: string }>(
        `SELECT payment_id FROM payments_sandbox.refunds WHERE key = $1`,
        [`refund-${appointmentId}-1`],
      )
    ).rows[0]?.payment_id;
});
