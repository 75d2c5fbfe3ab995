import type pg from 'pg';
import type { LogPosition, RecordedEvent } from '@appointment/contracts/events';
import {
  START,
  comparePositions,
  type EventStore,
  type Subscription,
} from '@appointment/services/eventstore/event-store';
import { inTransaction } from '@appointment/services/db/transaction';
import { migrateCheckpoints, readCheckpoint, writeCheckpoint } from './checkpoints';
import { liveSchema, projectionLockKey, type Projection } from './projection';
import { createProjectionSchema, rebuildProjection } from './rebuild';

export type ProjectionState = 'starting' | 'catching-up' | 'live' | 'stopped';

export interface ProjectorLogger {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface ProjectorOptions {
  batchSize?: number;
  logger?: ProjectorLogger;
}

interface Running {
  projection: Projection;
  state: ProjectionState;
  position: LogPosition;
  subscription?: Subscription;
  waiters: Set<() => void>;
}

export type CommittedListener = (projection: string, events: RecordedEvent[]) => void;

const silent: ProjectorLogger = { info: () => undefined, error: () => undefined };

/**
 * Runs named projections: each catches up from its checkpoint, then follows the log live.
 * Every batch is one transaction holding the projection's lock: the rows and the checkpoint
 * move together, so a crash at any point resumes exactly where the last commit left off.
 */
export class ProjectorRunner {
  private readonly running = new Map<string, Running>();
  private readonly logger: ProjectorLogger;
  private readonly committedListeners = new Set<CommittedListener>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly store: EventStore,
    private readonly projections: Projection[],
    private readonly options: ProjectorOptions = {},
  ) {
    this.logger = options.logger ?? silent;
  }

  async start(): Promise<void> {
    await migrateCheckpoints(this.pool);
    for (const projection of this.projections) {
      await this.prepare(projection);
      const checkpoint = await readCheckpoint(this.pool, projection.name);
      const position = checkpoint?.position ?? START;
      const behind = (await this.store.countAfter(position, 1)) > 0;
      const entry: Running = {
        projection,
        state: behind ? 'catching-up' : 'live',
        position,
        waiters: new Set(),
      };
      this.running.set(projection.name, entry);
      entry.subscription = this.store.subscribe({
        after: entry.position,
        batchSize: this.options.batchSize ?? 500,
        onBatch: (events) => this.handleBatch(entry, events),
        onError: (error) =>
          this.logger.error({ err: error, projection: projection.name }, 'projection batch failed'),
      });
    }
  }

  /** Creates a projection's tables on first start; rebuilds it when its version changed. */
  private async prepare(projection: Projection): Promise<void> {
    const checkpoint = await inTransaction(this.pool, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [projectionLockKey(projection)]);
      const existing = await readCheckpoint(client, projection.name);
      if (!existing) {
        await createProjectionSchema(client, projection, liveSchema(projection));
        await writeCheckpoint(client, projection.name, START, projection.version, 0, 'reset');
      }
      return existing;
    });
    if (checkpoint && checkpoint.version !== projection.version) {
      this.logger.info(
        { projection: projection.name, from: checkpoint.version, to: projection.version },
        'projection version changed: rebuilding',
      );
      await rebuildProjection(this.pool, this.store, projection, { batchSize: this.options.batchSize });
    }
  }

  private async handleBatch(entry: Running, events: RecordedEvent[]): Promise<void> {
    const { projection } = entry;
    entry.position = await inTransaction(this.pool, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [projectionLockKey(projection)]);
      // A rebuild may have swapped in a newer read model and moved the checkpoint ahead.
      const checkpoint = (await readCheckpoint(client, projection.name))?.position ?? START;
      const pending = events.filter((event) => comparePositions(event.position, checkpoint) > 0);
      const schema = liveSchema(projection);
      for (const event of pending) await projection.apply(event, { db: client, schema });
      const last = events[events.length - 1]!.position;
      const position = comparePositions(last, checkpoint) > 0 ? last : checkpoint;
      if (pending.length > 0) {
        await writeCheckpoint(client, projection.name, position, projection.version, pending.length);
      }
      return position;
    });
    if (events.length < (this.options.batchSize ?? 500)) entry.state = 'live';
    for (const listener of this.committedListeners) {
      try {
        listener(projection.name, events);
      } catch (error) {
        this.logger.error({ err: error }, 'a read-model listener failed');
      }
    }
    for (const wake of entry.waiters) wake();
  }

  /**
   * Tells readers in this process that a batch of events reached a read model (after its
   * commit, before read-your-writes waiters wake), so they can drop what they derived from it.
   */
  onCommitted(listener: CommittedListener): () => void {
    this.committedListeners.add(listener);
    return () => this.committedListeners.delete(listener);
  }

  states(): { projection: string; state: ProjectionState; position: LogPosition }[] {
    return [...this.running.values()].map((entry) => ({
      projection: entry.projection.name,
      state: entry.state,
      position: entry.position,
    }));
  }

  /**
   * Read your writes: resolves true once every projection (or those named in `only`) has
   * passed `position`, or false when `timeoutMs` runs out first.
   */
  async waitFor(position: LogPosition, timeoutMs = 5_000, only?: readonly string[]): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    for (const entry of this.running.values()) {
      if (only && !only.includes(entry.projection.name)) continue;
      while (comparePositions(entry.position, position) < 0) {
        const left = deadline - Date.now();
        if (left <= 0) return false;
        await new Promise<void>((resolve) => {
          const wake = () => {
            clearTimeout(timer);
            entry.waiters.delete(wake);
            resolve();
          };
          const timer = setTimeout(wake, Math.min(left, 250));
          entry.waiters.add(wake);
        });
        const checkpoint = await readCheckpoint(this.pool, entry.projection.name);
        if (checkpoint && comparePositions(checkpoint.position, entry.position) > 0)
          entry.position = checkpoint.position;
      }
    }
    return true;
  }

  async stop(): Promise<void> {
    await Promise.all([...this.running.values()].map((entry) => entry.subscription?.close()));
    for (const entry of this.running.values()) entry.state = 'stopped';
  }
}
