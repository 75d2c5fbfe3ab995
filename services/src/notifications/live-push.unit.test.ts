import type { RecordedEvent } from '@appointment/contracts/events';
import type { LiveNotification } from '../realtime/socket-server';
import { livePushReactor } from './notifier.reactor';

const NOW = Date.parse('2026-11-22T12:00:00.000Z');

const recorded = (id: string, createdAt: string, type = 'NotificationCreated'): RecordedEvent => ({
  id: `event-${id}`,
  type,
  streamName: 'notifications-u1',
  streamRevision: 0,
  position: { transactionId: '1', globalPosition: '1' },
  data: { notificationId: id, userId: 'u1', audience: 'admin', message: `m ${id}`, at: createdAt },
  metadata: {},
  createdAt,
});

const context = { db: undefined as never, schema: 'unused' };

describe('the live push of recorded notifications', () => {
  it('pushes what the batch recorded, and nothing older than a minute', async () => {
    const pushed: LiveNotification[] = [];
    const reactor = livePushReactor(
      (batch) => void pushed.push(...batch),
      () => NOW,
    );
    await reactor.applyBatch!(
      [
        recorded('fresh', '2026-11-22T11:59:30.000Z'),
        recorded('stale', '2026-11-22T11:58:00.000Z'),
        recorded('gone', '2026-11-22T11:59:50.000Z', 'NotificationDeleted'),
      ],
      context,
    );
    expect(pushed).toEqual([{ userId: 'u1', audience: 'admin', _id: 'fresh', message: 'm fresh' }]);
  });

  it('finishes the batch, and so lets its checkpoint move, only once every push has left', async () => {
    let leave: () => void = () => undefined;
    const leaving = new Promise<void>((resolve) => (leave = resolve));
    const reactor = livePushReactor(
      () => leaving,
      () => NOW,
    );
    let done = false;
    const batch = reactor.applyBatch!([recorded('fresh', '2026-11-22T11:59:30.000Z')], context).then(() => {
      done = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(done).toBe(false);
    leave();
    await batch;
    expect(done).toBe(true);
  });

  it('fails the batch when a push fails, so it is pushed again with the same _id', async () => {
    const reactor = livePushReactor(
      () => Promise.reject(new Error('Redis is away')),
      () => NOW,
    );
    await expect(
      reactor.applyBatch!([recorded('fresh', '2026-11-22T11:59:30.000Z')], context),
    ).rejects.toThrow('Redis is away');
  });
});
