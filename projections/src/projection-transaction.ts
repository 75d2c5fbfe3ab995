import type pg from 'pg';
import type { LogPosition } from '@appointment/contracts/events';
import { START, comparePositions } from '@appointment/contracts/event-store';
import { BEGIN_PROJECTION, advanceCheckpointsSql, checkpointsOf, type CheckpointMove } from './checkpoints';
import { projectionLockKey, type Projection, type Queryable } from './projection';

/**
 * The checkpoint stored for a projection is not the one its batch was cut from: another writer
 * (a rebuild's swap, another runner) moved it. The batch is rolled back and cut again.
 */
export class CheckpointMovedError extends Error {
  constructor(projection: string) {
    super(`the checkpoint of ${projection} moved under this batch`);
  }
}

/**
 * One projection's transaction for one batch, opened by its first statement: the first round
 * trip begins it, takes the projection's lock and reads its stored checkpoint; the last one
 * moves the checkpoint and commits. A batch that asks nothing of the database (no event it
 * handles) never opens one, and costs no round trip of its own.
 *
 * The commit does not wait for the disk (synchronous_commit off, for this transaction only):
 * a database crash can lose the last such commits, but rows and checkpoint together, in log
 * order, so the projection applies those events again; reactors' effects are idempotent by
 * event id. The events themselves are always committed durably.
 */
export class ProjectionTransaction {
  private client?: pg.PoolClient;
  private opening?: Promise<LogPosition>;

  constructor(
    private readonly pool: pg.Pool,
    private readonly projection: Projection,
  ) {}

  get opened(): boolean {
    return this.opening !== undefined;
  }

  /** Opens the transaction once; the checkpoint stored when it took the lock. */
  open(): Promise<LogPosition> {
    this.opening ??= this.begin();
    return this.opening;
  }

  private async begin(): Promise<LogPosition> {
    this.client = await this.pool.connect();
    const quote = (text: string) => this.client!.escapeLiteral(text);
    const opened = (await this.client.query(
      `${BEGIN_PROJECTION}
       SELECT pg_advisory_xact_lock(hashtext(${quote(projectionLockKey(this.projection))}));
       SELECT * FROM projector.checkpoints WHERE projection = ${quote(this.projection.name)};`,
    )) as unknown as pg.QueryResult[];
    return checkpointsOf(opened[3]!.rows)[0]?.position ?? START;
  }

  /**
   * The database as the batch's `apply` sees it: the first statement opens the transaction.
   * `cutFrom` is the checkpoint the batch was cut from; when another is stored, every statement
   * fails with CheckpointMovedError.
   */
  db(cutFrom: LogPosition): Queryable {
    const query = async (...args: unknown[]) => {
      const stored = await this.open();
      if (comparePositions(stored, cutFrom) !== 0) throw new CheckpointMovedError(this.projection.name);
      return (this.client!.query as (...a: unknown[]) => unknown)(...args);
    };
    return { query: query as Queryable['query'] };
  }

  /** Moves the checkpoints (none, when the batch held nothing new) and commits. */
  async commit(moved: CheckpointMove[]): Promise<void> {
    await this.open();
    await this.client!.query(
      `${advanceCheckpointsSql(moved, (text) => this.client!.escapeLiteral(text))} COMMIT;`,
    );
  }

  /** Rolls back unless committed, and gives the connection back; nothing when never opened. */
  async close(committed: boolean): Promise<void> {
    if (this.opening) await this.opening.catch(() => undefined);
    const { client } = this;
    if (!client) return;
    this.client = undefined;
    if (!committed) await client.query('ROLLBACK').catch(() => undefined);
    client.release();
  }
}

/**
 * One transaction for the batch of several read models (issue 28): a batch that every read model
 * takes costs one connection and two round trips of their own in all, not one transaction each
 * (at a steady stream of bookings most batches hold a few events, and their transactions cost
 * more than their rows). The first round trip begins it, tries every projection's lock and reads
 * their checkpoints; the last moves them all and commits. A lock held elsewhere (a rebuild
 * swapping that read model in) is not waited for: `open` answers undefined, having rolled back, and
 * the runner applies the batch to each read model alone, so only that one waits.
 */
export class SharedProjectionTransaction {
  private constructor(
    private readonly client: pg.PoolClient,
    /** The checkpoints stored when the locks were taken, by projection. */
    readonly stored: ReadonlyMap<string, LogPosition>,
  ) {}

  static async open(
    pool: pg.Pool,
    projections: readonly Projection[],
  ): Promise<SharedProjectionTransaction | undefined> {
    const client = await pool.connect();
    const quote = (text: string) => client.escapeLiteral(text);
    const list = (texts: string[]) => `ARRAY[${texts.map(quote).join(', ')}]::text[]`;
    /** Rolled back and given back to the pool, once. */
    const giveBack = async () => {
      await client.query('ROLLBACK').catch(() => undefined);
      client.release();
    };
    let opened: pg.QueryResult[];
    try {
      opened = (await client.query(
        `${BEGIN_PROJECTION}
         SELECT bool_and(pg_try_advisory_xact_lock(hashtext(key))) AS locked
           FROM unnest(${list(projections.map(projectionLockKey))}) AS key;
         SELECT * FROM projector.checkpoints WHERE projection = ANY (${list(projections.map((p) => p.name))});`,
      )) as unknown as pg.QueryResult[];
    } catch (error) {
      await giveBack();
      throw error;
    }
    if (opened[2]!.rows[0]?.locked !== true) {
      await giveBack();
      return undefined;
    }
    const stored = new Map(checkpointsOf(opened[3]!.rows).map((c) => [c.projection, c.position]));
    return new SharedProjectionTransaction(client, stored);
  }

  /** The checkpoint stored for a projection when the locks were taken (START when none). */
  storedFor(projection: Projection): LogPosition {
    return this.stored.get(projection.name) ?? START;
  }

  /** The database as every read model's `apply` sees it in this batch. */
  readonly db: Queryable = {
    query: ((...args: unknown[]) =>
      (this.client.query as (...a: unknown[]) => unknown).apply(this.client, args)) as Queryable['query'],
  };

  /** Moves the checkpoints and commits. */
  async commit(moved: CheckpointMove[]): Promise<void> {
    await this.client.query(
      `${advanceCheckpointsSql(moved, (text) => this.client.escapeLiteral(text))} COMMIT;`,
    );
  }

  /** Rolls back unless committed, and gives the connection back. */
  async close(committed: boolean): Promise<void> {
    if (!committed) await this.client.query('ROLLBACK').catch(() => undefined);
    this.client.release();
  }
}
