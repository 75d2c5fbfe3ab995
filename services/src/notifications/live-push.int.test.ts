import { notificationIdOf, notificationsProjection } from '@appointment/projections/notifications.projection';
import type { LiveNotification } from '../realtime/socket-server';
import { projectionSpec, type GivenEvent } from '../testing/projection-spec';
import { livePushReactor } from './live-push';

const booked = (appointmentId: string): GivenEvent => ({
  stream: `timeslot-${appointmentId}`,
  type: 'IntervalBooked',
  data: {
    appointmentId,
    providerId: 'p1',
    userId: 'u1',
    username: 'Ana',
    serviceName: 'Follow-up Visit',
    providerName: 'Sunrise Clinic',
    startDateTime: '2026-12-01T03:30:00.000Z',
    timezone: 'Asia/Kolkata',
    status: 'scheduled',
    paymentNeeded: false,
    at: '2026-11-22T10:00:00.000Z',
  },
});

/**
 * What the push is doing: `fail` makes the next push fail, `hold` keeps the next ones from
 * leaving until `release` is called.
 */
const pushes = {
  sent: [] as LiveNotification[],
  fail: false,
  held: undefined as Promise<void> | undefined,
  release: () => undefined as void,
  hold() {
    this.held = new Promise<void>((resolve) => (this.release = resolve));
  },
};

/** The live push of new notifications (docs/product.md §4, §7.6), on a real log and read model. */
describe('the live push of new notifications', () => {
  const { given, rows } = projectionSpec('live_push', [
    notificationsProjection,
    livePushReactor(async (batch) => {
      if (pushes.fail) {
        pushes.fail = false;
        throw new Error('Redis is away');
      }
      await pushes.held;
      pushes.sent.push(...batch);
    }),
  ]);
  const sourceOf = async (appointmentId: string) =>
    String(
      (await rows(`SELECT event_id FROM es.events WHERE data->>'appointmentId' = $1`, [appointmentId]))[0]!
        .event_id,
    );
  const pushedCheckpoint = async () =>
    Number(
      (await rows(`SELECT events_applied FROM projector.checkpoints WHERE projection = 'live_push'`))[0]
        ?.events_applied ?? 0,
    );
  const until = async (done: () => boolean | Promise<boolean>) => {
    for (let i = 0; i < 200 && !(await done()); i++) await new Promise((resolve) => setTimeout(resolve, 25));
  };

  it('pushes the notifications the read model made of a booking, to its user and the admin', async () => {
    await given(
      { stream: 'user-a1', type: 'UserRegistered', data: { userId: 'a1', role: 'admin', providerId: 'p1' } },
      booked('b1'),
    );
    const source = await sourceOf('b1');
    await until(() => pushes.sent.length >= 2);
    expect(pushes.sent).toHaveLength(2);
    expect(pushes.sent).toEqual(
      expect.arrayContaining([
        {
          userId: 'a1',
          audience: 'admin',
          _id: notificationIdOf(source, 'a1'),
          message: 'New appointment: Ana booked Follow-up Visit on Tuesday, December 1, 2026 at 9:00 AM.',
        },
        {
          userId: 'u1',
          audience: 'user',
          _id: notificationIdOf(source, 'u1'),
          message:
            'Your appointment for Follow-up Visit at Sunrise Clinic on Tuesday, December 1, 2026 at 9:00 AM is booked.',
        },
      ]),
    );
  });

  it('moves its checkpoint only once the push has left, and pushes again with the same _id after a failure', async () => {
    pushes.sent = [];
    pushes.hold();
    const before = await pushedCheckpoint();
    await given(booked('b2'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await pushedCheckpoint()).toBe(before);
    pushes.release();
    await until(async () => (await pushedCheckpoint()) > before);
    expect(pushes.sent.map((each) => each._id)).toContain(notificationIdOf(await sourceOf('b2'), 'u1'));

    pushes.sent = [];
    pushes.fail = true;
    await given(booked('b3'));
    const id = notificationIdOf(await sourceOf('b3'), 'u1');
    await until(() => pushes.sent.some((each) => each._id === id));
    expect(pushes.sent.filter((each) => each._id === id)).toHaveLength(1);
    expect(pushes.fail).toBe(false);
  });
});
