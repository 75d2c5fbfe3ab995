import type pg from 'pg';
import type { RecordedEvent } from '@appointment/contracts/events';

/** What a projection asks of the database: statements, to its batch's transaction or the pool. */
export type Queryable = Pick<pg.ClientBase, 'query'>;

export interface ApplyContext {
  /** The batch's own transaction, which also moves the projection's checkpoint. */
  db: Queryable;
  /**
   * Reads of other projections' committed rows, outside the batch's transaction: a reactor that
   * only reads the read models (which rows to notify, which providers have an app on) then
   * opens no transaction of its own. `db` where not given (rebuilds, replays).
   */
  read?: Queryable;
  schema: string;
}

/** Where a batch reads the read models it does not write: `read`, else its own transaction. */
export const readerOf = (context: ApplyContext): Queryable => context.read ?? context.db;

/**
 * One read model: its tables, and how each event changes them. `apply` runs inside the
 * transaction that also moves the projection's checkpoint, so it writes only through `db`.
 */
export interface Projection {
  /** Lower-case identifier; the live tables sit in the schema `rm_<name>`. */
  name: string;
  /**
   * A reactor turns events into side effects (mail, notifications, jobs) rather than rows to
   * read: read-your-writes waits do not wait for it, and it is never rebuilt.
   */
  reactor?: boolean;
  /** Bumped when the tables or the event handling change; a mismatch triggers a rebuild. */
  version: number;
  /** DDL creating the tables inside `schema` (already created, empty). */
  createTables(schema: string): string;
  apply(event: RecordedEvent, context: ApplyContext): Promise<void>;
  /**
   * Applies a batch in order, as `apply` would one by one, in fewer statements. The runner and
   * rebuilds use it when it is there.
   */
  applyBatch?(events: RecordedEvent[], context: ApplyContext): Promise<void>;
}

/**
 * A reactor without tables that handles a whole batch at once (a query and a call per batch, not
 * per event); one event is a batch of one.
 */
export const batchReactor = (
  name: string,
  applyBatch: NonNullable<Projection['applyBatch']>,
): Projection => ({
  name,
  reactor: true,
  version: 1,
  createTables: () => '',
  apply: (event, context) => applyBatch([event], context),
  applyBatch,
});

/** A batch applied: by the projection's `applyBatch`, else event by event. */
export const applyEvents = async (
  projection: Projection,
  events: RecordedEvent[],
  context: ApplyContext,
): Promise<void> => {
  if (projection.applyBatch) return projection.applyBatch(events, context);
  for (const event of events) await projection.apply(event, context);
};

/**
 * An `applyBatch` from per-type handlers: each run of consecutive events of a type that has a
 * run handler goes to it in one call, every other event to `apply`. Events the projection
 * does not handle at all are left out first, so they do not break a run.
 */
export const inRuns =
  (
    handles: Readonly<Record<string, unknown>>,
    runs: Readonly<Record<string, (events: RecordedEvent[], context: ApplyContext) => Promise<void>>>,
    apply: Projection['apply'],
  ): NonNullable<Projection['applyBatch']> =>
  async (events, context) => {
    const relevant = events.filter((event) => Object.hasOwn(handles, event.type));
    for (let start = 0; start < relevant.length;) {
      const { type } = relevant[start]!;
      const run = Object.hasOwn(runs, type) ? runs[type] : undefined;
      if (!run) {
        await apply(relevant[start]!, context);
        start++;
        continue;
      }
      let end = start + 1;
      while (end < relevant.length && relevant[end]!.type === type) end++;
      await run(relevant.slice(start, end), context);
      start = end;
    }
  };

export const liveSchema = (projection: Pick<Projection, 'name'>): string => `rm_${projection.name}`;
export const shadowSchema = (projection: Pick<Projection, 'name'>): string => `rm_${projection.name}__shadow`;

/** The lock a batch or a swap holds for one projection: two writers never interleave. */
export const projectionLockKey = (projection: Pick<Projection, 'name'>): string =>
  `projection:${projection.name}`;

/**
 * A statement a read model runs for nearly every batch, as a named (prepared) statement:
 * PostgreSQL parses and plans it once per connection instead of once per batch (at a steady 100
 * bookings/s planning the projector's statements cost more than half as much again as running
 * them; docs/performance.md). Only for writes whose rows come in one JSON or array parameter,
 * whose plan cannot depend on the values: after five runs PostgreSQL may keep a generic plan,
 * and a read's generic plan can be blind to its values (D50). The name carries the schema, so a
 * rebuild's shadow schema has statements of its own.
 */
export const batchStatement = (
  schema: string,
  label: string,
  text: string,
  values: unknown[],
): pg.QueryConfig => ({ name: `${schema}.${label}`, text, values });
