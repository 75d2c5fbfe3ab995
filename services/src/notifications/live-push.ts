import type { RecordedEvent } from '@appointment/contracts/events';
import {
  batchReactor,
  readerOf,
  type ApplyContext,
  type Projection,
} from '@appointment/projections/projection';
import { NOTIFYING_EVENT_TYPES } from '@appointment/projections/notifications.projection';
import type { LiveNotification } from '../realtime/socket-server';
import type { NotificationAudience } from './notifications';

/**
 * Where a batch's notifications go live once recorded (docs/product.md §7.6). It resolves once the
 * pushes have left this process (published to Redis, say), or returns at once when in-process.
 */
export type LivePush = (notifications: LiveNotification[]) => void | Promise<void>;

/** A notification recorded longer ago than this is not news: it waits in the list. */
const LIVE_FOR_MS = 60_000;

/** The events a notification comes from: the facts rm_notifications reads, and recorded notices. */
const TELLING = new Set<string>([...NOTIFYING_EVENT_TYPES, 'NotificationCreated']);

/**
 * Pushes each new notification live (docs/product.md §4, §7.6): those rm_notifications made of the
 * batch's bookings, payments, reminders and recorded notices. A reactor sees only events every
 * read model already holds (the runner's floor), so the list a client reads on the push holds
 * it, and the read models it refreshes (rm_appointments, say) hold the booking. The push leaves
 * before this reactor's checkpoint moves: a batch retried after a failure, or after the projector
 * died between the push and its commit, pushes again, with the same `_id` (a client keeps one per
 * `_id`). Delivery is at least once. Catching up after a stop, what was recorded more than a
 * minute ago is not pushed; a notification deleted before its push is not pushed.
 */
export const livePushReactor = (push: LivePush, now: () => number = Date.now): Projection => {
  const applyBatch = async (events: RecordedEvent[], context: ApplyContext): Promise<void> => {
    const since = now() - LIVE_FOR_MS;
    const sources = events
      .filter((event) => TELLING.has(event.type) && Date.parse(event.createdAt) >= since)
      .map((event) => event.id);
    if (sources.length === 0) return;
    const { rows } = await readerOf(context).query<{
      id: string;
      user_id: string;
      audience: NotificationAudience;
      message: string;
    }>(
      `SELECT id, user_id, audience, message FROM rm_notifications.notifications
        WHERE source_event_id = ANY($1::text[]) ORDER BY created_at, id`,
      [sources],
    );
    if (rows.length > 0)
      await push(
        rows.map((row) => ({
          userId: row.user_id,
          audience: row.audience,
          _id: row.id,
          message: row.message,
        })),
      );
  };
  return batchReactor('live_push', applyBatch);
};
