import { notificationIdOf, notificationsProjection } from '@appointment/projections/notifications.projection';
import { projectionSpec, type GivenEvent } from '../testing/projection-spec';

const created = (userId: string, notificationId: string, at: string, audience = 'user'): GivenEvent => ({
  stream: `notifications-${userId}`,
  type: 'NotificationCreated',
  data: { notificationId, userId, audience, message: `Message ${notificationId}`, at },
});

/** Each person's notification list (docs/product.md §3 Notification, §4 live notifications). */
describe('notifications projection', () => {
  const { given, rows } = projectionSpec('notifications', [notificationsProjection]);
  const listOf = (userId: string) =>
    rows(
      `SELECT id, user_id, audience, message, created_at::text FROM rm_notifications.notifications
        WHERE user_id = $1 ORDER BY created_at, id`,
      [userId],
    );

  it('lists each person’s notifications, once each', async () => {
    await given(
      created('u1', 'n1', '2026-11-22T09:00:00.000Z'),
      created('u1', 'n2', '2026-11-22T09:05:00.000Z', 'admin'),
      created('u1', 'n1', '2026-11-22T09:10:00.000Z'),
      created('u2', 'n3', '2026-11-22T09:00:00.000Z'),
    );
    expect(await listOf('u1')).toEqual([
      {
        id: 'n1',
        user_id: 'u1',
        audience: 'user',
        message: 'Message n1',
        created_at: '2026-11-22 09:00:00+00',
      },
      {
        id: 'n2',
        user_id: 'u1',
        audience: 'admin',
        message: 'Message n2',
        created_at: '2026-11-22 09:05:00+00',
      },
    ]);
    expect(await listOf('u2')).toHaveLength(1);
  });

  it('deletes one notification of its own person only', async () => {
    await given(
      created('u3', 'n4', '2026-11-22T09:00:00.000Z'),
      created('u4', 'n5', '2026-11-22T09:00:00.000Z'),
      {
        stream: 'notifications-u3',
        type: 'NotificationDeleted',
        data: { notificationId: 'n5', userId: 'u3' },
      },
      {
        stream: 'notifications-u3',
        type: 'NotificationDeleted',
        data: { notificationId: 'n4', userId: 'u3' },
      },
    );
    expect(await listOf('u3')).toEqual([]);
    expect(await listOf('u4')).toMatchObject([{ id: 'n5' }]);
  });

  it('clears what existed when the list was cleared; a notification created since stays', async () => {
    await given(
      created('u5', 'n6', '2026-11-22T09:00:00.000Z'),
      created('u5', 'n7', '2026-11-22T09:10:00.000Z'),
      {
        stream: 'notifications-u5',
        type: 'NotificationsCleared',
        data: { userId: 'u5', at: '2026-11-22T09:05:00.000Z' },
      },
    );
    expect(await listOf('u5')).toMatchObject([{ id: 'n7' }]);
  });

  const admin = (userId: string, providerId: string): GivenEvent => ({
    stream: `user-${userId}`,
    type: 'UserRegistered',
    data: { userId, role: 'admin', providerId },
  });
  const booked = (appointmentId: string, userId: string, providerId: string, paid = false): GivenEvent => ({
    stream: `timeslot-${appointmentId}`,
    type: 'IntervalBooked',
    data: {
      appointmentId,
      providerId,
      userId,
      username: 'Ana',
      serviceName: paid ? 'General Consultation' : 'Follow-up Visit',
      providerName: 'Sunrise Clinic',
      startDateTime: '2026-12-01T03:30:00.000Z',
      timezone: 'Asia/Kolkata',
      status: paid ? 'pending' : 'scheduled',
      paymentNeeded: paid,
      // The paid service waits for its provider's confirmation (the demo's General Consultation).
      automaticBooking: !paid,
      at: '2026-11-22T10:00:00.000Z',
    },
  });
  const sourceOf = async (appointmentId: string) =>
    String(
      (
        await rows(
          `SELECT event_id FROM es.events WHERE data->>'appointmentId' = $1 ORDER BY global_position`,
          [appointmentId],
        )
      ).map((row) => row.event_id)[0],
    );

  it('tells of a booking its user and each admin its provider had at that point of the log', async () => {
    await given(
      admin('a1', 'p1'),
      admin('a2', 'p1'),
      admin('a9', 'p9'),
      { stream: 'user-a2', type: 'UserDeleted', data: { at: '2026-11-22T09:00:00.000Z' } },
      booked('b1', 'u10', 'p1'),
      admin('a3', 'p1'),
    );
    const source = await sourceOf('b1');
    expect(await listOf('u10')).toEqual([
      expect.objectContaining({
        id: notificationIdOf(source, 'u10'),
        audience: 'user',
        message:
          'Your appointment for Follow-up Visit at Sunrise Clinic on Tuesday, December 1, 2026 at 9:00 AM is booked.',
      }),
    ]);
    expect(await listOf('a1')).toEqual([
      expect.objectContaining({
        id: notificationIdOf(source, 'a1'),
        audience: 'admin',
        message: 'New appointment: Ana booked Follow-up Visit on Tuesday, December 1, 2026 at 9:00 AM.',
      }),
    ]);
    // Deleted before the booking, registered after it, or another provider's: not told.
    for (const other of ['a2', 'a3', 'a9']) expect(await listOf(other)).toEqual([]);
  });

  it('says a paid booking awaits its payment, then that it is paid; a reminder tells its user', async () => {
    await given(admin('a4', 'p4'), booked('b2', 'u11', 'p4', true), {
      stream: 'timeslot-b2',
      type: 'PaymentConfirmed',
      data: {
        appointmentId: 'b2',
        providerId: 'p4',
        orderId: 'o2',
        paymentId: 'pay2',
        at: '2026-11-22T10:05:00.000Z',
      },
    });
    await given({
      stream: 'reminders-b2',
      type: 'ReminderSent',
      data: {
        userId: 'u11',
        serviceName: 'General Consultation',
        providerName: 'Sunrise Clinic',
        startDateTime: '2026-12-01T03:30:00.000Z',
        timezone: 'Asia/Kolkata',
        at: '2026-11-30T03:30:00.000Z',
      },
    });
    const on = 'Tuesday, December 1, 2026 at 9:00 AM';
    expect((await listOf('u11')).map((row) => row.message)).toEqual([
      `Your appointment for General Consultation at Sunrise Clinic on ${on} awaits payment.`,
      `Your payment for General Consultation at Sunrise Clinic on ${on} is received: it awaits the provider's confirmation.`,
      `Reminder: your appointment for General Consultation at Sunrise Clinic is on ${on}.`,
    ]);
    expect((await listOf('a4')).map((row) => row.message)).toEqual([
      `New appointment awaiting payment: Ana booked General Consultation on ${on}.`,
      `Paid: Ana's appointment for General Consultation on ${on}.`,
    ]);
  });

  it('forgets a person: their list goes, and the admins’ notices about them keep no name', async () => {
    await given(admin('a5', 'p5'), booked('b3', 'u12', 'p5'), {
      stream: 'privacy-u12',
      type: 'PersonForgotten',
      data: { personId: 'u12', kind: 'user', at: '2026-11-22T11:00:00.000Z' },
    });
    expect(await listOf('u12')).toEqual([]);
    expect((await listOf('a5')).map((row) => row.message)).toEqual([
      'A notification about a forgotten user.',
    ]);
  });

  it('tells of a change of a booking: its user always, its admins of a cancellation by the user or the timeout', async () => {
    const changed = (
      appointmentId: string,
      to: string,
      metadata: Record<string, unknown>,
      by?: 'user',
    ): GivenEvent => ({
      stream: `timeslot-${appointmentId}`,
      type: 'AppointmentStatusChanged',
      data: {
        timeSlotId: `t-${appointmentId}`,
        providerId: 'p6',
        appointmentId,
        from: 'pending',
        to,
        ...(by ? { by, late: false } : {}),
        at: '2026-11-22T12:00:00.000Z',
      },
      metadata,
    });
    await given(
      admin('a6', 'p6'),
      booked('c1', 'u13', 'p6'),
      booked('c2', 'u13', 'p6'),
      booked('c3', 'u13', 'p6'),
      booked('c4', 'u13', 'p6'),
      booked('c5', 'u13', 'p6', true),
      changed('c1', 'cancelled', { userId: 'u13', role: 'user' }, 'user'),
      changed('c2', 'cancelled', { system: true, process: 'payment-timeout' }),
      changed('c3', 'scheduled', { userId: 'a6', role: 'admin' }),
      changed('c4', 'cancelled', { userId: 'a6', role: 'admin' }),
      // Scheduled once paid (automatic booking), as the one who paid: the payment says it all.
      changed('c5', 'scheduled', { userId: 'u13', role: 'user' }),
    );
    const on = 'Tuesday, December 1, 2026 at 9:00 AM';
    // All at one instant: compared as sets.
    const ofChanges = (messages: unknown[], leaveOut: RegExp) =>
      messages
        .map(String)
        .filter((message) => !leaveOut.test(message))
        .sort();
    expect(
      ofChanges(
        (await listOf('u13')).map((row) => row.message),
        /is booked\.$|awaits payment\.$/,
      ),
    ).toEqual(
      [
        `Your appointment for Follow-up Visit at Sunrise Clinic on ${on} is cancelled.`,
        `Your appointment for Follow-up Visit at Sunrise Clinic on ${on} was cancelled: it was not paid in time.`,
        `Your appointment for Follow-up Visit at Sunrise Clinic on ${on} is confirmed.`,
        `Your appointment for Follow-up Visit at Sunrise Clinic on ${on} was cancelled by the provider.`,
      ].sort(),
    );
    expect(
      ofChanges(
        (await listOf('a6')).map((row) => row.message),
        /^New appointment/,
      ),
    ).toEqual(
      [
        `Ana cancelled Follow-up Visit on ${on}.`,
        `Ana's unpaid appointment for Follow-up Visit on ${on} was cancelled.`,
      ].sort(),
    );
  });
});
