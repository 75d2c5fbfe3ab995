import { notificationsProjection } from '@appointment/projections/notifications.projection';
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
});
