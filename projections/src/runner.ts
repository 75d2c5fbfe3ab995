import type pg from 'pg';
import type { LogPosition, RecordedEvent } from '@appointment/contracts/events';
import {
  START,
  comparePositions,
  type EventStore,
  type Subscription,
} from '@appointment/contracts/event-store';
import { inTransaction } from './db/transaction';
import {
  migrateCheckpoints,
  moveIdleCheckpoints,
  readCheckpoint,
  writeCheckpoint,
  type IdleMove,
} from './checkpoints';
import { applyEvents, liveSchema, projectionLockKey, type Projection } from './projection';
import { applyParking, isOutage, parkedStreams } from './parking';
import {
  CheckpointMovedError,
  ProjectionTransaction,
  SharedProjectionTransaction,
} from './projection-transaction';
import { createProjectionSchema, rebuildProjection } from './rebuild';

export type ProjectionState = 'starting' | 'catching-up' | 'live' | 'stopped';

export interface ProjectorLogger {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface ProjectorOptions {
  batchSize?: number;
  /**
   * After a batch smaller than `batchSize`, how long the subscription gathers events before it
   * reads the next (0: at once), unless a reader waits for a position. Every batch costs each
   * projection it touches a transaction, whatever its size: under a steady stream of bookings,
   * batches read as fast as they come hold a few events each, and those round trips cost more
   * CPU than the events. Gathering trades a few milliseconds of a notification's latency for them.
   */
  gatherMs?: number;
  logger?: ProjectorLogger;
}

interface Running {
  projection: Projection;
  state: ProjectionState;
  position: LogPosition;
  /**
   * The checkpoint known to be stored (this runner wrote or read it last), from which a batch
   * can be cut without reading it first; undefined when another writer may have moved it.
   */
  stored?: LogPosition;
  waiters: Set<() => void>;
  /** Fed by the shared subscription; otherwise it reads the log alone until it has caught up. */
  joined: boolean;
  catchingUp?: Promise<void>;
  /**
   * Streams whose events this projection has parked: their later events are parked
   * too, in order, until `ops retry-parked` applies them. Read again inside the projection's lock
   * whenever a batch meets one of them, or another writer may have moved things.
   */
  parked: Set<string>;
}

/** A batch that asked nothing of a projection's transaction: its checkpoint's move, to make. */
interface IdleBatch extends Pick<IdleMove, 'from' | 'to'> {
  pending: RecordedEvent[];
}

export type CommittedListener = (projection: string, events: RecordedEvent[]) => void;

/** A batch holds events of a parked stream: it is applied event by event instead. */
class MeetsParked extends Error {}

/**
 * The largest batch the read models take in one transaction (applyTogether). A small batch's
 * transactions cost more than its rows, and one transaction instead of one per read model halved
 * the statements per booking at 100 bookings/s; a large batch's rows cost more, and on one
 * connection the read models take it one after the other instead of side by side: flat out
 * (batches of hundreds of events), with no limit, that made notifications 1.4x slower
 * (docs/performance.md, 2026-12-08).
 */
const SHARED_BATCH_MAX = 100;

const silent: ProjectorLogger = { info: () => undefined, error: () => undefined };

const latest = (a: LogPosition, b: LogPosition): LogPosition => (comparePositions(a, b) >= 0 ? a : b);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs named projections (read models and reactors) from one subscription to the log
 * (docs/architecture.md §5): each batch is read once and fed to every projection that has caught
 * up, each in its own transaction that holds its lock and moves its checkpoint with its rows, so
 * a crash at any point resumes exactly where each one's last commit left off; one the batch
 * holds nothing for opens no transaction, and the idle ones' checkpoints move in one statement.
 * The read models take a batch side by side, then the reactors (which read the read models: the
 * live push reads rm_notifications) side by side, while the read models go on to the next batch. A
 * projection that is behind (new, or failing) reads the log alone until it reaches the
 * subscription, then joins it; one that fails leaves the others moving.
 */
export class ProjectorRunner {
  private readonly running = new Map<string, Running>();
  private readonly logger: ProjectorLogger;
  private readonly committedListeners = new Set<CommittedListener>();
  private subscription?: Subscription;
  /** The last position the subscription has handed out: a projection past it may join. */
  private delivered: LogPosition = START;
  /** The reactors' turn at the last batch, which may still be running. */
  private reactorsTurn: Promise<void> = Promise.resolve();
  private stopped = false;
  /** Ends the gathering pause at once: a reader waits for a position. */
  private endGathering?: () => void;

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
    const positions = new Map<string, LogPosition>();
    for (const projection of this.projections) {
      positions.set(projection.name, (await readCheckpoint(this.pool, projection.name))?.position ?? START);
    }
    if (positions.size === 0) return;
    // The subscription starts where the furthest projection is; the others catch up to it alone.
    const head = [...positions.values()].reduce(latest);
    const behind = (await this.store.countAfter(head, 1)) > 0;
    const parked = await this.pool.query<{ projection: string; stream_name: string }>(
      'SELECT DISTINCT projection, stream_name FROM projector.parked',
    );
    for (const projection of this.projections) {
      const position = positions.get(projection.name)!;
      const joined = comparePositions(position, head) >= 0;
      this.running.set(projection.name, {
        projection,
        state: joined && !behind ? 'live' : 'catching-up',
        position,
        stored: position,
        waiters: new Set(),
        joined,
        parked: new Set(
          parked.rows.filter((row) => row.projection === projection.name).map((row) => row.stream_name),
        ),
      });
    }
    this.delivered = head;
    this.subscription = this.store.subscribe({
      after: head,
      batchSize: this.batchSize,
      onBatch: (events) => this.handleBatch(events),
      onError: (error) => this.logger.error({ err: error }, 'projection batch failed'),
    });
    for (const entry of this.running.values()) if (!entry.joined) this.catchUp(entry);
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

  /**
   * One batch of the subscription, for the projections that have joined it: the read models,
   * then the reactors. The reactors' turn runs while the read models take the next batch (at
   * most one reactors' turn in flight), so a read model is not held back by side effects, and a
   * reactor still sees only batches every read model has taken. A projection whose batch fails
   * leaves the subscription and catches up alone, retrying, so it stalls only itself.
   */
  private async handleBatch(events: RecordedEvent[]): Promise<void> {
    this.delivered = latest(events[events.length - 1]!.position, this.delivered);
    const readModels = [...this.running.values()].filter(
      (entry) => entry.joined && !entry.projection.reactor,
    );
    await this.applyPhase(readModels, events);
    // The reactors of the batch before finish first: each reactor takes batches in order.
    await this.reactorsTurn;
    const reactors = [...this.running.values()].filter((entry) => entry.joined && entry.projection.reactor);
    this.reactorsTurn = this.applyPhase(reactors, events);
    await this.gather(events.length);
  }

  /** A pause after a small batch, so the next holds more events (`gatherMs`). */
  private async gather(batched: number): Promise<void> {
    const ms = this.options.gatherMs ?? 0;
    if (ms <= 0 || batched >= this.batchSize || this.stopped || this.someoneWaits()) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => this.endGathering?.(), ms);
      this.endGathering = () => {
        clearTimeout(timer);
        this.endGathering = undefined;
        resolve();
      };
    });
  }

  private someoneWaits(): boolean {
    for (const entry of this.running.values()) if (entry.waiters.size > 0) return true;
    return false;
  }

  /** A batch for a set of projections side by side; each that fails goes on alone. */
  private async applyPhase(entries: Running[], events: RecordedEvent[]): Promise<void> {
    const results = await this.applyAll(entries, events);
    results.forEach((result, i) => {
      const entry = entries[i]!;
      if (result.status === 'fulfilled') {
        if (events.length < this.batchSize && entry.joined) entry.state = 'live';
        return;
      }
      this.logger.error(
        { err: result.reason, projection: entry.projection.name },
        'projection batch failed: it catches up alone',
      );
      entry.joined = false;
      entry.state = 'catching-up';
      this.catchUp(entry);
    });
  }

  /**
   * A batch for each projection, side by side; then the checkpoints of those the batch held
   * nothing for move together, in one round trip.
   */
  private async applyAll(entries: Running[], events: RecordedEvent[]): Promise<PromiseSettledResult<void>[]> {
    if (
      entries.length > 1 &&
      events.length <= SHARED_BATCH_MAX &&
      (await this.applyTogether(entries, events))
    ) {
      return entries.map(() => ({ status: 'fulfilled', value: undefined }));
    }
    const results = await Promise.allSettled(entries.map((entry) => this.applyTo(entry, events)));
    const idle = results.flatMap((result, i) =>
      result.status === 'fulfilled' && result.value ? [{ entry: entries[i]!, ...result.value }] : [],
    );
    let failure: PromiseRejectedResult | undefined;
    if (idle.length > 0) {
      try {
        const moved = await moveIdleCheckpoints(
          this.pool,
          idle.map(({ entry, from, to, pending }) => ({
            name: entry.projection.name,
            from,
            to,
            applied: pending.length,
          })),
        );
        for (const { entry, to } of idle) {
          // Not moved: another writer moved it meanwhile; the next batch reads it first.
          entry.stored = moved.has(entry.projection.name) ? to : undefined;
        }
      } catch (error) {
        for (const { entry } of idle) entry.stored = undefined;
        failure = { status: 'rejected', reason: error };
      }
    }
    return results.map((result) =>
      result.status === 'rejected'
        ? result
        : result.value && failure
          ? failure
          : { status: 'fulfilled', value: undefined },
    );
  }

  /**
   * A batch for several read models in one transaction (SharedProjectionTransaction), when each
   * one's stored checkpoint is known, the batch meets none of their parked streams, no lock is
   * held elsewhere and the checkpoints are still those known: their statements one after the
   * other on one connection, their checkpoints moved together with their rows. Anything else, and
   * any failure, answers false having committed nothing, and the batch is then applied to each
   * alone (`applyTo`), which cuts, parks, retries and reports as it always did. Reactors never
   * share a transaction: their effects must not run again because another failed.
   */
  private async applyTogether(entries: Running[], events: RecordedEvent[]): Promise<boolean> {
    const last = events[events.length - 1]!.position;
    const cuts: { entry: Running; cutFrom: LogPosition; pending: RecordedEvent[]; position: LogPosition }[] =
      [];
    for (const entry of entries) {
      const cutFrom = entry.stored;
      if (entry.projection.reactor || !cutFrom) return false;
      const pending = events.filter((event) => comparePositions(event.position, cutFrom) > 0);
      if (pending.some((event) => entry.parked.has(event.streamName))) return false;
      cuts.push({ entry, cutFrom, pending, position: latest(last, cutFrom) });
    }
    const busy = cuts.filter((cut) => cut.pending.length > 0);
    if (busy.length < 2) return false;
    let transaction: SharedProjectionTransaction | undefined;
    let committed = false;
    try {
      transaction = await SharedProjectionTransaction.open(
        this.pool,
        busy.map((cut) => cut.entry.projection),
      );
      if (!transaction) return false;
      for (const cut of busy) {
        if (comparePositions(transaction.storedFor(cut.entry.projection), cut.cutFrom) !== 0) {
          cut.entry.stored = undefined;
          return false;
        }
      }
      for (const { entry, pending } of busy) {
        await applyEvents(entry.projection, pending, {
          db: transaction.db,
          read: this.pool,
          schema: liveSchema(entry.projection),
        });
      }
      await transaction.commit(
        busy.map(({ entry, position, pending }) => ({
          name: entry.projection.name,
          position,
          version: entry.projection.version,
          applied: pending.length,
        })),
      );
      committed = true;
    } catch {
      // Applied to each alone next, the batch finds what failed again: a data error parks its
      // event, an outage fails the batch. A failed commit may have committed: read them first.
      for (const cut of busy) cut.entry.stored = undefined;
      return false;
    } finally {
      await transaction?.close(committed);
    }
    for (const { entry, cutFrom, pending, position } of cuts) {
      // A checkpoint stored ahead of the log this runner has seen is another writer's: read again.
      if (pending.length > 0) entry.stored = comparePositions(cutFrom, last) > 0 ? undefined : position;
      this.settle(entry, position, pending);
    }
    return true;
  }

  /** Reads the log for one projection until it reaches the subscription, then joins it. */
  private catchUp(entry: Running): void {
    if (entry.catchingUp || this.stopped) return;
    entry.catchingUp = (async () => {
      let failures = 0;
      while (!this.stopped) {
        // No await between this check and the join: a batch either started before (and this
        // projection reads it alone) or starts after, and feeds it.
        if (comparePositions(entry.position, this.delivered) >= 0) {
          entry.joined = true;
          break;
        }
        try {
          const events = this.readable(
            entry,
            await this.store.readAll({ after: entry.position, limit: this.batchSize }),
          );
          if (events.length === 0) await sleep(50);
          else {
            const [result] = await this.applyAll([entry], events);
            if (result!.status === 'rejected') throw result!.reason;
          }
          failures = 0;
        } catch (error) {
          failures++;
          this.logger.error({ err: error, projection: entry.projection.name }, 'projection batch failed');
          await sleep(Math.min(100 * 2 ** failures, 5_000));
        }
      }
      entry.catchingUp = undefined;
    })();
  }

  /**
   * What a projection catching up alone may apply now: a reactor reads the read models (the
   * live push reads rm_notifications), so it goes no further than the read model furthest behind.
   */
  private readable(entry: Running, events: RecordedEvent[]): RecordedEvent[] {
    if (!entry.projection.reactor) return events;
    const readModels = [...this.running.values()].filter((other) => !other.projection.reactor);
    if (readModels.length === 0) return events;
    const floor = readModels
      .map((other) => other.position)
      .reduce((a, b) => (comparePositions(a, b) <= 0 ? a : b));
    return events.filter((event) => comparePositions(event.position, floor) <= 0);
  }

  /**
   * Applies a batch to one projection in its own transaction (ProjectionTransaction), opened by
   * its first statement. Events it already has (a rebuild may have moved it ahead) are skipped.
   * When the stored checkpoint is known, the batch is cut from it at once, and a batch with
   * nothing for the projection opens no transaction: its checkpoint move is answered, for
   * `applyAll` to make with the others'. Otherwise the transaction opens first and reads it.
   *
   * A batch that fails on its data, or that holds events of a parked stream, is applied again
   * event by event (`parking`): what cannot be applied is parked with the rest of its stream, and
   * the checkpoint moves past the batch. An outage fails the batch whole.
   */
  private async applyTo(
    entry: Running,
    events: RecordedEvent[],
    parking = false,
  ): Promise<IdleBatch | undefined> {
    const { projection } = entry;
    const transaction = new ProjectionTransaction(this.pool, projection);
    let committed = false;
    let retry: 'cut again' | 'parking' | undefined;
    try {
      const cutFrom = entry.stored ?? (await transaction.open());
      const pending = events.filter((event) => comparePositions(event.position, cutFrom) > 0);
      const last = events[events.length - 1]!.position;
      const position = latest(last, cutFrom);
      if (!parking && pending.some((event) => entry.parked.has(event.streamName))) throw new MeetsParked();
      if (pending.length > 0) {
        const context = { db: transaction.db(cutFrom), read: this.pool, schema: liveSchema(projection) };
        if (parking) {
          // Inside the projection's lock: the streams parked now (`ops retry-parked` may have run).
          entry.parked = await parkedStreams(context.db, projection.name);
          const parked = await applyParking(projection, pending, context, entry.parked);
          for (const event of parked) {
            this.logger.error({ ...event }, 'event parked');
          }
        } else {
          await applyEvents(projection, pending, context);
        }
      }
      if (!transaction.opened) {
        if (pending.length > 0) {
          // Its rows already are what the batch makes them: whoever waits for this read model
          // reads it now, not once the slowest projection of the batch and the checkpoint move
          // are done (a booking's answer waits for rm_waitlist, which bookings never touch).
          this.settle(entry, position, pending);
          return { from: cutFrom, to: position, pending };
        }
        this.settle(entry, position, pending);
        return undefined;
      }
      await transaction.commit(
        pending.length > 0
          ? [{ name: projection.name, position, version: projection.version, applied: pending.length }]
          : [],
      );
      committed = true;
      // A checkpoint stored ahead of the log this runner has seen is another writer's: read again.
      entry.stored = comparePositions(cutFrom, last) > 0 ? undefined : position;
      this.settle(entry, position, pending);
      return undefined;
    } catch (error) {
      if (error instanceof CheckpointMovedError) retry = 'cut again';
      else if (error instanceof MeetsParked) retry = 'parking';
      else {
        entry.stored = undefined;
        if (parking || isOutage(error)) throw error;
        retry = 'parking';
      }
    } finally {
      await transaction.close(committed);
    }
    if (retry === 'parking') return this.applyTo(entry, events, true);
    // Another writer moved the checkpoint: cut the batch again from the one stored now.
    entry.stored = undefined;
    return this.applyTo(entry, events, parking);
  }

  /** After a commit: the position, read-model listeners, then waiters. */
  private settle(entry: Running, position: LogPosition, pending: RecordedEvent[]) {
    entry.position = latest(position, entry.position);
    if (pending.length > 0) {
      for (const listener of this.committedListeners) {
        try {
          listener(entry.projection.name, pending);
        } catch (error) {
          this.logger.error({ err: error }, 'a read-model listener failed');
        }
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
          this.endGathering?.();
        });
        if (woken) continue;
        const checkpoint = await readCheckpoint(this.pool, entry.projection.name);
        if (checkpoint && comparePositions(checkpoint.position, entry.position) > 0) {
          entry.position = checkpoint.position;
          // Another writer moved it: the next batch reads it first.
          entry.stored = undefined;
        }
      }
    }
    return true;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.endGathering?.();
    await this.subscription?.close();
    await this.reactorsTurn;
    await Promise.all([...this.running.values()].map((entry) => entry.catchingUp));
    for (const entry of this.running.values()) entry.state = 'stopped';
  }
}
