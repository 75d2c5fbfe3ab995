import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { MESSAGES } from '@appointment/contracts/messages';
import type { Actor } from '../accounts/accounts-context';
import { commandMetadata } from '../domain/command-handler';
import { NotFoundError } from '../domain/errors';
import type { EventStore } from '@appointment/contracts/event-store';
import { ReadYourWrites, type WaitFor } from '../read-your-writes';
import { withFields } from '@appointment/contracts/objects';

/** A person's notifications (docs/product.md §3 Notification), one stream per recipient. */
export const notificationsStream = (userId: string) => `notifications-${userId}`;

/** Users hear appointmentCreated, a provider's admins appointmentCreatedadmin (docs/product.md §6, §7.6). */
export type NotificationAudience = 'user' | 'admin';

export interface AppNotification {
  _id: string;
  message: string;
  createdAt: string;
}

export interface NotificationsDependencies {
  store: EventStore;
  pool: pg.Pool;
  waitFor: WaitFor;
  now?: () => Date;
}

/** Listing and removing a person's notifications (docs/product.md §4, §7.3). */
export class NotificationsService {
  private readonly now: () => Date;
  /** Commands answer once the read models hold their events. */
  private readonly reads: ReadYourWrites;

  constructor(private readonly deps: NotificationsDependencies) {
    this.now = deps.now ?? (() => new Date());
    this.reads = new ReadYourWrites(deps.waitFor);
  }

  async list(actor: Actor): Promise<AppNotification[]> {
    const { rows } = await this.deps.pool.query<{ id: string; message: string; created_at: Date }>(
      `SELECT id, message, created_at FROM rm_notifications.notifications WHERE user_id = $1
        ORDER BY created_at DESC, id LIMIT 200`,
      [actor.userId],
    );
    return rows.map((row) => ({
      _id: row.id,
      message: row.message,
      createdAt: row.created_at.toISOString(),
    }));
  }

  private async append(actor: Actor, type: string, data: Record<string, unknown>): Promise<void> {
    const { now, ...metadata } = commandMetadata(this.now(), actor);
    const result = await this.deps.store.append(
      notificationsStream(actor.userId),
      [{ id: randomUUID(), type, data: withFields(data, { userId: actor.userId, at: now }), metadata }],
      { expectedRevision: 'any' },
    );
    await this.reads.settled(result.position);
  }

  async delete(actor: Actor, notificationId: string): Promise<void> {
    const { rowCount } = await this.deps.pool.query(
      'SELECT 1 FROM rm_notifications.notifications WHERE id = $1 AND user_id = $2',
      [notificationId, actor.userId],
    );
    if (!rowCount) throw new NotFoundError(MESSAGES.notificationNotFound);
    await this.append(actor, 'NotificationDeleted', { notificationId });
  }

  async clear(actor: Actor): Promise<void> {
    await this.append(actor, 'NotificationsCleared', {});
  }
}
