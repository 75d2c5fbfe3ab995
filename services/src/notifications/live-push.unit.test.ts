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

describe('the live push of recorded notifications', () => {
  it('pushes what the batch recorded once it commits, and nothing older than a minute', async () => {
    const pushed: LiveNotification[] = [];
    const hooks: (() => void)[] = [];
    const reactor = livePushReactor(
      (notification) => pushed.push(notification),
      () => NOW,
    );
    await reactor.applyBatch!(
      [
        recorded('fresh', '2026-11-22T11:59:30.000Z'),
        recorded('stale', '2026-11-22T11:58:00.000Z'),
        recorded('gone', '2026-11-22T11:59:50.000Z', 'NotificationDeleted'),
      ],
      { db: undefined as never, schema: 'unused', afterCommit: (hook) => hooks.push(hook) },
    );
    // Nothing goes out before the commit.
    expect(pushed).toEqual([]);
    for (const hook of hooks) hook();
    expect(pushed).toEqual([{ userId: 'u1', audience: 'admin', _id: 'fresh', message: 'm fresh' }]);
  });

  it('asks for no hook when the batch recorded nothing to push', async () => {
    const hooks: (() => void)[] = [];
    const reactor = livePushReactor(
      () => undefined,
      () => NOW,
    );
    await reactor.applyBatch!([recorded('stale', '2026-11-22T10:00:00.000Z')], {
      db: undefined as never,
      schema: 'unused',
      afterCommit: (hook) => hooks.push(hook),
    });
    expect(hooks).toHaveLength(0);
  });
});
