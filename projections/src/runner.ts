import type pg from 'pg';
import type { LogPosition, RecordedEvent } from '@appointment/contracts/events';
import {
  START,
  comparePositions,
  type EventStore,
  type Subscription,
} from '@appointment/services/eventstore/event-store';
import { inTransaction } from '@appointment/services/db/transaction';
import {
  advanceCheckpointsSql,
  checkpointsOf,
  migrateCheckpoints,
  readCheckpoint,
  writeCheckpoint,
  type CheckpointMove,
} from './checkpoints';
import { applyEvents, liveSchema, projectionLockKey, type Projection } from './projection';
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
  waiters: Set<() => void>;
}

export type CommittedListener = (projection: string, events: RecordedEvent[]) => void;

interface Applied {
  applied: Map<Running, { position: LogPosition; pending: RecordedEvent[] }>;
  /** What reactors asked to run once the batch is committed. */
  afterCommit: (() => void)[];
}

const silent: ProjectorLogger = { info: () => undefined, error: () => undefined };

const latest = (a: LogPosition, b: LogPosition): LogPosition => (comparePositions(a, b) >= 0 ? a : b);

/**
 * Runs named projections (read models and reactors) from one subscription to the log: each
 * batch is read once and applied to every projection in one transaction that holds their locks
 * and moves their checkpoints with their rows, so a crash at any point resumes exactly where
 * the last commit left off. Should that transaction fail, the batch is applied projection by
 * projection, so one failing projection stalls only itself; the batch then comes again.
 */
export class ProjectorRunner {
  private readonly running = new Map<string, Running>();
  private readonly logger: ProjectorLogger;
  private readonly committedListeners = new Set<CommittedListener>();
  private subscription?: Subscription;

  constructor(
    private readonly pool: pg.Pool,
    private readonly store: EventStore,
    private readonly projections: Projection[],
    private readonly options: ProjectorOptions = {},
  ) {
    this.logger = options.logger ?? silent;
  }

  private get batchSize(): number {
    return this.options.batchSize ?? 2000;
  }

  async start(): Promise<void> {
    await migrateCheckpoints(this.pool);
    for (const projection of this.projections) await this.prepare(projection);
    let from: LogPosition | undefined;
    for (const projection of this.projections) {
      const position = (await readCheckpoint(this.pool, projection.name))?.position ?? START;
      const behind = (await this.store.countAfter(position, 1)) > 0;
      this.running.set(projection.name, {
        projection,
        state: behind ? 'catching-up' : 'live',
        position,
        waiters: new Set(),
      });
      from = from && comparePositions(from, position) <= 0 ? from : position;
    }
    if (!from) return;
    this.subscription = this.store.subscribe({
      after: from,
      batchSize: this.batchSize,
      onBatch: (events) => this.handleBatch(events),
      onError: (error) => this.logger.error({ err: error }, 'projection batch failed'),
    });
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

  private async handleBatch(events: RecordedEvent[]): Promise<void> {
    const entries = [...this.running.values()];
    try {
      const { applied, afterCommit } = await this.applyAll(entries, events);
      this.settle(applied, afterCommit, events.length);
    } catch (error) {
      if (entries.length === 1) throw error;
      // One projection may be the cause: apply each alone, so the others move on.
      const failures: unknown[] = [];
      for (const entry of entries) {
        try {
          const { applied, afterCommit } = await this.applyAll([entry], events);
          this.settle(applied, afterCommit, events.length);
        } catch (failure) {
          this.logger.error({ err: failure, projection: entry.projection.name }, 'projection batch failed');
          failures.push(failure);
        }
      }
      if (failures.length > 0) throw failures[0];
    }
  }

  /**
   * Applies a batch to `entries` in one transaction. The first round trip begins it, takes
   * their locks (in name order, as every runner takes them) and reads their checkpoints; the
   * last one moves the checkpoints and commits. Events a projection already has (a rebuild may
   * have moved it ahead) are skipped.
   */
  private async applyAll(entries: Running[], events: RecordedEvent[]): Promise<Applied> {
    const client = await this.pool.connect();
    const quote = (text: string) => client.escapeLiteral(text);
    try {
      const opened = (await client.query(
        `BEGIN;
         SELECT pg_advisory_xact_lock(hashtext(key))
           FROM unnest(ARRAY[${entries.map((entry) => quote(projectionLockKey(entry.projection))).join(', ')}]::text[]) AS key
          ORDER BY key;
         SELECT * FROM projector.checkpoints
          WHERE projection = ANY (ARRAY[${entries.map((entry) => quote(entry.projection.name)).join(', ')}]::text[]);`,
      )) as unknown as pg.QueryResult[];
      const checkpoints = new Map(
        checkpointsOf(opened[2]!.rows).map((checkpoint) => [checkpoint.projection, checkpoint.position]),
      );
      const last = events[events.length - 1]!.position;
      const applied: Applied['applied'] = new Map();
      const afterCommit: (() => void)[] = [];
      const moved: CheckpointMove[] = [];
      for (const entry of entries) {
        const { projection } = entry;
        const checkpoint = checkpoints.get(projection.name) ?? START;
        const pending = events.filter((event) => comparePositions(event.position, checkpoint) > 0);
        const position = latest(last, checkpoint);
        if (pending.length > 0) {
          await applyEvents(projection, pending, {
            db: client,
            schema: liveSchema(projection),
            afterCommit: (hook: () => void) => afterCommit.push(hook),
          });
          moved.push({
            name: projection.name,
            position,
            version: projection.version,
            applied: pending.length,
          });
        }
        applied.set(entry, { position, pending });
      }
      await client.query(`${advanceCheckpointsSql(moved, quote)} COMMIT;`);
      return { applied, afterCommit };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /** After a commit: positions, states, read-model listeners, after-commit hooks, then waiters. */
  private settle(applied: Applied['applied'], afterCommit: (() => void)[], batchLength: number): void {
    for (const [entry, { position }] of applied) {
      entry.position = latest(position, entry.position);
      if (batchLength < this.batchSize) entry.state = 'live';
    }
    for (const [entry, { pending }] of applied) {
      if (pending.length === 0) continue;
      for (const listener of this.committedListeners) {
        try {
          listener(entry.projection.name, pending);
        } catch (error) {
          this.logger.error({ err: error }, 'a read-model listener failed');
        }
      }
    }
    for (const hook of afterCommit) {
      try {
        hook();
      } catch (error) {
        this.logger.error({ err: error }, 'an after-commit hook failed');
      }
    }
    for (const [entry] of applied) for (const wake of entry.waiters) wake();
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
   * Read your writes: resolves true once every read model (or the projections named in `only`) has
   * passed `position`, or false when `timeoutMs` runs out first.
   */
  async waitFor(position: LogPosition, timeoutMs = 5_000, only?: readonly string[]): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    for (const entry of this.running.values()) {
      if (only ? !only.includes(entry.projection.name) : entry.projection.reactor) continue;
      while (comparePositions(entry.position, position) < 0) {
        const left = deadline - Date.now();
        if (left <= 0) return false;
        // A batch committed here wakes the waiter with the position already known; only when
        // nothing here moved for a while is the stored checkpoint asked (another process, say).
        const woken = await new Promise<boolean>((resolve) => {
          const wake = (byBatch: boolean) => {
            clearTimeout(timer);
            entry.waiters.delete(onBatch);
            resolve(byBatch);
          };
          const onBatch = () => wake(true);
          const timer = setTimeout(() => wake(false), Math.min(left, 250));
          entry.waiters.add(onBatch);
        });
        if (woken) continue;
        const checkpoint = await readCheckpoint(this.pool, entry.projection.name);
        if (checkpoint && comparePositions(checkpoint.position, entry.position) > 0)
          entry.position = checkpoint.position;
      }
    }
    return true;
  }

  async stop(): Promise<void> {
    await this.subscription?.close();
    for (const entry of this.running.values()) entry.state = 'stopped';
  }
}
